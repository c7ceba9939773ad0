// Gateway results in: the browser return, webhooks and reconciliation, all through applyGatewayEvent.
import 'server-only';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, fundraisers, orders } from '../db/schema';
import { pushesPaymentResults, pushPaymentResult } from '../realtime/order-events';
import { failureRedirect, insurancePolicyPath, thankYouPath, tipThanksPath } from './redirects';
import { ApiError, notFound } from '../http/errors';
import { invalidateFundraiser } from '../cache/invalidate';
import { GatewaySignatureError, type ChargeEvent } from './gateway';
import { gatewayFor } from './registry';
import { applyGatewayEvent, type EventOutcome } from './events';
import { reportError } from '../observability/report';
import { ORDER_EXPIRED_REASON } from './order-state';
import { BANK_TRANSFER_WINDOW_MS, WALLET_MODES, WALLET_RETRY_MESSAGE } from '../constants/payments';
import { mandateReaction, orderReactionFor } from './reactions';
import { isCheckoutDonor, type CheckoutReader } from './checkout-access';
import { orderTotalMinor } from './order-total';
import { log } from '../observability/log';
import { metrics } from '../observability/metrics';

export { ORDER_EXPIRED_REASON };

type OrderRow = typeof orders.$inferSelect;
/**
 * An order its payer checks out in the browser: a one-time gift (cart and fundraiser), a standalone tip (cart, no
 * fundraiser) or an insurance premium (its policy); a SIP month charged under a mandate is not one.
 */
export type CheckoutOrder = OrderRow;
export const isCheckoutOrder = (o: OrderRow): o is CheckoutOrder =>
  o.kind === 'one_time' ? o.cart_id !== null && o.fundraiser_id !== null : o.kind === 'tip' ? o.cart_id !== null : o.kind === 'insurance' && o.insurance_policy_id !== null;

/** Where a paid or failed checkout sends its payer (spec 4): a gift's thank-you or way back by origin; a tip's or premium's own page. */
async function nextPaths(db: Db, order: CheckoutOrder, customTag?: string | null): Promise<{ success: string; failure: string }> {
  const reason = shownFailureReason(order);
  if (order.kind === 'tip') return { success: tipThanksPath(order.order_id), failure: failureRedirect('tip', null, reason) };
  if (order.kind === 'insurance') {
    const page = insurancePolicyPath(order.insurance_policy_id!, order.order_id);
    return { success: page, failure: page };
  }
  // the tag comes with the order when the caller read them together (the browser return)
  const [f] = typeof customTag === 'string' ? [{ id: order.fundraiser_id!, custom_tag: customTag }] : await db.select({ id: fundraisers.id, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, order.fundraiser_id!));
  const updateId = typeof order.params?.update_id === 'number' ? order.params.update_id : null;
  const pageType = typeof order.params?.page_type === 'string' ? order.params.page_type : null;
  return { success: thankYouPath(f.custom_tag, order.order_id), failure: failureRedirect(order.origin, { ...f, update_id: updateId }, reason, { pageType }) };
}

/** spec 8: a wallet payment that did not succeed says 'Please try again' (its wallet's own words mean nothing to a donor); others keep the gateway's description. */
export function shownFailureReason(order: Pick<OrderRow, 'payment_mode' | 'failure_reason'>): string | null {
  return WALLET_MODES.includes(order.payment_mode) ? WALLET_RETRY_MESSAGE : order.failure_reason;
}

/** What the donor's page needs to know about an order: its status and where to go next (spec 4). */
export async function paymentResult(db: Db, order: CheckoutOrder, customTag?: string | null) {
  const status = order.status === 'success' ? 'success' : order.status === 'failed' ? 'failed' : 'pending';
  const next = status === 'pending' ? null : await nextPaths(db, order, customTag);
  const redirect = next ? (status === 'success' ? next.success : next.failure) : null;
  return { order_id: order.order_id, status, charged: order.charged, failure_reason: status === 'failed' ? shownFailureReason(order) : order.failure_reason, redirect } as const;
}

