// Sending money back: several refunds may follow one payment, never more in total than it charged. A refund that would
// take a fundraiser's raised total below what it has already paid out is held for finance instead of going to the gateway.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orders, refunds, walletEntries } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { reportError } from '../observability/report';
import { applyGatewayEvent, applyGatewayEventIn, type EventOutcome } from './events';
import { WALLET_GATEWAY } from '../constants/payments';
import { gatewayFor } from './registry';
import { GATEWAY_REFUSED_REASON } from './order-state';
import { orderTotalMinor } from './order-total';
import { refundDebits, shortfallAfterPayout } from './ledger';

export const REFUND_TOO_LARGE = 'The refund is more than what is left of this payment';
export const REFUND_NOT_POSSIBLE = 'This payment cannot be refunded';
export const REFUND_AMOUNT_INVALID = 'Please enter a refund amount above zero';
export const REFUND_NOT_HELD = 'This refund is not waiting for finance';
const REFUND_GATEWAY_DOWN = 'The payment service did not take the refund. Please try again in a minute.';

type RefundRow = typeof refunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface RefundContext {
  reason: string | null;
  origin: string;
  /** the staff member asking (null: the product itself, as the SIP charge run does) */
  requestedBy?: number | null;
  /** runs in the refund's own transaction once its row is written (the desk's audit line) */
  recorded?: (tx: Tx, refund: RefundRow, order: OrderRow) => Promise<void>;
}

/** held: waiting for finance (the outcome then says refund_pending) */
export type RefundRequestOutcome = { refundId: string; held: boolean; outcome: EventOutcome };

/**
 * Asks the order's gateway to send amountMinor back. Our refund row is written (under the order's lock,
 * so two refunds at once cannot together exceed the payment) before the gateway hears of it. One that would take a
 * fundraiser below what it has paid out is recorded held for finance (pending, holding back its part of the payment).
 */
export async function requestRefund(db: Db, orderId: string, amountMinor: number, ctx: RefundContext): Promise<RefundRequestOutcome> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new ApiError('validation_failed', REFUND_AMOUNT_INVALID, { amount: REFUND_AMOUNT_INVALID });
  const { refund, order, toCredit, held } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.order_id, orderId)).for('update');
    if (!order) throw notFound('Order not found');
    const gateway = gatewayFor(order.payment_gateway, ctx.origin);
    // a gift paid from Sahyog credit goes back to that credit: no gateway holds the money
    const fromCredit = isFromCredit(order);
    if (order.status !== 'success' || !order.gateway_payment_id || !(gateway?.refund || fromCredit)) throw new ApiError('conflict', REFUND_NOT_POSSIBLE);
    const [{ asked }] = await tx
      .select({ asked: sql<number>`coalesce(sum(${refunds.amount_minor}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.order_id, order.id), inArray(refunds.status, ['pending', 'processed'])));
    if (asked + amountMinor > orderTotalMinor(order)) throw new ApiError('conflict', REFUND_TOO_LARGE);
    const held = await wouldGoBelowPaidOut(tx, order, amountMinor);
    const [refund] = await tx
      .insert(refunds)
      .values({
        refund_id: `RFD${randomBytes(8).toString('hex').toUpperCase()}`,
        order_id: order.id,
        gateway: order.payment_gateway,
        amount_minor: amountMinor,
        currency: order.iso_currency,
        reason: ctx.reason,
        requested_by: ctx.requestedBy ?? null,
        held_for_finance: held,
      })
      .returning();
    await ctx.recorded?.(tx, refund, order);
    if (held || !fromCredit) return { refund, order, toCredit: null, held };
    return { refund, order, toCredit: await creditBack(tx, order, refund), held };
  });
  if (held) return { refundId: refund.refund_id, held: true, outcome: { result: 'refund_pending', refundId: refund.refund_id, orderId: order.order_id, credited: false, fundraisers: [] } };
  if (toCredit) return { refundId: refund.refund_id, held: false, outcome: toCredit };
  return { refundId: refund.refund_id, held: false, outcome: await sendToGateway(db, order, refund, ctx.origin) };
}

const isFromCredit = (order: OrderRow) => order.payment_gateway === WALLET_GATEWAY && order.user_id !== null;

/**
 * True when the refund's share of a fundraiser would leave its raised total below what its approved and paid
 * withdrawals took out: that money has left, so finance decides (release or cancel).
 */
async function wouldGoBelowPaidOut(tx: Tx, order: OrderRow, amountMinor: number): Promise<boolean> {
  const [{ before }] = await tx
    .select({ before: sql<number>`coalesce(sum(${refunds.amount_minor}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.order_id, order.id), eq(refunds.status, 'processed')));
  for (const line of await refundDebits(tx, order, { before, amountMinor })) if ((await shortfallAfterPayout(tx, line)) > 0) return true;
  return false;
}

