// Fixed-window counters in the database (rate_limits), so limits hold across restarts and on PostgreSQL across servers.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { CLIENT_ADDRESS_HEADER } from '../constants/server';
import { env } from '../env';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterS: number;
}

/** Counts one attempt under `key` and says whether it is within the limit (one atomic upsert). */
export async function hitRateLimit(db: DbOrTx, key: string, rule: RateLimit, now = new Date()): Promise<RateLimitResult> {
  return hitRateLimits(db, [{ key, rule }], now);
}

/**
 * Counts one attempt under every key at once (one atomic upsert, not one per key)
 * and says whether all of them are within their limits; a refusal waits for the latest window that refused.
 */
export async function hitRateLimits(db: DbOrTx, hits: { key: string; rule: RateLimit }[], now = new Date()): Promise<RateLimitResult> {
  // rows locked in key order, so two requests counting the same keys never wait on each other's second row
  const limits = [...new Map(hits.map((h) => [h.key, limitFor(h.key, h.rule)])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // each key's window ends at its own length: the threshold is chosen by key in the one statement
  const restarts = sql.join(
    limits.map(([key, l]) => sql`when ${key} then ${new Date(now.getTime() - l.windowMs).toISOString()}::timestamptz`),
    sql` `,
  );
  const expired = sql`${rateLimits.window_start} <= (case ${rateLimits.key} ${restarts} end)`;
  const rows = await db
    .insert(rateLimits)
    .values(limits.map(([key]) => ({ key, window_start: now, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.window_start} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, window_start: rateLimits.window_start });
  const ruleOf = new Map(limits);
  const results = rows.map((row) => {
    const limit = ruleOf.get(row.key)!;
    const resetAt = new Date(row.window_start).getTime() + limit.windowMs;
    return { allowed: row.count <= limit.max, remaining: Math.max(0, limit.max - row.count), retryAfterS: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
  });
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    remaining: Math.min(...results.map((r) => r.remaining)),
    retryAfterS: Math.max(...(refused.length ? refused : results).map((r) => r.retryAfterS)),
  };
}

// a per-address limit (key '...:ip:...') may be scaled by configuration: every e2e visitor shares one loopback address
const limitFor = (key: string, rule: RateLimit): RateLimit => (key.includes(':ip:') ? { ...rule, max: rule.max * (env().PER_ADDRESS_LIMIT_SCALE ?? 1) } : rule);

/** Whether `key` has used up its limit in the current window, without counting an attempt. */
export async function isRateLimited(db: DbOrTx, key: string, limit: RateLimit, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ count: rateLimits.count, window_start: rateLimits.window_start }).from(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  return Boolean(row && new Date(row.window_start).getTime() > now.getTime() - limit.windowMs && row.count >= limit.max);
}

/** Forgets the attempts under `key` (a right PIN clears the wrong ones before it). */
export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/**
 * The client address our server worked out from the socket and TRUST_PROXY (lib/http/client-address.ts);
 * never a header the client controls. 'unknown' (no server in front: scripts, tests) keeps a shared bucket.
 */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
}