export async function afterSettle(db: Db, outcome: EventOutcome): Promise<void> {
  // a donation or refund changes the story's total, donor list and ticker: expire its pages at once
  for (const id of outcome.fundraisers) await invalidateFundraiser(id);
  // the result goes to the waiting page over Pusher, when configured; without it the page polls and nothing is read here
  if (outcome.result === 'settled' && (outcome.status === 'success' || outcome.status === 'failed') && pushesPaymentResults()) {
    const order = await orderByOrderId(db, outcome.orderId);
    // only a donor at a checkout waits for the result; a SIP month has nobody on the page
    if (!isCheckoutOrder(order)) return;
    const result = await paymentResult(db, order);
    await pushPaymentResult(result.order_id, { status: result.status, redirect: result.redirect });
  }
}

/** A mandate that moved: what pays by it reacts after the commit (a gateway call, such as ending the mandates it replaced). */
export async function afterMandateMoved(db: Db, outcome: EventOutcome, origin: string): Promise<void> {
  if (outcome.result === 'mandate_updated') await mandateReaction().afterCommit?.(db, outcome.mandateId, outcome.status, { origin });
}

/** True when the params are the gateway's signed return for exactly this order. */
async function isSignedReturnOf(order: OrderRow, params: Record<string, string>, origin: string): Promise<boolean> {
  const gateway = gatewayFor(order.payment_gateway, origin);
  if (!gateway || !order.gateway_order_id || (!params.signature && !params.razorpay_signature)) return false;
  try {
    return (await gateway.verifyReturn(params)).gatewayOrderId === order.gateway_order_id;
  } catch {
    return false;
  }
}

/**
 * Whether this reader may see the order's gift (amount, donor, receipt): its donor (their session, or the
 * browser that made its cart), or whoever brings the gateway's signed return for it (a donor whose bank app opened the
 * return in another browser). Pages ask this; the API's reads ask the same through orderView.
 */
export async function mayReadOrder(order: OrderRow, reader: CheckoutReader, returned: Record<string, string>, origin: string): Promise<boolean> {
  return isCheckoutDonor(reader, order) || (await isSignedReturnOf(order, returned, origin));
}

/**
 * GET orders/{oi}: only to the order's donor (ctx.donor: their session, or the browser that made its cart,
 * lib/payments/checkout-access.ts) or with the gateway's signed return for this order; for anyone else holding the id
 * it does not exist (its status, amount, mode and fundraiser are the donor's).
 */
export async function orderView(db: Db, order: OrderRow, ctx: { donor: boolean; returned: Record<string, string>; origin: string }) {
  if (!ctx.donor && !(await isSignedReturnOf(order, ctx.returned, ctx.origin))) throw notFound('Order not found');
  const [f] = order.fundraiser_id ? await db.select({ title: fundraisers.title, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, order.fundraiser_id)) : [];
  const [cart] = order.cart_id ? await db.select({ donor_name: carts.donor_name }).from(carts).where(eq(carts.id, order.cart_id)) : [];
  return {
    order_id: order.order_id,
    status: order.status,
    charged: order.charged,
    iso_currency: order.iso_currency,
    donated_amount_minor: order.donated_amount_minor,
    tip_amount_minor: order.tip_amount_minor,
    payment_mode: order.payment_mode,
    payment_gateway: order.payment_gateway,
    ...(cart ? { donor: { full_name: cart.donor_name } } : {}),
    // spec 9: the campaign that brought the donor (the landing's utm, kept 7 days)
    utm: order.utm ?? null,
    fundraiser: f ?? null,
  };
}

const signatureRefused = () => new ApiError('bad_request', 'The payment signature does not match', undefined, 400);

export async function orderByOrderId(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.order_id, orderId));
  if (!order) throw notFound('Order not found');
  return order;
}

/** An order the browser checks out and comes back from; a SIP month charged under a mandate is not one. */
export function asCheckoutOrder(order: OrderRow): CheckoutOrder {
  if (!isCheckoutOrder(order)) throw new ApiError('conflict', 'This order has no checkout');
  return order;
}

