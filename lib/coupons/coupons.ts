// spec 7 POST coupon (issue 15): a sponsor's code adds a match to a gift, a fixed amount or a share of it, within its
// dates and uses. The donor's gift counts once: the match is a second line on the fundraiser's account (kind coupon)
// that moves its total but never its supporters, written once per order when the gift settles.
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { couponRedemptions, coupons, fundraisers, orders } from '../db/schema';
import { ApiError } from '../http/errors';
import { fundraiserAccount, type LedgerLine } from '../payments/ledger';

export const COUPON_MESSAGES = {
  unknown: 'This coupon code is not valid',
  notYet: 'This coupon is not active yet',
  expired: 'This coupon has expired',
  usedUp: 'This coupon has been fully used',
  currency: 'This coupon is for gifts in {currency}',
} as const;

type Coupon = typeof coupons.$inferSelect;

/** Codes are typed by people: case and surrounding spaces do not matter. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

const refuse = (message: string) => new ApiError('validation_failed', message, { coupon_code: message });

/** Why this coupon cannot match a gift now, or null when it can. */
function couponProblem(c: Coupon, currency: string, now: Date): string | null {
  if (c.valid_from && c.valid_from > now) return COUPON_MESSAGES.notYet;
  if (c.valid_until && c.valid_until <= now) return COUPON_MESSAGES.expired;
  if (c.max_uses !== null && c.uses >= c.max_uses) return COUPON_MESSAGES.usedUp;
  if (c.currency !== currency) return COUPON_MESSAGES.currency.replace('{currency}', c.currency);
  return null;
}

/** The sponsor's match for a gift of donatedMinor: the fixed amount (never above the gift), or the share up to its cap. */
export function matchFor(c: Pick<Coupon, 'amount_minor' | 'share_percent' | 'max_match_minor'>, donatedMinor: number): number {
  if (c.amount_minor !== null) return Math.min(c.amount_minor, donatedMinor);
  const share = Math.floor((donatedMinor * (c.share_percent ?? 0)) / 100);
  return c.max_match_minor !== null ? Math.min(share, c.max_match_minor) : share;
}

/** spec 7 POST coupon: what this code adds to a gift of this amount, or a clear refusal. Nothing is reserved. */
export async function quoteCoupon(db: DbOrTx, code: string, gift: { currency: string; donatedMinor: number }, now = new Date()) {
  const [c] = await db.select().from(coupons).where(eq(coupons.code, normaliseCouponCode(code)));
  if (!c) throw refuse(COUPON_MESSAGES.unknown);
  const problem = couponProblem(c, gift.currency, now);
  if (problem) throw refuse(problem);
  return { code: c.code, sponsor: c.sponsor, currency: c.currency, match_minor: matchFor(c, gift.donatedMinor), uses_left: c.max_uses === null ? null : c.max_uses - c.uses };
}

/**
 * As a gift settles: its cart's coupon adds the sponsor's match, once per order (the redemption's unique order) and
 * within the coupon's uses (its row locked, counted here). A coupon used up or expired since the cart was made leaves
 * the gift standing without the match, as a reward taken first does.
 */
export async function claimCouponMatch(tx: Tx, order: typeof orders.$inferSelect, couponCode: string | null): Promise<LedgerLine[]> {
  if (!order.cart_id || !order.fundraiser_id || order.kind !== 'one_time' || !couponCode) return [];
  const [c] = await tx.select().from(coupons).where(eq(coupons.code, couponCode)).for('update');
  if (!c || couponProblem(c, order.iso_currency, new Date())) return [];
  const match = matchFor(c, order.donated_amount_minor);
  if (match <= 0) return [];
  const claimed = await tx
    .insert(couponRedemptions)
    .values({ coupon_code: c.code, order_id: order.id, amount_minor: match, currency: order.iso_currency })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (!claimed.length) return [];
  await tx.update(coupons).set({ uses: sql`${coupons.uses} + 1` }).where(eq(coupons.code, c.code));
  const [f] = await tx.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, order.fundraiser_id));
  // in the fundraiser's currency at the rate the gift was placed at
  const credited = order.donated_amount_minor > 0 ? Math.round((match * order.credited_amount_minor) / order.donated_amount_minor) : 0;
  return [{ account: fundraiserAccount(order.fundraiser_id), kind: 'coupon', amountMinor: credited, currency: f.currency, fundraiserId: order.fundraiser_id, supporters: 0 }];
}

/** The match an order received, if any (thank-you page, receipts). */
export async function couponMatchOf(db: DbOrTx, orderId: number) {
  const [r] = await db
    .select({ code: couponRedemptions.coupon_code, amount_minor: couponRedemptions.amount_minor, currency: couponRedemptions.currency, sponsor: coupons.sponsor })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.code, couponRedemptions.coupon_code))
    .where(and(eq(couponRedemptions.order_id, orderId)));
  return r ?? null;
}
