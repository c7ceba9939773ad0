// The one place lib/ reaches into Next's cache: writers (donations, updates, comments) expire the
// pages that show what they changed. Outside a Next server (scripts, tests) there is no cache to clear;
// our server's fast lane (lib/http/fast-lane.ts) runs handlers outside Next's request context and hands
// their tags to Next through the expiry it runs them with (withExpiryOutsideNext).
import { AsyncLocalStorage } from 'node:async_hooks';
import { CACHE_TAGS } from './tags';
import { processMicroCache } from '../http/micro-cache';
import type { DbOrTx } from '../db/client';
import { announceFundraisersChanged } from './bus';

export type TagExpiry = (tags: string[]) => Promise<void>;
// one store per process, whichever copy of this module (Next's bundles, our server's) runs the writer
const STORE_KEY = Symbol.for('sahyog.cache.outside-next');
type WithStore = typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<TagExpiry> };
const outsideNext = ((globalThis as WithStore)[STORE_KEY] ??= new AsyncLocalStorage<TagExpiry>());

/** Runs a route handler outside Next (our server's fast lane): the tags its writers expire go to Next through `expiry`. */
export function withExpiryOutsideNext<T>(expiry: TagExpiry, fn: () => T): T {
  return outsideNext.run(expiry, fn);
}

/** Expires these tags (and the micro-cache) at once: inside Next, or through the fast lane's expiry. */
export async function expireTags(tags: string[]): Promise<void> {
  const viaNext = outsideNext.getStore();
  if (viaNext) {
    // awaited: the donor looks at the story next
    await viaNext(tags);
  } else {
    try {
      const { revalidateTag } = await import('next/cache');
      // expire at once: a donor who just gave must see the new total, not a stale page
      for (const tag of tags) revalidateTag(tag, { expire: 0 });
    } catch {
      // not inside a Next request (jest, scripts): nothing is cached
    }
  }
  // pages held for a few seconds in front of Next go too (they carry no tags: clear them all)
  processMicroCache()?.clear();
}

export function invalidateFundraiser(id: number): Promise<void> {
  return expireTags([CACHE_TAGS.fundraiser(id), CACHE_TAGS.fundraiserLists]);
}

export function invalidateBrands(): Promise<void> {
  return expireTags([CACHE_TAGS.brands]);
}

/** After a committed change outside settlement: expire here at once (the writer looks next) and on every other instance. */
export async function fundraiserChanged(db: DbOrTx, id: number): Promise<void> {
  await invalidateFundraiser(id);
  await announceFundraisersChanged(db, [id]);
}
