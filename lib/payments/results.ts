// Gateway results in: the browser return, webhooks and reconciliation, all through settleOrder.
import 'server-only';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundraisers, orders } from '../db/schema';
import { pushPaymentResult } from '../realtime/order-events';
import { failureRedirect, thankYouPath } from './redirects';
import { ApiError, notFound } from '../http/errors';
import { invalidateFundraiser } from '../cache/invalidate';
import { GatewaySignatureError } from './gateway';
import { gatewayFor } from './registry';
import { settleOrder, type SettleOutcome } from './settle';

type OrderRow = typeof orders.$inferSelect;

/** What the donor's page needs to know about an order: its status and where to go next (spec 4). */
export async function paymentResult(db: Db, order: OrderRow) {
  const [f] = await db.select({ id: fundraisers.id, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, order.campaign_id));
  const status = order.status === 'success' ? 'success' : order.status === 'failed' ? 'failed' : 'pending';
  const redirect = status === 'success' ? thankYouPath(f.custom_tag, order.order_id) : status === 'failed' ? failureRedirect(order.origin, f, order.failure_reason) : null;
  return { order_id: order.order_id, status, charged: order.charged, failure_reason: order.failure_reason, redirect } as const;
}

async function afterSettle(db: Db, outcome: SettleOutcome): Promise<void> {
  if (outcome.result !== 'settled') return;
  // a donation changes the story's total, donor list and ticker: expire its pages at once
  if (outcome.credited) await invalidateFundraiser(outcome.campaignId);
  if (outcome.status === 'success' || outcome.status === 'failed') {
    const result = await paymentResult(db, await orderByOrderId(db, outcome.orderId));
    await pushPaymentResult(result.order_id, { status: result.status, redirect: result.redirect });
  }
}

const signatureRefused = () => new ApiError('bad_request', 'The payment signature does not match', undefined, 400);

export async function orderByOrderId(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.order_id, orderId));
  if (!order) throw notFound('Order not found');
  return order;
}

/** spec 7 payment/response/{oi}: verify what the browser brought back (or ask the gateway) and settle. */
export async function handlePaymentReturn(db: Db, orderId: string, params: Record<string, string>, origin: string) {
  const order = await orderByOrderId(db, orderId);
  const gateway = gatewayFor(order.payment_gateway, origin);
  if (!gateway || !order.gateway_order_id) throw new ApiError('conflict', 'This order has no gateway to ask');
  let event;
  const returned = Object.keys(params).length > 0;
  if (returned) {
    try {
      event = await gateway.verifyReturn(params);
    } catch (e) {
      if (e instanceof GatewaySignatureError) throw signatureRefused();
      throw e;
    }
    // a valid signature for another order is still not this order's result
    if (event.gatewayOrderId !== order.gateway_order_id) throw new ApiError('bad_request', 'The payment result belongs to another order');
  } else {
    event = await gateway.fetchStatus(order.gateway_order_id);
  }
  if (event) await afterSettle(db, await settleOrder(db, order.payment_gateway, event, returned ? 'return' : 'reconcile'));
  const settled = await orderByOrderId(db, orderId);
  // the webhook may have credited this order a moment ago and still be expiring the story's cache:
  // the donor is about to look at the story, so expire it here too (idempotent)
  if (settled.status === 'success') await invalidateFundraiser(settled.campaign_id);
  return settled;
}

export async function handleWebhook(db: Db, gatewayName: string, rawBody: string, headers: Headers, origin: string) {
  const gateway = gatewayFor(gatewayName, origin);
  if (!gateway) throw notFound('Unknown gateway');
  let event;
  try {
    event = await gateway.parseWebhook(rawBody, headers);
  } catch (e) {
    if (e instanceof GatewaySignatureError || e instanceof SyntaxError) throw signatureRefused();
    throw e;
  }
  const outcome = await settleOrder(db, gatewayName, event, 'webhook');
  await afterSettle(db, outcome);
  if (outcome.result === 'payment_reused') throw new ApiError('conflict', 'This payment already settled another order');
  return outcome;
}

/** npm run payments:reconcile: ask the gateway about orders left pending, so a lost webhook never loses a donation. */
export async function reconcilePendingOrders(db: Db, olderThanMs: number, origin: string, now = new Date()) {
  const stale = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['created', 'pending']), lt(orders.created_at, new Date(now.getTime() - olderThanMs))));
  const results: { order_id: string; result: string }[] = [];
  for (const order of stale) {
    const gateway = gatewayFor(order.payment_gateway, origin);
    if (!gateway || !order.gateway_order_id) continue;
    const event = await gateway.fetchStatus(order.gateway_order_id);
    if (!event) {
      results.push({ order_id: order.order_id, result: 'no answer' });
      continue;
    }
    const outcome = await settleOrder(db, order.payment_gateway, event, 'reconcile');
    await afterSettle(db, outcome);
    results.push({ order_id: order.order_id, result: outcome.result === 'unknown_order' ? 'unknown' : `${outcome.result}:${outcome.status}` });
  }
  return results;
}
