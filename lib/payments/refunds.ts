// Sending money back: several refunds may follow one payment, never more in total than it charged.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, refunds, walletEntries } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { reportError } from '../observability/report';
import { applyGatewayEvent, applyGatewayEventIn, type EventOutcome } from './events';
import { WALLET_GATEWAY } from '../constants/payments';
import { gatewayFor } from './registry';
import { GATEWAY_REFUSED_REASON } from './order-state';
import { orderTotalMinor } from './order-total';

export const REFUND_TOO_LARGE = 'The refund is more than what is left of this payment';
export const REFUND_NOT_POSSIBLE = 'This payment cannot be refunded';
export const REFUND_AMOUNT_INVALID = 'Please enter a refund amount above zero';
const REFUND_GATEWAY_DOWN = 'The payment service did not take the refund. Please try again in a minute.';

/**
 * Asks the order's gateway to send amountMinor back. Our refund row is written (under the order's lock,
 * so two refunds at once cannot together exceed the payment) before the gateway hears of it.
 */
export async function requestRefund(db: Db, orderId: string, amountMinor: number, ctx: { reason: string | null; origin: string }): Promise<{ refundId: string; outcome: EventOutcome }> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new ApiError('validation_failed', REFUND_AMOUNT_INVALID, { amount: REFUND_AMOUNT_INVALID });
  const { refund, order, toCredit } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.order_id, orderId)).for('update');
    if (!order) throw notFound('Order not found');
    const gateway = gatewayFor(order.payment_gateway, ctx.origin);
    // a gift paid from Sahyog credit goes back to that credit: no gateway holds the money
    const fromCredit = order.payment_gateway === WALLET_GATEWAY && order.user_id !== null;
    if (order.status !== 'success' || !order.gateway_payment_id || !(gateway?.refund || fromCredit)) throw new ApiError('conflict', REFUND_NOT_POSSIBLE);
    const [{ held }] = await tx
      .select({ held: sql<number>`coalesce(sum(${refunds.amount_minor}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.order_id, order.id), inArray(refunds.status, ['pending', 'processed'])));
    if (held + amountMinor > orderTotalMinor(order)) throw new ApiError('conflict', REFUND_TOO_LARGE);
    const [refund] = await tx
      .insert(refunds)
      .values({ refund_id: `RFD${randomBytes(8).toString('hex').toUpperCase()}`, order_id: order.id, gateway: order.payment_gateway, amount_minor: amountMinor, currency: order.iso_currency, reason: ctx.reason })
      .returning();
    if (!fromCredit) return { refund, order, toCredit: null };
    // the credit, the refund and the ledger in one transaction: the balance comes back exactly when the gift is undone
    await tx.insert(walletEntries).values({ user_id: order.user_id!, currency: order.iso_currency, amount_minor: amountMinor, reason: 'refund', ref: refund.refund_id });
    const event = { kind: 'refund' as const, eventId: `wallet:refund:${refund.refund_id}`, type: 'wallet.refund', gatewayRefundId: refund.refund_id, refundId: refund.refund_id, gatewayPaymentId: order.gateway_payment_id, status: 'processed' as const, amountMinor, currency: order.iso_currency, payload: {} };
    return { refund, order, toCredit: await applyGatewayEventIn(tx, WALLET_GATEWAY, event, 'request') };
  });
  if (toCredit) return { refundId: refund.refund_id, outcome: toCredit };
  const gateway = gatewayFor(order.payment_gateway, ctx.origin)!;
  let answer;
  try {
    answer = await gateway.refund!({ refundId: refund.refund_id, gatewayPaymentId: order.gateway_payment_id!, amountMinor, currency: order.iso_currency });
  } catch (error) {
    // the gateway never took it: the refund fails and no longer holds back part of the payment
    await db.update(refunds).set({ status: 'failed', failure_reason: GATEWAY_REFUSED_REASON, updated_at: new Date() }).where(eq(refunds.id, refund.id));
    await reportError(error, { orderId, refundId: refund.refund_id });
    throw new ApiError('gateway_error', REFUND_GATEWAY_DOWN);
  }
  await db.update(refunds).set({ gateway_refund_id: answer.gatewayRefundId, updated_at: new Date() }).where(eq(refunds.id, refund.id));
  return { refundId: refund.refund_id, outcome: await applyGatewayEvent(db, order.payment_gateway, { ...answer, refundId: refund.refund_id }, 'request') };
}
