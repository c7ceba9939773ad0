// Sahyog credit: prizes (spec 9 amounts) add to a user's balance per currency; spec 7 POST redeem amount gives
// it to a fundraiser. The debit and the gift's settling are one transaction, under a lock on the user's row, so a balance
// is never spent twice and a gift is never credited without its debit.
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { carts, orders, users, walletEntries } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { formatMoney, toMinor } from '../money';
import { donatableFundraiser, newOrderId } from '../donations/service';
import { applyGatewayEventIn, countSettlement } from './events';
import { afterSettle } from './results';
import { PRIZE_AMOUNT_MAJOR, WALLET_GATEWAY } from '../constants/payments';

export const WALLET_MESSAGES = {
  noPrize: 'There is no prize in this currency',
  overBalance: 'This is more than your Sahyog credit ({balance})',
  noCredit: 'You have no Sahyog credit in this currency',
} as const;

// the balance is the sum of a user's entries (prizes and refunds in, gifts out)
const balanceSum = () => sql<number>`coalesce(sum(${walletEntries.amount_minor}), 0)`.mapWith(Number);

/** What a user may still give from their credit in this currency, in minor units. */
export async function walletBalance(db: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await db
    .select({ balance: balanceSum() })
    .from(walletEntries)
    .where(and(eq(walletEntries.user_id, userId), eq(walletEntries.currency, currency)));
  return row.balance;
}

/** Every currency this user has credit left in, rupees first (the portfolio shows them). */
export async function walletBalances(db: DbOrTx, userId: number): Promise<{ currency: string; balance_minor: number }[]> {
  const rows = await db.select({ currency: walletEntries.currency, balance_minor: balanceSum() }).from(walletEntries).where(eq(walletEntries.user_id, userId)).groupBy(walletEntries.currency);
  return rows.filter((r) => r.balance_minor > 0).sort((a, b) => Number(b.currency === 'INR') - Number(a.currency === 'INR') || a.currency.localeCompare(b.currency));
}

/** A prize of spec 9's amount, once per user and reference (a contest, a draw): a second grant for the same one changes nothing. */
export async function grantPrize(db: DbOrTx, userId: number, currency: string, ref: string): Promise<boolean> {
  const amount = PRIZE_AMOUNT_MAJOR[currency];
  if (!amount) throw new ApiError('validation_failed', WALLET_MESSAGES.noPrize, { currency: WALLET_MESSAGES.noPrize });
  const added = await db.insert(walletEntries).values({ user_id: userId, currency, amount_minor: toMinor(amount), reason: 'prize', ref: `${userId}:${currency}:${ref}` }).onConflictDoNothing().returning({ id: walletEntries.id });
  return added.length > 0;
}

/**
 * spec 7 POST redeem amount: a gift to a fundraiser paid from the user's credit, never above the balance. The gift takes
 * the one settle path (ledger, totals, receipt) as the debit's event, inside the debit's transaction.
 */
export async function redeemCredit(db: Db, user: { id: number }, fundraiserId: number, input: { amount: number; currency: string; is_anonymous?: boolean }, ctx: { pinVerified: boolean; origin: string; locale: string }) {
  const f = await donatableFundraiser(db, fundraiserId, ctx.pinVerified);
  const amountMinor = toMinor(input.amount);
  const r = await currentRatesMicros(db);
  const orderId = newOrderId();
  const outcome = await db.transaction(async (tx) => {
    // one wallet operation per user at a time: two redeems of the same balance queue here
    const [u] = await tx.select({ id: users.id, name: users.full_name, email: users.email, phone: users.phone_1 }).from(users).where(eq(users.id, user.id)).for('update');
    const balance = await walletBalance(tx, u.id, input.currency);
    if (balance <= 0) throw conflict(WALLET_MESSAGES.noCredit);
    if (amountMinor > balance) {
      const message = WALLET_MESSAGES.overBalance.replace('{balance}', formatMoney(balance, input.currency, 'en', { exact: true }));
      throw new ApiError('validation_failed', message, { amount: message });
    }
    const [cart] = await tx
      .insert(carts)
      .values({
        fundraiser_id: f.id,
        user_id: u.id,
        currency: input.currency,
        donated_amount_minor: amountMinor,
        donated_amount_inr_minor: convertMinor(amountMinor, r[input.currency as keyof typeof r], r.INR),
        donor_name: u.name,
        donor_email: u.email,
        donor_phone: u.phone,
        is_anonymous: input.is_anonymous ?? false,
        is_indian: input.currency === 'INR',
        locale: ctx.locale,
      })
      .returning();
    await tx.insert(orders).values({
      order_id: orderId,
      cart_id: cart.id,
      fundraiser_id: f.id,
      user_id: u.id,
      payment_mode: 'WALLET',
      payment_gateway: WALLET_GATEWAY,
      gateway_order_id: orderId,
      iso_currency: input.currency,
      donated_amount_minor: amountMinor,
      credited_amount_minor: convertMinor(amountMinor, r[input.currency as keyof typeof r], r[f.currency as keyof typeof r]),
      // spec 3 origin rfd: given from credit the platform holds for the donor
      origin: 'rfd',
      params: { site_origin: ctx.origin, locale: ctx.locale },
    });
    await tx.insert(walletEntries).values({ user_id: u.id, currency: input.currency, amount_minor: -amountMinor, reason: 'redeem', ref: orderId });
    return applyGatewayEventIn(
      tx,
      WALLET_GATEWAY,
      { kind: 'charge', eventId: `wallet:${orderId}`, type: 'wallet.debit', gatewayOrderId: orderId, gatewayPaymentId: `wallet_${orderId}`, status: 'success', amountMinor, currency: input.currency, payload: { balance_before: balance } },
      'request',
    );
  });
  // a gift from credit is a donation like any other on /metrics
  countSettlement(outcome);
  await afterSettle(db, outcome);
  const [order] = await db.select().from(orders).where(eq(orders.order_id, orderId));
  return { order, balance: await walletBalance(db, user.id, input.currency) };
}
