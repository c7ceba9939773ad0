// spec 7 GET system event via core api: how many system events of each name are about one entity (a fundraiser's
// visits and share clicks, say). Counts only: no row, visitor, device, referrer or utm value ever leaves. Cached in
// memory for a few seconds, as busy story pages ask the same question many times a second.
import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { systemEvents } from '../db/schema';
import type { SystemEventCountsQuery } from '../validation/account-utilities';
import { SYSTEM_EVENT_COUNTS_CACHE_MAX, SYSTEM_EVENT_COUNTS_CACHE_MS } from '../constants/story';
import { keptInMemory } from '../cache/memory';

export interface SystemEventCounts {
  entity_id: string;
  event_type: string | null;
  /** event_name -> how many; every name asked for is present (0 when none happened) */
  counts: Record<string, number>;
  total: number;
}

const cache = new Map<string, { at: number; value: SystemEventCounts }>();

export function clearSystemEventCountsCache(): void {
  cache.clear();
}
keptInMemory('fundraisers', clearSystemEventCountsCache);

/**
 * An event is about the entity when its entity_id names it, or when it names it as its event_type_id (the product's
 * own visit and share events: event_type 'fundraiser', event_type_id the fundraiser's id); event_type narrows both.
 */
function aboutEntity(q: SystemEventCountsQuery): SQL | undefined {
  const named = or(eq(systemEvents.entity_id, q.entity_id), eq(systemEvents.event_type_id, q.entity_id));
  return q.event_type ? and(eq(systemEvents.event_type, q.event_type), named) : named;
}

export async function systemEventCounts(db: DbOrTx, q: SystemEventCountsQuery, now = Date.now()): Promise<SystemEventCounts> {
  const key = JSON.stringify([q.entity_id, q.event_type ?? null, q.event_name ?? null]);
  const hit = cache.get(key);
  if (hit && now - hit.at < SYSTEM_EVENT_COUNTS_CACHE_MS) return hit.value;
  const rows = await db
    .select({ event_name: systemEvents.event_name, n: count() })
    .from(systemEvents)
    .where(and(aboutEntity(q), q.event_name?.length ? inArray(systemEvents.event_name, q.event_name) : undefined))
    .groupBy(systemEvents.event_name)
    .orderBy(systemEvents.event_name);
  const counts: Record<string, number> = Object.fromEntries((q.event_name ?? []).map((name) => [name, 0]));
  for (const r of rows) counts[r.event_name] = Number(r.n);
  const value: SystemEventCounts = { entity_id: q.entity_id, event_type: q.event_type ?? null, counts, total: rows.reduce((n, r) => n + Number(r.n), 0) };
  if (cache.size >= SYSTEM_EVENT_COUNTS_CACHE_MAX) cache.clear();
  cache.set(key, { at: now, value });
  return value;
}