// the credit, the refund and the ledger in one transaction: the balance comes back exactly when the gift is undone
async function creditBack(tx: Tx, order: OrderRow, refund: RefundRow): Promise<EventOutcome> {
  await tx.insert(walletEntries).values({ user_id: order.user_id!, currency: order.iso_currency, amount_minor: refund.amount_minor, reason: 'refund', ref: refund.refund_id });
  const event = { kind: 'refund' as const, eventId: `wallet:refund:${refund.refund_id}`, type: 'wallet.refund', gatewayRefundId: refund.refund_id, refundId: refund.refund_id, gatewayPaymentId: order.gateway_payment_id!, status: 'processed' as const, amountMinor: refund.amount_minor, currency: order.iso_currency, payload: {} };
  return applyGatewayEventIn(tx, WALLET_GATEWAY, event, 'request');
}

async function sendToGateway(db: Db, order: OrderRow, refund: RefundRow, origin: string): Promise<EventOutcome> {
  const gateway = gatewayFor(order.payment_gateway, origin);
  if (!gateway?.refund) throw new ApiError('conflict', REFUND_NOT_POSSIBLE);
  let answer;
  try {
    answer = await gateway.refund({ refundId: refund.refund_id, gatewayPaymentId: order.gateway_payment_id!, amountMinor: refund.amount_minor, currency: order.iso_currency });
  } catch (error) {
    // the gateway never took it: the refund fails and no longer holds back part of the payment
    await db.update(refunds).set({ status: 'failed', failure_reason: GATEWAY_REFUSED_REASON, updated_at: new Date() }).where(eq(refunds.id, refund.id));
    await reportError(error, { orderId: order.order_id, refundId: refund.refund_id });
    throw new ApiError('gateway_error', REFUND_GATEWAY_DOWN);
  }
  await db.update(refunds).set({ gateway_refund_id: answer.gatewayRefundId, updated_at: new Date() }).where(eq(refunds.id, refund.id));
  return applyGatewayEvent(db, order.payment_gateway, { ...answer, refundId: refund.refund_id }, 'request');
}

/** A held refund, locked with its order: only one still pending and held may be released or cancelled. */
async function lockHeld(tx: Tx, refundId: string): Promise<{ refund: RefundRow; order: OrderRow }> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.refund_id, refundId)).for('update');
  if (!refund) throw notFound('Refund not found');
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.order_id)).for('update');
  if (!refund.held_for_finance || refund.status !== 'pending') throw conflict(REFUND_NOT_HELD);
  return { refund, order };
}

/** Finance lets a held refund go: it is sent to the gateway (or back to the donor's credit) like any other. */
export async function releaseHeldRefund(db: Db, refundId: string, ctx: { origin: string; recorded?: (tx: Tx, before: RefundRow, after: RefundRow) => Promise<void> }): Promise<EventOutcome> {
  const { order, refund, credited } = await db.transaction(async (tx) => {
    const { refund, order } = await lockHeld(tx, refundId);
    const [released] = await tx.update(refunds).set({ held_for_finance: false, updated_at: new Date() }).where(eq(refunds.id, refund.id)).returning();
    await ctx.recorded?.(tx, refund, released);
    return { refund: released, order, credited: isFromCredit(order) ? await creditBack(tx, order, released) : null };
  });
  return credited ?? sendToGateway(db, order, refund, ctx.origin);
}

/** Finance refuses a held refund: it fails with their reason and no longer holds back part of the payment. */
export async function cancelHeldRefund(db: Db, refundId: string, reason: string, ctx: { recorded?: (tx: Tx, before: RefundRow, after: RefundRow) => Promise<void> } = {}): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const { refund } = await lockHeld(tx, refundId);
    const [cancelled] = await tx.update(refunds).set({ status: 'failed', held_for_finance: false, failure_reason: reason, updated_at: new Date() }).where(eq(refunds.id, refund.id)).returning();
    await ctx.recorded?.(tx, refund, cancelled);
    return cancelled;
  });
}
