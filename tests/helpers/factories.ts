// Factories: tests create the people and fundraisers they need through the product's own functions, on the
// reference data every database has (causes, rates), without reading the demo seed.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { fundraisers, mandates, orders, subscriptionLines, subscriptions } from '@/lib/db/schema';
import { recordMandateCover } from '@/lib/sip/cover';
import { applyGatewayEvent } from '@/lib/payments/events';
import { seedReference } from '@/demo/seed';
import { createUser } from '@/lib/auth/accounts';
import { CAUSE } from '@/lib/constants/fundraisers';
import { DAY_MS } from '@/lib/constants/time';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';

const run = Date.now().toString(36);
let seq = 0;

export async function referenceData(db: Db): Promise<void> {
  await seedReference(db);
}

export async function makeUser(db: Db, name = 'Test Person') {
  return createUser(db, { full_name: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${run}.${++seq}@example.com` });
}

/** A running public rupee fundraiser of a new campaigner unless the values say otherwise. */
export async function makeFundraiser(db: Db, values: Partial<typeof fundraisers.$inferInsert> = {}) {
  await referenceData(db);
  const campaigner_id = values.campaigner_id ?? (await makeUser(db, 'Test Campaigner')).id;
  const n = ++seq;
  const [f] = await db
    .insert(fundraisers)
    .values({
      custom_tag: `test-${run}-${n}`,
      title: `Test fundraiser ${run} ${n}`,
      status_flag: FUNDRAISER_STATUS.live,
      end_date: new Date(Date.now() + 30 * DAY_MS),
      currency: 'INR',
      goal_minor: 10_000_000,
      cause_id: CAUSE.personalMedical,
      parent_cause_id: CAUSE.personalMedical,
      ...values,
      campaigner_id,
    })
    .returning();
  return f;
}

/**
 * An order as the product leaves it: written as placed, then settled by the same applyGatewayEvent a
 * gateway's webhook goes through (ledger, totals, receipt). Times given in the row are kept.
 */
export async function makeOrder(db: Db, row: typeof orders.$inferInsert) {
  const { status = 'created', created_at, updated_at, settled_at, gateway_payment_id, charged: _charged, ...placed } = row;
  const gatewayOrderId = placed.gateway_order_id ?? `test_order_${placed.order_id}`;
  const [order] = await db.insert(orders).values({ ...placed, gateway_order_id: gatewayOrderId, status: 'created' }).returning();
  if (status === 'refunded') throw new Error('makeOrder settles payments; refund one with requestRefund');
  if (status !== 'created') {
    await applyGatewayEvent(db, order.payment_gateway, {
      eventId: `test:${order.order_id}`,
      type: `payment.${status}`,
      gatewayOrderId,
      gatewayPaymentId: status === 'success' ? (gateway_payment_id ?? `test_pay_${order.order_id}`) : null,
      status,
      amountMinor: order.donated_amount_minor + order.tip_amount_minor,
      currency: order.iso_currency,
      payload: {},
    }, 'webhook');
  }
  const times = { ...(created_at ? { created_at } : {}), ...(updated_at ? { updated_at } : {}), ...(settled_at !== undefined ? { settled_at } : {}) };
  if (Object.keys(times).length) await db.update(orders).set(times).where(eq(orders.id, order.id));
  return (await db.select().from(orders).where(eq(orders.id, order.id)))[0];
}

/** A monthly SIP of a donor, with lines per cause (or fundraiser), under an active sandbox mandate unless told. */
export async function makeSubscription(
  db: Db,
  o: { userId: number; currency?: string; lines: ({ sip_cause: string; amount_minor: number } | { fundraiser_id: number; amount_minor: number })[]; mandate?: 'active' | 'created' | null },
) {
  const currency = o.currency ?? 'INR';
  const total = o.lines.reduce((n, l) => n + l.amount_minor, 0);
  const [mandate] = o.mandate === null
    ? []
    : await db
        .insert(mandates)
        .values({ user_id: o.userId, gateway: 'sandbox', gateway_mandate_id: `sbx_mdt_test_${run}_${++seq}`, method: 'UPIRECURRING', currency, max_amount_minor: total * 2, status: o.mandate ?? 'active', authorised_at: (o.mandate ?? 'active') === 'active' ? new Date() : null })
        .returning();
  const first = o.lines[0];
  const [sub] = await db
    .insert(subscriptions)
    .values({ user_id: o.userId, sip_cause: 'sip_cause' in first ? first.sip_cause : 'medical', fundraiser_id: 'fundraiser_id' in first && o.lines.length === 1 ? first.fundraiser_id : null, currency, amount_minor: total, payment_gateway: 'sandbox', mandate_id: mandate?.id ?? null })
    .returning();
  await db.insert(subscriptionLines).values(o.lines.map((l) => ({ subscription_id: sub.id, amount_minor: l.amount_minor, ...('sip_cause' in l ? { sip_cause: l.sip_cause } : { fundraiser_id: l.fundraiser_id }) })));
  // the mandate was set up for this SIP, as subscribing records it
  if (mandate) await recordMandateCover(db, mandate.id, [sub.id]);
  return { subscription: sub, mandate: mandate ?? null };
}