/** A checkout order with its fundraiser's tag (where the donor goes next), in one read. */
async function checkoutOrderWithTag(db: Db, orderId: string): Promise<{ order: CheckoutOrder; customTag: string | null }> {
  const [row] = await db.select({ order: orders, customTag: fundraisers.custom_tag }).from(orders).leftJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id)).where(eq(orders.order_id, orderId));
  if (!row) throw notFound('Order not found');
  return { order: asCheckoutOrder(row.order), customTag: row.customTag };
}

/** spec 7 payment/response/{oi}: verify what the browser brought back (or ask the gateway), settle, and say where the donor goes. */
export async function paymentReturnResult(db: Db, orderId: string, params: Record<string, string>, origin: string) {
  const { order, customTag } = await handlePaymentReturn(db, orderId, params, origin);
  return paymentResult(db, order, customTag);
}

async function handlePaymentReturn(db: Db, orderId: string, params: Record<string, string>, origin: string) {
  const read = await checkoutOrderWithTag(db, orderId);
  const { order } = read;
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
  } else if (order.status === 'created' || order.status === 'pending') {
    event = await gateway.fetchStatus(order.gateway_order_id);
  } else {
    // settled already (a webhook or an earlier poll): our database is the answer, the gateway is not asked again
    event = null;
  }
  let outcome = event ? await applyGatewayEvent(db, order.payment_gateway, event, returned ? 'return' : 'reconcile') : null;
  // spec 4 re-checks carry the same signed return (it proves the reader in a browser without the cart's cookie):
  // once applied, a return the order still waits on is a re-check, and the gateway is asked for news
  if (returned && outcome?.result === 'duplicate' && (outcome.status === 'created' || outcome.status === 'pending')) {
    const news = await gateway.fetchStatus(order.gateway_order_id);
    if (news) outcome = await applyGatewayEvent(db, order.payment_gateway, news, 'reconcile');
  }
  if (outcome) await afterSettle(db, outcome);
  // what the order already said (the webhook settled it first) leaves it as read: no second read
  const unmoved = (outcome?.result === 'duplicate' || outcome?.result === 'unchanged') && outcome.status === order.status;
  const settled = unmoved ? read : await checkoutOrderWithTag(db, orderId);
  // the webhook may have credited this order a moment ago and still be expiring the story's cache: the donor is about
  // to look at the story, so expire it here too, unless this return settled it and afterSettle expired it just now
  const fundraiserId = settled.order.fundraiser_id;
  const expiredJustNow: readonly number[] = outcome?.fundraisers ?? [];
  if (settled.order.status === 'success' && fundraiserId && !expiredJustNow.includes(fundraiserId)) await invalidateFundraiser(fundraiserId);
  return settled;
}

export async function handleWebhook(db: Db, gatewayName: string, rawBody: string, headers: Headers, origin: string) {
  const gateway = gatewayFor(gatewayName, origin);
  // an unknown gateway's name is a caller's text: counted under one label, never as a label of its own
  if (!gateway) {
    metrics.webhooks.inc({ gateway: 'unknown', result: 'unknown_gateway' });
    throw notFound('Unknown gateway');
  }
  let event;
  try {
    event = await gateway.parseWebhook(rawBody, headers);
  } catch (e) {
    if (e instanceof GatewaySignatureError || e instanceof SyntaxError) {
      metrics.webhooks.inc({ gateway: gatewayName, result: 'bad_signature' });
      throw signatureRefused();
    }
    throw e;
  }
  if (!event) {
    metrics.webhooks.inc({ gateway: gatewayName, result: 'ignored' });
    log.info({ gateway: gatewayName }, 'Webhook: acknowledged an event we do not act on');
    return { result: 'ignored' as const, credited: false as const };
  }
  const outcome = await applyGatewayEvent(db, gatewayName, event, 'webhook');
  metrics.webhooks.inc({ gateway: gatewayName, result: outcome.result });
  await afterSettle(db, outcome);
  await afterMandateMoved(db, outcome, origin);
  // no gateway sends one payment for two orders: that is someone replaying a signed body, refused
  if (outcome.result === 'payment_reused') throw new ApiError('conflict', 'This payment already settled another order');
  // answered 2xx all the same: a retry cannot change these, and a gateway that keeps getting 4xx disables the endpoint
  if (NEEDS_A_PERSON.has(outcome.result)) await reportError(new Error(`webhook ${gatewayName} ${event.eventId}: ${outcome.result}`), { event: event.type });
  return outcome;
}

