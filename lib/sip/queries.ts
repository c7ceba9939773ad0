// What the signed-in user's SIPs are, read for spec 7's subscriptions/count and subscriptions/latest and for the
// middleware's sip_state hint.
import 'server-only';
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { subscriptions } from '../db/schema';
import { isHttps, setCookieHeader } from '../http/cookies';
import { AUTH_COOKIE_DAYS, SIP_HINT_COOKIE } from '../constants/auth';
import { ACTIVE_SIP_STATUS_FLAGS } from '../constants/sip';
import { DAY_MS } from '../constants/time';
import { sipState } from '../auth/destination';
import { subscriptionOf, type SubscriptionItem } from '../portfolio/queries';

/** spec 7 GET subscriptions/count: the user's SIPs that count as active (spec 4: 1, 2, 4, 5), all of them, and by status_flag. */
export async function sipCountsOf(db: DbOrTx, userId: number): Promise<{ count: number; total: number; by_status: Record<string, number> }> {
  const rows = await db.select({ f: subscriptions.status_flag, n: count() }).from(subscriptions).where(eq(subscriptions.user_id, userId)).groupBy(subscriptions.status_flag);
  const by_status = Object.fromEntries(rows.map((r) => [String(r.f), r.n]));
  const active = rows.filter((r) => (ACTIVE_SIP_STATUS_FLAGS as readonly number[]).includes(r.f)).reduce((n, r) => n + r.n, 0);
  return { count: active, total: rows.reduce((n, r) => n + r.n, 0), by_status };
}

/** spec 7 GET subscriptions/latest: the user's newest SIP, whatever its status (its status_flag says), or null. */
export async function latestSipOf(db: DbOrTx, userId: number): Promise<SubscriptionItem | null> {
  const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.user_id, userId)).orderBy(desc(subscriptions.created_at), desc(subscriptions.id)).limit(1);
  return row ? subscriptionOf(db, userId, row.id) : null;
}

/** The sip_state cookie after a status change, so the SIP guard (no database at the edge) sees the new state. */
export async function sipHintCookie(db: DbOrTx, userId: number, request: Request): Promise<string> {
  const flags = (await db.select({ f: subscriptions.status_flag }).from(subscriptions).where(eq(subscriptions.user_id, userId))).map((r) => r.f);
  return setCookieHeader(SIP_HINT_COOKIE, sipState(flags), { maxAgeS: (AUTH_COOKIE_DAYS * DAY_MS) / 1000, secure: isHttps(request), httpOnly: false });
}
