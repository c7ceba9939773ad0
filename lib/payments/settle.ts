// settleOrder: the one place a gateway result changes an order. The browser return, the webhook and
// reconciliation all call it; the event log and row lock make replays and races harmless.
import { receiptEmail } from '../notifications/receipt';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { carts, fundraisers, ledgerEntries, orders, paymentEvents } from '../db/schema';
import { enqueueMessage } from '../outbox/queue';
import { autologinLink } from '../auth/link-tokens';
import { findUserByEmail } from '../auth/accounts';
import type { GatewayEvent } from './gateway';
import { canMove, type OrderStatus } from './order-state';

export type SettleOutcome =
  | { result: 'settled'; status: OrderStatus; orderId: string; campaignId: number; credited: boolean }
  | { result: 'duplicate' | 'unchanged'; status: OrderStatus; orderId: string; campaignId: number; credited: false }
  | { result: 'amount_mismatch' | 'payment_reused'; status: OrderStatus; orderId: string; campaignId: number; credited: false }
  | { result: 'unknown_order'; credited: false };

export const AMOUNT_MISMATCH = 'amount_mismatch';

export async function settleOrder(db: Db, gateway: string, event: GatewayEvent, source: 'return' | 'webhook' | 'reconcile'): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.payment_gateway, gateway), eq(orders.gateway_order_id, event.gatewayOrderId)))
      .for('update');
    // the event is kept even when it changes nothing: it is the audit trail of what the gateway said
    const inserted = await tx
      .insert(paymentEvents)
      .values({ gateway, event_id: event.eventId, order_id: order?.order_id ?? null, type: event.type, source, payload: event.payload })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!order) return { result: 'unknown_order', credited: false } as const;
    const base = { status: order.status as OrderStatus, orderId: order.order_id, campaignId: order.campaign_id, credited: false as const };
    if (!inserted.length) return { result: 'duplicate', ...base };

    const expected = order.donated_amount_minor + order.tip_amount_minor;
    if (event.status === 'success' && (event.amountMinor !== expected || event.currency !== order.iso_currency)) {
      // money moved but not the amount we asked for: never credit it, leave it for a person to resolve
      await tx.update(orders).set({ failure_reason: AMOUNT_MISMATCH, updated_at: new Date() }).where(eq(orders.id, order.id));
      return { result: 'amount_mismatch', ...base };
    }
    const target: OrderStatus = event.status;
    if (!canMove(order.status as OrderStatus, target)) return { result: 'unchanged', ...base };

    if (target !== 'success') {
      await tx
        .update(orders)
        .set({ status: target, failure_reason: event.failureReason ?? null, updated_at: new Date() })
        .where(eq(orders.id, order.id));
      return { result: 'settled', status: target, orderId: order.order_id, campaignId: order.campaign_id, credited: false };
    }

    // one gateway payment settles one order (the unique index backs this up under races)
    if (event.gatewayPaymentId) {
      const [other] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.payment_gateway, gateway), eq(orders.gateway_payment_id, event.gatewayPaymentId)));
      if (other && other.id !== order.id) return { result: 'payment_reused', ...base };
    }
    await tx
      .update(orders)
      .set({ status: 'success', charged: true, gateway_payment_id: event.gatewayPaymentId, failure_reason: null, settled_at: new Date(), updated_at: new Date() })
      .where(eq(orders.id, order.id));
    const [{ currency: creditCurrency }] = await tx.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, order.campaign_id));
    await tx.insert(ledgerEntries).values([
      { group_id: order.order_id, account: `fundraiser:${order.campaign_id}`, kind: 'donation', amount_minor: order.credited_amount_minor, currency: creditCurrency },
      ...(order.tip_amount_minor > 0 ? [{ group_id: order.order_id, account: 'platform:tips', kind: 'tip', amount_minor: order.tip_amount_minor, currency: order.iso_currency }] : []),
    ]);
    await tx
      .update(fundraisers)
      .set({ raised_minor: sql`${fundraisers.raised_minor} + ${order.credited_amount_minor}`, donor_count: sql`${fundraisers.donor_count} + 1`, updated_at: new Date() })
      .where(eq(fundraisers.id, order.campaign_id));
    // the receipt goes out through the outbox in the same transaction: never lost, never sent for an unpaid order
    const [cart] = await tx.select({ email: carts.donor_email, name: carts.donor_name, pan: carts.donor_pan, locale: carts.locale }).from(carts).where(eq(carts.id, order.cart_id));
    const [f] = await tx.select({ title: fundraisers.title }).from(fundraisers).where(eq(fundraisers.id, order.campaign_id));
    const receipt = await receiptEmail({
      locale: cart.locale,
      email: cart.email,
      donorName: cart.name,
      orderId: order.order_id,
      amountMinor: order.donated_amount_minor + order.tip_amount_minor,
      currency: order.iso_currency,
      fundraiserTitle: f.title,
      pan: cart.pan,
      signInLink: await receiptSignInLink(tx, order, cart.email),
    });
    await enqueueMessage(tx, receipt);
    return { result: 'settled', status: 'success', orderId: order.order_id, campaignId: order.campaign_id, credited: true };
  });
}

/** A donor with an account gets a sign-in link in the receipt (issue 5: auto-login only by a token we issued). */
async function receiptSignInLink(tx: Tx, order: typeof orders.$inferSelect, email: string): Promise<string | null> {
  const origin = typeof order.params?.site_origin === 'string' ? order.params.site_origin : null;
  if (!origin) return null;
  const userId = order.user_id ?? (await findUserByEmail(tx, email))?.id;
  return userId ? autologinLink(tx, userId, origin, '/portfolio') : null;
}
