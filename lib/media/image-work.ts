// Image work: decoding and resizing one large picture keeps a core busy for a second or more. 24 uploads
// of a 7000x7000 PNG at once took every core, and /api/health waited 9-12 s. Here every piece of image work waits for
// one of IMAGE_WORK_CONCURRENCY workers (every core but IMAGE_WORK_SPARE_CORES), libvips runs one thread per picture,
// and an upload past the budget (pixels and uploads in the queue, per worker) or past its account's share is refused
// at once with 429 and a Retry-After. A few lines rather than a library: p-limit and p-queue give a running count and
// a line, while the budget and the share are this product's rules (and their maintained releases are ESM only).
import 'server-only';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { rateLimited } from '../http/errors';
import {
  IMAGE_WORK_ASSUMED_MS,
  IMAGE_WORK_PIXELS_PER_WORKER,
  IMAGE_WORK_SPARE_CORES,
  IMAGE_WORK_UPLOADS_PER_ACCOUNT,
  IMAGE_WORK_UPLOADS_PER_WORKER,
  THREAD_POOL_OTHER_WORK,
} from '../constants/media';

/** pictures worked on at once: every core but the spare ones, at least one */
export const IMAGE_WORK_CONCURRENCY = Math.max(1, availableParallelism() - IMAGE_WORK_SPARE_CORES);
/** libuv's thread pool as server/thread-pool.cjs sizes it before the server starts: a thread per worker, and libuv's own */
export const IMAGE_THREAD_POOL_SIZE = IMAGE_WORK_CONCURRENCY + THREAD_POOL_OTHER_WORK;

// one libvips thread per picture: IMAGE_WORK_CONCURRENCY pictures at once keep as many cores busy, never all of them
sharp.concurrency(1);

export const IMAGE_WORK_MESSAGES = {
  busy: 'We are processing a lot of pictures right now. Please try again in a few seconds.',
  yours: 'Your other pictures are still being processed. Please try again once they are done.',
} as const;

/** An upload's claim on the budget: whose it is, and how many pixels it decodes to. */
export interface UploadClaim {
  account: string;
  pixels: number;
}

export interface ImageWorkLimits {
  concurrency: number;
  /** pixels of the uploads in the queue (worked on or waiting) */
  pixels: number;
  /** uploads in the queue */
  uploads: number;
  /** one account's uploads in the queue */
  perAccount: number;
}

export class ImageWorkQueue {
  private running = 0;
  // the work waiting for a worker, in the order it will start
  private readonly line: (() => void)[] = [];
  private readonly perAccount = new Map<string, number>();
  private uploads = 0;
  private pixels = 0;
  private uploadsTimed = 0;
  private uploadMsTotal = 0;

  constructor(readonly limits: ImageWorkLimits) {}

  /** What the queue holds now; busiestAccount is the most uploads one account holds. */
  load() {
    return { running: this.running, waiting: this.line.length, uploads: this.uploads, pixels: this.pixels, busiestAccount: Math.max(0, ...this.perAccount.values()) };
  }

  /**
   * Runs `work` once a worker is free. An upload claims its part of the budget first and is refused (429, with a
   * Retry-After) past it or past its account's share; the server's own drawings (no claim) go before waiting uploads.
   */
  async run<T>(work: () => Promise<T>, claim?: UploadClaim): Promise<T> {
    if (claim) this.admit(claim);
    try {
      await this.turn(!claim);
      const started = performance.now();
      try {
        return await work();
      } finally {
        if (claim) {
          this.uploadsTimed += 1;
          this.uploadMsTotal += performance.now() - started;
        }
        this.running -= 1;
        this.line.shift()?.();
      }
    } finally {
      if (claim) this.release(claim);
    }
  }

  private turn(first: boolean): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const start = () => {
        this.running += 1;
        resolve();
      };
      if (first) this.line.unshift(start);
      else this.line.push(start);
    });
  }

  private admit({ account, pixels }: UploadClaim): void {
    const mine = this.perAccount.get(account) ?? 0;
    if (mine >= this.limits.perAccount) throw rateLimited(IMAGE_WORK_MESSAGES.yours, this.retryAfterS());
    // one upload alone is always taken: the budget holds several of the largest pictures we accept
    if (this.uploads > 0 && (this.uploads >= this.limits.uploads || this.pixels + pixels > this.limits.pixels)) throw rateLimited(IMAGE_WORK_MESSAGES.busy, this.retryAfterS());
    this.perAccount.set(account, mine + 1);
    this.uploads += 1;
    this.pixels += pixels;
  }

  private release({ account, pixels }: UploadClaim): void {
    const mine = (this.perAccount.get(account) ?? 1) - 1;
    if (mine > 0) this.perAccount.set(account, mine);
    else this.perAccount.delete(account);
    this.uploads -= 1;
    this.pixels -= pixels;
  }

  /** Seconds until the uploads in the queue are done, at the time an upload has taken here on average. */
  private retryAfterS(): number {
    const averageMs = this.uploadsTimed ? this.uploadMsTotal / this.uploadsTimed : IMAGE_WORK_ASSUMED_MS;
    return Math.max(1, Math.ceil((averageMs * Math.max(1, this.uploads)) / this.limits.concurrency / 1000));
  }
}

// one queue per server process: Next's bundle and the modules our server loads itself each have their own copy of this file
const GLOBAL_KEY = '__sahyogImageWork';
type WithQueue = typeof globalThis & { [GLOBAL_KEY]?: ImageWorkQueue };

/** The server's image work queue. */
export function imageWork(): ImageWorkQueue {
  return ((globalThis as WithQueue)[GLOBAL_KEY] ??= new ImageWorkQueue({
    concurrency: IMAGE_WORK_CONCURRENCY,
    pixels: IMAGE_WORK_CONCURRENCY * IMAGE_WORK_PIXELS_PER_WORKER,
    uploads: IMAGE_WORK_CONCURRENCY * IMAGE_WORK_UPLOADS_PER_WORKER,
    perAccount: IMAGE_WORK_UPLOADS_PER_ACCOUNT,
  }));
}
