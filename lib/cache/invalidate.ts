// The one place lib/ reaches into Next's cache: writers (donations, updates, comments) expire the
// pages that show what they changed. Outside a Next server (scripts, tests) there is no cache to clear;
// our server (server/) runs handlers and jobs outside Next's request context and hands their tags to Next
// through the expiry it runs them with (withExpiryOutsideNext).
import { AsyncLocalStorage } from 'node:async_hooks';
import { CACHE_TAGS, EVERY_PAGE_TAG } from './tags';
import type { DbOrTx } from '../db/client';
import { announceFundraisersChanged } from './bus';
import { forgetKeptInMemory } from './memory';

export type TagExpiry = (tags: string[]) => Promise<void>;
// one store per process, whichever copy of this module (Next's bundles, our server's) runs the writer
const STORE_KEY = Symbol.for('sahyog.cache.outside-next');
type WithStore = typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<TagExpiry> };
const outsideNext = ((globalThis as WithStore)[STORE_KEY] ??= new AsyncLocalStorage<TagExpiry>());

/** What our server keeps in front of Next for a few seconds (server/micro-cache.ts): untagged, so every expiry empties it. */
export interface FrontCache {
  clear(): void;
}
// one per process, whichever copy of this module (Next's bundles, our server's) expires
const FRONT_KEY = Symbol.for('sahyog.micro-cache');
type WithFront = typeof globalThis & { [FRONT_KEY]?: FrontCache };

/** Registers the server's front cache, emptied by every expiry from then on. */
export function installFrontCache<T extends FrontCache>(cache: T): T {
  (globalThis as WithFront)[FRONT_KEY] = cache;
  return cache;
}

/** The process's front cache, when our server runs one (not under `next start`, jest or scripts). */
export const frontCache = (): FrontCache | undefined => (globalThis as WithFront)[FRONT_KEY];

/** Runs a route handler or a job outside Next (our server's fast lane and background work): the tags its writers expire go to Next through `expiry`. */
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
  frontCache()?.clear();
}

// what modules keep in memory goes first: the pages rendered again next read through it
export function invalidateFundraiser(id: number): Promise<void> {
  forgetKeptInMemory(['fundraisers']);
  return expireTags([CACHE_TAGS.fundraiser(id), CACHE_TAGS.fundraiserLists]);
}

export function invalidateBrands(): Promise<void> {
  forgetKeptInMemory(['brands']);
  return expireTags([CACHE_TAGS.brands]);
}

/** Exchange rates changed: no page keeps them, only the read every cart and order shares. */
export function invalidateRates(): void {
  forgetKeptInMemory(['rates']);
}

/** Everything this process caches: every page and cached read of Next, the micro-cache, the modules' memory (after the bus was lost a while). */
export function expireEverything(): Promise<void> {
  forgetKeptInMemory();
  return expireTags([EVERY_PAGE_TAG, CACHE_TAGS.fundraiserLists, CACHE_TAGS.brands]);
}

/** After a committed change outside settlement: expire here at once (the writer looks next) and on every other instance. */
export async function fundraiserChanged(db: DbOrTx, id: number): Promise<void> {
  await invalidateFundraiser(id);
  await announceFundraisersChanged(db, [id]);
}
