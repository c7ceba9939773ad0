// One SIP month becomes one charge. Each try of a month is an order with its own key, unique in the database:
// sip:{subscription}:{period} for the first, sip:{subscription}:{period}:{n} for the nth retry, so a charge run repeated,
// interrupted or started on two servers at once places each try once. A month never has two tries under way or paid:
// a new try is placed only under the subscription's row lock and only when every earlier one failed.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundraisers, mandates, orders, subscriptionLines, subscriptions, users } from '../db/schema';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { ApiError, notFound } from '../http/errors';
import { reportError } from '../observability/report';
import { applyGatewayEvent } from '../payments/events';
import { afterSettle } from '../payments/results';
import { GatewayRefusedError } from '../payments/gateway';
import type { ChargeLine } from '../payments/ledger';
import { gatewayFor } from '../payments/registry';
import { mandateHandle } from '../payments/mandates';
import { GATEWAY_REFUSED_REASON, type OrderStatus } from '../payments/order-state';
import { afterSipCharge, sipPeriod } from './settled';
import { splitSipLines } from './split';
import { lockMandate } from './cover';
import { isRunningSip } from './status';

export { sipPeriod };

type OrderRow = typeof orders.$inferSelect;

export const sipChargeKey = (subscriptionId: number, period: string, attempt = 0) => (attempt === 0 ? `sip:${subscriptionId}:${period}` : `sip:${subscriptionId}:${period}:${attempt}`);

export const NO_ACTIVE_MANDATE = 'This SIP has no active mandate to charge';
export const ABOVE_MANDATE = 'This SIP is above what its mandate allows';
export const NOT_RUNNING = 'This SIP is not running';
export const MANDATE_CHANGED = 'This SIP moved to another mandate meanwhile';

// an order in these states is the month's payment, under way or done: while one exists no other try is placed
const UNDER_WAY_OR_PAID: readonly OrderStatus[] = ['created', 'pending', 'success'];

