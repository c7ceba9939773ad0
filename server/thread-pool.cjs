// Loaded before anything else of the server (`tsx --require ./server/thread-pool.cjs server/start.ts`: npm start, the
// e2e servers, the benches). libuv reads UV_THREADPOOL_SIZE once, when its thread pool first runs, and under tsx that
// is before the first line of server/start.ts (setting it there left the pool at 4). Image work takes a
// thread per worker (lib/media/image-work.ts), so the pool is that many threads more than libuv's own four, which file
// reads, scrypt, zlib and DNS keep. Plain CommonJS, so it runs before TypeScript can: the two numbers are
// lib/constants/media.ts's IMAGE_WORK_SPARE_CORES and THREAD_POOL_OTHER_WORK, kept in step by tests/unit/image-work.test.ts.
const { availableParallelism } = require('node:os');

const IMAGE_WORK_SPARE_CORES = 1;
const THREAD_POOL_OTHER_WORK = 4;

const threadPoolSize = () => Math.max(1, availableParallelism() - IMAGE_WORK_SPARE_CORES) + THREAD_POOL_OTHER_WORK;

// an operator's own setting stands
if (!process.env.UV_THREADPOOL_SIZE) process.env.UV_THREADPOOL_SIZE = String(threadPoolSize());

module.exports = { IMAGE_WORK_SPARE_CORES, THREAD_POOL_OTHER_WORK, threadPoolSize };
