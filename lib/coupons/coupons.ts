// spec 7 POST coupon: a sponsor's code adds a match to a gift, a fixed amount or a share of it, within its
// dates and uses. The donor's gift counts once: the match is a second line on the fundraiser's account (kind coupon)
// that moves its total but never its supporters, written once per order when the gift settles.
// Never for a gift from the fundraiser's own people, within caps per donor and per fundraiser, and within the
// sponsor's budget, all counted under the coupon's row lock as the gift settles (so no race spends more).
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { couponRedemptions, coupons, fundraisers, orders, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { isFundraisersOwnPerson } from '../permissions/can';
import { fundraiserAccount, type LedgerLine } from '../payments/ledger';

export const COUPON_MESSAGES = {
  unknown: 'This coupon code is not valid',
  notYet: 'This coupon is not active yet',
  expired: 'This coupon has expired',
  switchedOff: 'This coupon is no longer active',
  usedUp: 'This coupon has been fully used',
  currency: 'This coupon is for gifts in {currency}',
  ownFundraiser: "Sponsor coupons are for supporters: they do not match gifts to a fundraiser you run, manage or started",
  perDonor: 'You have already used this coupon as many times as it allows',
  perFundraiser: 'This coupon has already matched as many gifts to this fundraiser as it allows',
} as const;

type Coupon = typeof coupons.$inferSelect;

/** Who gives, as far as we know them: the gift's fundraiser, the signed-in account, the account of the email typed. */
export interface CouponDonor {
  fundraiserId: number | null;
  userIds: readonly (number | null | undefined)[];
  email: string | null | undefined;
}

/** Codes are typed by people: case and surrounding spaces do not matter. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();
const normaliseEmail = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

const refuse = (message: string) => new ApiError('validation_failed', message, { coupon_code: message });

/** What is left of the sponsor's budget (null: no budget). */
const budgetLeft = (c: Coupon) => (c.budget_minor === null ? null : Math.max(0, c.budget_minor - c.spent_minor));

/** Why this coupon cannot match a gift now, or null when it can. */
function couponProblem(c: Coupon, currency: string, now: Date): string | null {
  // switched off by operations: whatever its dates say
  if (!c.is_active) return COUPON_MESSAGES.switchedOff;
  if (c.valid_from && c.valid_from > now) return COUPON_MESSAGES.notYet;
  if (c.valid_until && c.valid_until <= now) return COUPON_MESSAGES.expired;
  if (c.max_uses !== null && c.uses >= c.max_uses) return COUPON_MESSAGES.usedUp;
  if (budgetLeft(c) === 0) return COUPON_MESSAGES.usedUp;
  if (c.currency !== currency) return COUPON_MESSAGES.currency.replace('{currency}', c.currency);
  return null;
}

/** Why this donor may not have this coupon's match on this fundraiser, or null when they may. */
async function donorProblem(db: DbOrTx, c: Coupon, donor: CouponDonor): Promise<string | null> {
  const email = normaliseEmail(donor.email);
  const ids = donor.userIds.filter((id): id is number => typeof id === 'number');
  if (donor.fundraiserId !== null && (await isFundraisersOwnPerson(db, donor.fundraiserId, { userIds: ids, email }))) return COUPON_MESSAGES.ownFundraiser;
  if (c.max_uses_per_fundraiser === null && c.max_uses_per_donor === null) return null;
  const byDonorParts = [
    ...(email ? [sql`${couponRedemptions.donor_email} = ${email}`, sql`${couponRedemptions.donor_user_id} = (select ${users.id} from ${users} where lower(${users.email}) = ${email} limit 1)`] : []),
    ...ids.map((id) => sql`${couponRedemptions.donor_user_id} = ${id}`),
  ];
  const byDonor = byDonorParts.length ? sql.join(byDonorParts, sql` or `) : sql`false`;
  const byFundraiser = donor.fundraiserId !== null ? sql`${couponRedemptions.fundraiser_id} = ${donor.fundraiserId}` : sql`false`;
  // both aggregates: one row, whether or not there are redemptions yet
  const [n] = await db
    .select({
      fundraiser: sql<number>`count(*) filter (where ${byFundraiser})`.mapWith(Number),
      donor: sql<number>`count(*) filter (where ${byDonor})`.mapWith(Number),
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.coupon_code, c.code));
  if (c.max_uses_per_fundraiser !== null && donor.fundraiserId !== null && n.fundraiser >= c.max_uses_per_fundraiser) return COUPON_MESSAGES.perFundraiser;
  if (c.max_uses_per_donor !== null && n.donor >= c.max_uses_per_donor) return COUPON_MESSAGES.perDonor;
  return null;
}

/** The sponsor's match for a gift of donatedMinor: the fixed amount (never above the gift), or the share up to its cap. */
export function matchFor(c: Pick<Coupon, 'amount_minor' | 'share_percent' | 'max_match_minor'>, donatedMinor: number): number {
  if (c.amount_minor !== null) return Math.min(c.amount_minor, donatedMinor);
  const share = Math.floor((donatedMinor * (c.share_percent ?? 0)) / 100);
  return c.max_match_minor !== null ? Math.min(share, c.max_match_minor) : share;
}

/** The match, within what is left of the sponsor's budget: the last gift of a budget gets what remains. */
const matchWithinBudget = (c: Coupon, donatedMinor: number) => {
  const left = budgetLeft(c);
  const match = matchFor(c, donatedMinor);
  return left === null ? match : Math.min(match, left);
};

/**
 * spec 7 POST coupon: what this code adds to a gift of this amount, or a clear refusal (also for this donor on this
 * fundraiser, when the caller knows them: the quote and the cart). Nothing is reserved.
 */
export async function quoteCoupon(db: DbOrTx, code: string, gift: { currency: string; donatedMinor: number }, donor: CouponDonor = { fundraiserId: null, userIds: [], email: null }, now = new Date()) {
  const [c] = await db.select().from(coupons).where(eq(coupons.code, normaliseCouponCode(code)));
  if (!c) throw refuse(COUPON_MESSAGES.unknown);
  const problem = couponProblem(c, gift.currency, now) ?? (await donorProblem(db, c, donor));
  if (problem) throw refuse(problem);
  return { code: c.code, sponsor: c.sponsor, currency: c.currency, match_minor: matchWithinBudget(c, gift.donatedMinor), uses_left: c.max_uses === null ? null : c.max_uses - c.uses };
}

/**
 * As a gift settles: its cart's coupon adds the sponsor's match, once per order (the redemption's unique order), within
 * the coupon's uses, caps and budget, all read and written under its row lock in the settling transaction. A coupon
 * used up or expired since the cart was made, or a donor who is the fundraiser's own, leaves the gift standing without
 * the match, as a reward taken first does.
 */
export async function claimCouponMatch(
  tx: Tx,
  order: typeof orders.$inferSelect,
  cart: { coupon_code: string | null; email: string | null; user_id: number | null } | null,
  emailAccountId: number | null,
): Promise<LedgerLine[]> {
  const couponCode = cart?.coupon_code ?? null;
  if (!order.cart_id || !order.fundraiser_id || order.kind !== 'one_time' || !couponCode) return [];
  const [c] = await tx.select().from(coupons).where(eq(coupons.code, couponCode)).for('update');
  if (!c || couponProblem(c, order.iso_currency, new Date())) return [];
  const donorUserId = cart?.user_id ?? emailAccountId ?? order.user_id ?? null;
  if (await donorProblem(tx, c, { fundraiserId: order.fundraiser_id, userIds: [cart?.user_id, emailAccountId, order.user_id], email: cart?.email })) return [];
  const match = matchWithinBudget(c, order.donated_amount_minor);
  if (match <= 0) return [];
  const claimed = await tx
    .insert(couponRedemptions)
    .values({ coupon_code: c.code, order_id: order.id, amount_minor: match, currency: order.iso_currency, fundraiser_id: order.fundraiser_id, donor_user_id: donorUserId, donor_email: normaliseEmail(cart?.email) })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (!claimed.length) return [];
  await tx.update(coupons).set({ uses: sql`${coupons.uses} + 1`, spent_minor: sql`${coupons.spent_minor} + ${match}` }).where(eq(coupons.code, c.code));
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