const newSipOrderId = () => `SIP${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/** What the month gives to: the subscription's lines, or its single cause or fundraiser when it has none. */
async function linesOf(db: Db, sub: typeof subscriptions.$inferSelect): Promise<ChargeLine[]> {
  const rows = await db.select().from(subscriptionLines).where(eq(subscriptionLines.subscription_id, sub.id)).orderBy(subscriptionLines.id);
  if (rows.length) return rows.map((l) => (l.fundraiser_id ? { fundraiser_id: l.fundraiser_id, amount_minor: l.amount_minor } : { sip_cause: l.sip_cause!, amount_minor: l.amount_minor }));
  return [sub.fundraiser_id ? { fundraiser_id: sub.fundraiser_id, amount_minor: sub.amount_minor } : { sip_cause: sub.sip_cause, amount_minor: sub.amount_minor }];
}

/** Which order already is this try, or the month's payment under way or done. */
const settledFor = (month: OrderRow[], key: string) => month.find((o) => o.idempotency_key === key) ?? month.find((o) => UNDER_WAY_OR_PAID.includes(o.status as OrderStatus));

/**
 * Charges one period of a subscription under its active mandate. Calling it again for the same period answers the
 * month's order and never debits twice; after a failed try, a call places the next try (the charge run calls it only
 * when lib/sip/retries.ts says so, passing the try it expects as `attempt`).
 */
export async function placeSipCharge(db: Db, subscriptionId: number, period: string, ctx: { origin: string; attempt?: number; now?: Date }): Promise<OrderRow> {
  return (await placeSipChargeTry(db, subscriptionId, period, ctx)).order;
}

/** placeSipCharge that also says whether this call placed the try (false: another run or an earlier call did). */
export async function placeSipChargeTry(db: Db, subscriptionId: number, period: string, ctx: { origin: string; attempt?: number; now?: Date }): Promise<{ order: OrderRow; placed: boolean }> {
  const monthOf = (q: Pick<Db, 'select'>) => q.select().from(orders).where(and(eq(orders.subscription_id, subscriptionId), eq(orders.period, period))).orderBy(asc(orders.id));
  const early = await monthOf(db);
  const known = settledFor(early, sipChargeKey(subscriptionId, period, ctx.attempt ?? early.length));
  if (known) return { order: known, placed: false };

  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!sub) throw notFound('Subscription not found');
  const [mandate] = sub.mandate_id ? await db.select().from(mandates).where(and(eq(mandates.id, sub.mandate_id), eq(mandates.status, 'active'))) : [];
  if (!mandate) throw new ApiError('conflict', NO_ACTIVE_MANDATE);
  const gateway = gatewayFor(mandate.gateway, ctx.origin);
  if (!gateway?.mandates) throw new ApiError('conflict', 'The mandate\'s payment service is not available');
  const own = await linesOf(db, sub);
  // spec: a SIP for one fundraiser is a gift to it; a SIP for causes is shared among their fundraisers (lib/sip/split.ts)
  const single = own.length === 1 && own[0].fundraiser_id ? own[0] : null;
  const lines = await splitSipLines(db, own, { currency: sub.currency, now: ctx.now ?? new Date() });
  const total = lines.reduce((n, l) => n + l.amount_minor, 0);
  const rates = await currentRatesMicros(db);
  // a line for a fundraiser is credited in its currency, at the rate of the day the month is charged
  for (const l of lines) {
    if (!l.fundraiser_id || l.credited_minor !== undefined) continue;
    const [f] = await db.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, l.fundraiser_id));
    l.credited_minor = convertMinor(l.amount_minor, rates[sub.currency], rates[f.currency]);
  }
  const [donor] = await db.select({ email: users.email, phone: users.phone_1 }).from(users).where(eq(users.id, sub.user_id));

  const placed = await db.transaction(async (tx) => {
    // the mandate's row first (as its events and a raise or a move take it), so what it debits in a month is summed by
    // one try at a time; then the subscription's: one try at a time per subscription, the check and the insert never interleave
    const locked = await lockMandate(tx, mandate.id);
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
    const month = await monthOf(tx);
    const attempt = ctx.attempt ?? month.length;
    const key = sipChargeKey(sub.id, period, attempt);
    const other = settledFor(month, key);
    if (other) return { order: other, placed: false };
    // only a running SIP is debited (never a lapsed, paused or cancelled one), and only under its own active mandate
    if (!current || !isRunningSip(current.status_flag)) throw new ApiError('conflict', NOT_RUNNING);
    if (locked?.status !== 'active') throw new ApiError('conflict', NO_ACTIVE_MANDATE);
    // moved to another mandate since it was read: the next run charges it there
    if (current.mandate_id !== mandate.id) throw new ApiError('conflict', MANDATE_CHANGED);
    // what the mandate debits in this month, all its SIPs together, never passes what the donor authorised
    const [{ taken }] = await tx
      .select({ taken: sum(orders.donated_amount_minor).mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.mandate_id, mandate.id), eq(orders.period, period), inArray(orders.status, [...UNDER_WAY_OR_PAID]), ne(orders.subscription_id, sub.id)));
    if ((taken ?? 0) + total > locked.max_amount_minor) throw new ApiError('conflict', ABOVE_MANDATE);
    const inserted = await tx
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
        credited_amount_minor: single ? lines[0].credited_minor! : total,
        // the receipt is written in the donor's language and signs them in on the site they subscribed from
        params: { lines, attempt, site_origin: ctx.origin, locale: sub.locale },
      })
      // the key is unique: whatever slips past the lock (a try placed by hand) loses here, before any gateway hears of it
      .onConflictDoNothing()
      .returning();
    if (inserted.length) return { order: inserted[0], placed: true };
    return { order: (await tx.select().from(orders).where(eq(orders.idempotency_key, key)))[0], placed: false };
  });
  if (!placed.placed) return placed;

  const order = placed.order;
  // the provider's id for the debit, kept the moment it is known; the order is pending from then on (a webhook may settle it first)
  const underWay = (gatewayOrderId: string) =>
    db
      .update(orders)
      .set({ gateway_order_id: gatewayOrderId, status: sql`case when ${orders.status} = 'created' then 'pending' else ${orders.status} end`, updated_at: new Date() })
      .where(and(eq(orders.id, order.id), or(isNull(orders.gateway_order_id), eq(orders.gateway_order_id, gatewayOrderId))));
  let gatewayOrderId: string;
  try {
    ({ gatewayOrderId } = await gateway.mandates.charge({
      ...mandateHandle(mandate),
      orderId: order.order_id,
      amountMinor: total,
      currency: sub.currency,
      donor: { email: donor?.email ?? '', phone: donor?.phone ?? null },
      beforeDebit: async (id) => {
        await underWay(id);
      },
    }));
  } catch (error) {
    if (error instanceof GatewayRefusedError) {
      // the provider certainly took nothing: the try fails (technical unless it said why), and the subscription follows
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(orders)
          .set({ status: 'failed', failure_reason: error.failureReason ?? GATEWAY_REFUSED_REASON, updated_at: new Date() })
          .where(and(eq(orders.id, order.id), inArray(orders.status, ['created', 'pending'])))
          .returning({ order_id: orders.order_id });
        if (failed) await afterSipCharge(tx, failed);
      });
    } else {
      // the donor may have been debited: never failed here (a new try would debit again); its webhook or reconciliation settles it
      await db.update(orders).set({ status: 'pending', updated_at: new Date() }).where(and(eq(orders.id, order.id), eq(orders.status, 'created')));
    }
    await reportError(error, { orderId: order.order_id, subscriptionId });
    return { order: (await db.select().from(orders).where(eq(orders.id, order.id)))[0], placed: true };
  }
  try {
    await underWay(gatewayOrderId);
    // a gateway that already knows the result says so now; otherwise its webhook or reconciliation will
    const event = await gateway.fetchStatus(gatewayOrderId);
    // settled as every payment is: the cause's fundraisers show the new total at once (this process expires its own pages)
    if (event && event.status !== 'pending') await afterSettle(db, await applyGatewayEvent(db, mandate.gateway, event, 'reconcile'));
  } catch (error) {
    // the debit was asked for: whatever failed here, its webhook or reconciliation settles the order
    await reportError(error, { orderId: order.order_id, subscriptionId });
  }
  return { order: (await db.select().from(orders).where(eq(orders.id, order.id)))[0], placed: true };
}
