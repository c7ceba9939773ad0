// One SIP month becomes one charge: an order with the key sip:{subscription}:{period}, unique in the
// database, so a charge run repeated, interrupted or started on two servers at once debits the donor once.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundraisers, mandates, orders, subscriptionLines, subscriptions } from '../db/schema';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { ApiError, notFound } from '../http/errors';
import { reportError } from '../observability/report';
import { applyGatewayEvent } from '../payments/events';
import type { ChargeLine } from '../payments/ledger';
import { gatewayFor } from '../payments/registry';
import { GATEWAY_REFUSED_REASON } from '../payments/order-state';

export const sipChargeKey = (subscriptionId: number, period: string) => `sip:${subscriptionId}:${period}`;

/** The month a charge date falls in (UTC), the period of the idempotency key. */
export const sipPeriod = (at: Date) => at.toISOString().slice(0, 7);

const newSipOrderId = () => `SIP${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/** What the month gives to: the subscription's lines, or its single cause or fundraiser when it has none. */
async function linesOf(db: Db, sub: typeof subscriptions.$inferSelect): Promise<ChargeLine[]> {
  const rows = await db.select().from(subscriptionLines).where(eq(subscriptionLines.subscription_id, sub.id)).orderBy(subscriptionLines.id);
  if (rows.length) return rows.map((l) => (l.fundraiser_id ? { fundraiser_id: l.fundraiser_id, amount_minor: l.amount_minor } : { sip_cause: l.sip_cause!, amount_minor: l.amount_minor }));
  return [sub.fundraiser_id ? { fundraiser_id: sub.fundraiser_id, amount_minor: sub.amount_minor } : { sip_cause: sub.sip_cause, amount_minor: sub.amount_minor }];
}

/**
 * Charges one period of a subscription under its active mandate. Calling it again for the same period
 * answers the same order and never debits twice.
 */
export async function placeSipCharge(db: Db, subscriptionId: number, period: string, ctx: { origin: string }) {
  const key = sipChargeKey(subscriptionId, period);
  const [existing] = await db.select().from(orders).where(eq(orders.idempotency_key, key));
  if (existing) return existing;
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!sub) throw notFound('Subscription not found');
  const [mandate] = sub.mandate_id ? await db.select().from(mandates).where(and(eq(mandates.id, sub.mandate_id), eq(mandates.status, 'active'))) : [];
  if (!mandate) throw new ApiError('conflict', 'This SIP has no active mandate to charge');
  const gateway = gatewayFor(mandate.gateway, ctx.origin);
  if (!gateway?.mandates) throw new ApiError('conflict', 'The mandate\'s payment service is not available');
  const lines = await linesOf(db, sub);
  const total = lines.reduce((n, l) => n + l.amount_minor, 0);
  if (total > mandate.max_amount_minor) throw new ApiError('conflict', 'This SIP is above what its mandate allows');
  const rates = await currentRatesMicros(db);
  // a line for a fundraiser is credited in its currency, at the rate of the day the month is charged
  for (const l of lines) {
    if (!l.fundraiser_id) continue;
    const [f] = await db.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, l.fundraiser_id));
    l.credited_minor = convertMinor(l.amount_minor, rates[sub.currency], rates[f.currency]);
  }
  const single = lines.length === 1 && lines[0].fundraiser_id ? lines[0] : null;
  const inserted = await db
    .insert(orders)
    .values({
      order_id: newSipOrderId(),
      kind: 'sip',
      fundraiser_id: single?.fundraiser_id ?? null,
      user_id: sub.user_id,
      subscription_id: sub.id,
      mandate_id: mandate.id,
      period,
      idempotency_key: key,
      payment_mode: mandate.method,
      payment_gateway: mandate.gateway,
      iso_currency: sub.currency,
      donated_amount_minor: total,
      credited_amount_minor: single?.credited_minor ?? total,
      params: { lines },
    })
    // the key is unique: a concurrent run for the same month loses here, before any gateway hears of it
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) return (await db.select().from(orders).where(eq(orders.idempotency_key, key)))[0];
  const order = inserted[0];
  try {
    const { gatewayOrderId } = await gateway.mandates.charge({ gatewayMandateId: mandate.gateway_mandate_id, orderId: order.order_id, amountMinor: total, currency: sub.currency });
    await db.update(orders).set({ gateway_order_id: gatewayOrderId, status: 'pending', updated_at: new Date() }).where(eq(orders.id, order.id));
    // a gateway that already knows the result says so now; otherwise its webhook or reconciliation will
    const event = await gateway.fetchStatus(gatewayOrderId);
    if (event && event.status !== 'pending') await applyGatewayEvent(db, mandate.gateway, event, 'reconcile');
  } catch (error) {
    await db.update(orders).set({ status: 'failed', failure_reason: GATEWAY_REFUSED_REASON, updated_at: new Date() }).where(and(eq(orders.id, order.id), eq(orders.status, 'created')));
    await reportError(error, { orderId: order.order_id, subscriptionId });
  }
  return (await db.select().from(orders).where(eq(orders.id, order.id)))[0];
}
