// Fixed-window counters in the database (rate_limits), so limits hold across restarts and on PostgreSQL across servers.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { CLIENT_ADDRESS_HEADER } from '../constants';
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
  // a per-address limit (key '...:ip:...') may be scaled by configuration: every e2e visitor shares one loopback address
  const limit = key.includes(':ip:') ? { ...rule, max: rule.max * (env().PER_ADDRESS_LIMIT_SCALE ?? 1) } : rule;
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, window_start: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.window_start} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${rateLimits.window_start} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.window_start} end`,
      },
    })
    .returning({ count: rateLimits.count, window_start: rateLimits.window_start });
  const resetAt = new Date(row.window_start).getTime() + limit.windowMs;
  return {
    allowed: row.count <= limit.max,
    remaining: Math.max(0, limit.max - row.count),
    retryAfterS: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

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

