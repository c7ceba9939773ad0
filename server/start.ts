// npm start: refuse a data folder another server holds, build when the sources are newer than the last build, then
// our server (server/serve.ts) on PORT (3000), with libuv's thread pool sized by server/thread-pool.cjs, loaded first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readLockHolder } from '../lib/db/lock';

const root = process.cwd();
const SOURCES = ['app', 'components', 'lib', 'messages', 'i18n', 'public', 'middleware.ts', 'instrumentation.ts', 'instrumentation-client.ts', 'next.config.mjs', 'package.json'];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

if (!process.env.DATABASE_URL) {
  const folder = path.resolve(process.env.PGLITE_DIR ?? './data/pglite');
  const holder = readLockHolder(folder);
  if (holder && holder.pid !== process.pid) {
    console.error(
      `Sahyog cannot start: the data folder ${folder} is in use by process ${holder.pid} (${holder.command}). ` +
        'Stop that server first, or set PGLITE_DIR to another folder.',
    );
    process.exit(1);
  }
}

const nextBin = path.join(root, 'node_modules', '.bin', 'next');
if (needsBuild()) {
  console.log('Building the app (first start or changed sources)…');
  const build = spawnSync(nextBin, ['build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// libuv's thread pool is sized before anything runs (server/thread-pool.cjs, which npm start preloads)
if (!process.env.UV_THREADPOOL_SIZE) {
  console.warn('Started without server/thread-pool.cjs: the thread pool keeps libuv\'s 4 threads, which image work shares with file reads and sign-ins. Start with npm start.');
}

const port = Number(process.env.PORT ?? '3000');
Object.assign(process.env, { NODE_ENV: 'production' });
// loaded once NODE_ENV is production, in this process, so the micro-cache and the route handlers that clear it share memory
import('./serve')
  .then(({ serve }) => serve(port))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