// results a gateway's retry cannot change but someone should look at
const NEEDS_A_PERSON = new Set<EventOutcome['result']>(['amount_mismatch', 'unknown_order', 'unknown_refund', 'unknown_mandate', 'refund_mismatch']);

/** The failure an unpaid order gets once its gateway's checkout window has passed: through applyGatewayEvent, like any event. */
const expiryEvent = (order: OrderRow): ChargeEvent => ({
  eventId: `expired:${order.order_id}`,
  type: 'order.expired',
  gatewayOrderId: order.gateway_order_id!,
  gatewayPaymentId: null,
  status: 'failed',
  amountMinor: orderTotalMinor(order),
  currency: order.iso_currency,
  failureReason: ORDER_EXPIRED_REASON,
  payload: { reason: ORDER_EXPIRED_REASON, created_at: order.created_at },
});

export interface ReconcileOptions {
  /** ask the gateway about orders pending at least this long */
  olderThanMs: number;
  /** an order the gateway never saw paid fails ('expired') this long after it was placed */
  expireAfterMs: number;
  origin: string;
  now?: Date;
}

/** how long an order waits for its payment: a bank transfer (NEFT) waits for the banks' batches and the next working day */
export const paymentWindowMs = (order: { payment_mode: string | null }, expireAfterMs: number) => (order.payment_mode === 'NEFT' ? Math.max(expireAfterMs, BANK_TRANSFER_WINDOW_MS) : expireAfterMs);

/**
 * Run on a schedule by the server (and by npm run payments:reconcile): asks the gateways about orders left
 * pending, so a lost webhook never loses a donation, and fails orders nobody paid within the payment window.
 */
export async function reconcilePendingOrders(db: Db, opts: ReconcileOptions) {
  const now = opts.now ?? new Date();
  const stale = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['created', 'pending']), lt(orders.created_at, new Date(now.getTime() - opts.olderThanMs))));
  const results: { order_id: string; result: string }[] = [];
  for (const order of stale) {
    const expired = now.getTime() - order.created_at.getTime() >= paymentWindowMs(order, opts.expireAfterMs);
    if (!order.gateway_order_id) {
      // its server stopped before the gateway's answer, or a debit's answer was lost: nothing to ask, so it expires (a late payment still finds it by our id)
      if (expired) {
        await db.transaction(async (tx) => {
          const [failed] = await tx
            .update(orders)
            .set({ status: 'failed', failure_reason: ORDER_EXPIRED_REASON, updated_at: now })
            .where(and(eq(orders.id, order.id), inArray(orders.status, ['created', 'pending']), isNull(orders.gateway_order_id)))
            .returning();
          if (failed) await orderReactionFor(failed.kind).settled?.(tx, failed);
        });
        results.push({ order_id: order.order_id, result: 'settled:failed' });
      }
      continue;
    }
    const gateway = gatewayFor(order.payment_gateway, opts.origin);
    // one gateway's failure to answer about one order never stops the run for the rest (it is reported; a late payment still credits)
    const event = gateway ? await gateway.fetchStatus(order.gateway_order_id).catch(async (error) => (await reportError(error, { task: 'payments.reconcile', orderId: order.order_id }), null)) : null;
    const decisive = event && event.status !== 'pending' ? event : expired ? expiryEvent(order) : null;
    if (!decisive) {
      results.push({ order_id: order.order_id, result: 'no answer' });
      continue;
    }
    const outcome = await applyGatewayEvent(db, order.payment_gateway, decisive, 'reconcile');
    await afterSettle(db, outcome);
    results.push({ order_id: order.order_id, result: 'status' in outcome ? `${outcome.result}:${outcome.status}` : 'unknown' });
  }
  return results;
}
