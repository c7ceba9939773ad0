// The one place lib/ reaches into Next's cache: writers (donations, updates, comments) expire the
// pages that show what they changed. Outside a Next server (scripts, tests) there is no cache to clear.
import { CACHE_TAGS } from './tags';
import { processMicroCache } from '../http/micro-cache';
import type { DbOrTx } from '../db/client';
import { announceFundraisersChanged } from './bus';

async function expire(tags: string[]): Promise<void> {
  try {
    const { revalidateTag } = await import('next/cache');
    // expire at once: a donor who just gave must see the new total, not a stale page
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    // not inside a Next request (jest, scripts): nothing is cached
  }
  // pages held for a few seconds in front of Next go too (they carry no tags: clear them all)
  processMicroCache()?.clear();
}

export function invalidateFundraiser(id: number): Promise<void> {
  return expire([CACHE_TAGS.fundraiser(id), CACHE_TAGS.fundraiserLists]);
}

export function invalidateBrands(): Promise<void> {
  return expire([CACHE_TAGS.brands]);
}

/** After a committed change outside settlement: expire here at once (the writer looks next) and on every other instance. */
export async function fundraiserChanged(db: DbOrTx, id: number): Promise<void> {
  await invalidateFundraiser(id);
  await announceFundraisersChanged(db, [id]);
}
