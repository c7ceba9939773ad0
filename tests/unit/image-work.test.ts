// The image work queue's rules (lib/media/image-work.ts), and the thread pool sized to match before the
// server starts (server/thread-pool.cjs, plain CommonJS preloaded by npm start).
import sharp from 'sharp';
import { IMAGE_THREAD_POOL_SIZE, IMAGE_WORK_CONCURRENCY, IMAGE_WORK_MESSAGES, ImageWorkQueue } from '@/lib/media/image-work';
import { ApiError } from '@/lib/http/errors';
import { IMAGE_WORK_ASSUMED_MS, IMAGE_WORK_SPARE_CORES, THREAD_POOL_OTHER_WORK } from '@/lib/constants/media';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the preload is CommonJS on purpose
const threadPool = require('../../server/thread-pool.cjs') as { IMAGE_WORK_SPARE_CORES: number; THREAD_POOL_OTHER_WORK: number; threadPoolSize: () => number };

/** Work that runs until told to finish. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the thread pool and libvips match the image workers', () => {
  it('the preload sizes the pool by the same numbers as lib/constants/media.ts', () => {
    expect([threadPool.IMAGE_WORK_SPARE_CORES, threadPool.THREAD_POOL_OTHER_WORK]).toEqual([IMAGE_WORK_SPARE_CORES, THREAD_POOL_OTHER_WORK]);
    expect(threadPool.threadPoolSize()).toBe(IMAGE_THREAD_POOL_SIZE);
    expect(IMAGE_THREAD_POOL_SIZE).toBe(IMAGE_WORK_CONCURRENCY + THREAD_POOL_OTHER_WORK);
    expect(IMAGE_WORK_CONCURRENCY).toBeGreaterThanOrEqual(1);
  });

  it('libvips runs one thread per picture', () => {
    expect(sharp.concurrency()).toBe(1);
  });
});

describe('the image work queue', () => {
  const limits = { concurrency: 2, pixels: 100, uploads: 3, perAccount: 2 };

  it('runs at most its concurrency at once, the rest in order as workers free up', async () => {
    const queue = new ImageWorkQueue(limits);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) => queue.run(async () => (started.push(i), g.done), { account: `a${i}`, pixels: 10 }));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.load()).toEqual({ running: 2, waiting: 1, uploads: 3, pixels: 30, busiestAccount: 1 });
    gates[1].open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0].open();
    gates[2].open();
    await Promise.all(runs);
    expect(queue.load()).toEqual({ running: 0, waiting: 0, uploads: 0, pixels: 0, busiestAccount: 0 });
  });

  it('refuses uploads past the budget in pixels or in number, and past an account\'s share, with a Retry-After', async () => {
    const queue = new ImageWorkQueue(limits);
    const g = gate();
    const held = [queue.run(() => g.done, { account: 'a', pixels: 60 }), queue.run(() => g.done, { account: 'a', pixels: 10 })];
    const refusal = (pixels: number, account: string) => queue.run(async () => 'ran', { account, pixels }).catch((e: ApiError) => e);
    const tooBig = (await refusal(40, 'b')) as ApiError;
    expect([tooBig.status, tooBig.code, tooBig.message]).toEqual([429, 'rate_limited', IMAGE_WORK_MESSAGES.busy]);
    // nothing timed yet: the assumed time of the two uploads in the queue, over two workers
    expect(tooBig.retryAfterS).toBe(Math.ceil(IMAGE_WORK_ASSUMED_MS / 1000));
    const third = (await refusal(10, 'a')) as ApiError;
    expect([third.status, third.message]).toEqual([429, IMAGE_WORK_MESSAGES.yours]);
    // within the budget, another account is taken
    const fits = queue.run(async () => 'ran', { account: 'b', pixels: 30 });
    const overCount = (await refusal(0, 'c')) as ApiError;
    expect(overCount.message).toBe(IMAGE_WORK_MESSAGES.busy);
    g.open();
    await Promise.all([...held, fits]);
    // one upload alone is always taken, whatever its size
    await expect(queue.run(async () => 'ran', { account: 'c', pixels: 1_000 })).resolves.toBe('ran');
  });

  it('the server\'s own drawings are never refused and start before waiting uploads', async () => {
    const queue = new ImageWorkQueue({ ...limits, concurrency: 1 });
    const g = gate();
    const order: string[] = [];
    const running = queue.run(async () => (order.push('upload 1'), g.done), { account: 'a', pixels: 50 });
    const waiting = queue.run(async () => void order.push('upload 2'), { account: 'b', pixels: 50 });
    const drawing = queue.run(async () => void order.push('drawing'));
    g.open();
    await Promise.all([running, waiting, drawing]);
    expect(order).toEqual(['upload 1', 'drawing', 'upload 2']);
  });
});
