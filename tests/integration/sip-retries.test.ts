// Failed SIP debits: retries by reason on the schedule of lib/sip/retries.ts (insufficient funds 2 then 4
// days later, a technical failure every 3 hours up to 3 times), a pause with an email after the last, a revoked
// mandate waiting for a new one (its month charged once within 10 days), and never two payments kept for one month,
// whatever the order or number of gateway callbacks. Narrowed to this file's own SIPs (a shared PostgreSQL is fine).
import { and, eq } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db/client';
import { ledgerEntries, mandates, orders, outbox, refunds, subscriptions } from '@/lib/db/schema';
import * as registry from '@/lib/payments/registry';
import { handleWebhook } from '@/lib/payments/results';
import { sandboxSecret } from '@/lib/payments/registry';
import { SANDBOX_SIGNATURE_HEADER, sandboxSign, setSandboxMandateOutcome, type SandboxMandateOutcome } from '@/lib/payments/sandbox';
import { GATEWAY_REFUSED_REASON } from '@/lib/payments/order-state';
import { GatewayRefusedError } from '@/lib/payments/gateway';
import { sipChargeKey } from '@/lib/sip/charge';
import { chargeDueSubscriptions } from '@/lib/sip/charge-due';
import { addSipMonths, sipPeriod, SIP_MONTH_ALREADY_PAID } from '@/lib/sip/settled';
import { sipRetryFaq, SIP_RETRY_SCHEDULE } from '@/lib/sip/retries';
import { SIP_STATUS } from '@/lib/sip/status';
import { DAY_MS } from '@/lib/constants/time';
import { makeSubscription, makeUser } from '../factories';

jest.mock('@/lib/payments/registry', () => {
  const actual = jest.requireActual('@/lib/payments/registry');
  return { ...actual, gatewayFor: jest.fn(actual.gatewayFor) };
});

const ORIGIN = 'http://localhost:3000';
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
let db: Db;

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

/** A donor's ₹500 SIP due an hour ago, whose sandbox mandate's debits end as `outcome`. */
async function dueSip(outcome: SandboxMandateOutcome) {
  const donor = await makeUser(db, 'Sip Retry');
  const made = await makeSubscription(db, { userId: donor.id, lines: [{ sip_cause: 'animals', amount_minor: 50_000 }] });
  await setSandboxMandateOutcome(db, made.mandate!.gateway_mandate_id, outcome);
  const [sub] = await db.update(subscriptions).set({ next_payment_date: new Date(Date.now() - HOUR_MS) }).where(eq(subscriptions.id, made.subscription.id)).returning();
  return { donor, sub, mandate: made.mandate!, period: sipPeriod(sub.next_payment_date!) };
}

const subNow = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const ordersOf = (id: number) => db.select().from(orders).where(eq(orders.subscription_id, id)).orderBy(orders.id);
const mailTo = (email: string, subject: string) => db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.subject, subject)));
const runAt = (id: number, now: Date) => chargeDueSubscriptions(db, { origin: ORIGIN, now, subscriptionIds: [id] });
/** What the month's orders credited and took back, all told. */
const ledgerOf = async (orderIds: string[]) => {
  let sum = 0;
  for (const id of orderIds) {
    for (const e of await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, id))) sum += e.amount_minor;
    for (const r of await db.select().from(refunds).innerJoin(orders, eq(orders.id, refunds.order_id)).where(eq(orders.order_id, id))) {
      for (const e of await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `refund:${r.refunds.refund_id}`))) sum += e.amount_minor;
    }
  }
  return sum;
};
const near = (actual: Date | null, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual!.getTime() - expected)).toBeLessThan(MINUTE_MS);
};

const webhook = (body: Record<string, string>) => {
  const raw = JSON.stringify(body);
  return handleWebhook(db, 'sandbox', raw, new Headers({ [SANDBOX_SIGNATURE_HEADER]: sandboxSign(sandboxSecret(), raw) }), ORIGIN);
};
const paymentEvent = (order: typeof orders.$inferSelect, status: 'success' | 'failed', eventId: string, paymentId = `sbx_pay_late_${order.order_id}`) =>
  webhook({ event_id: eventId, type: `payment.${status}`, gateway_order_id: order.gateway_order_id!, payment_id: paymentId, status, amount: String(order.donated_amount_minor), currency: order.iso_currency });

describe('retries by reason', () => {
  it('insufficient funds: again 2 days later, then 4 days after that, then paused (status 2) with an email', async () => {
    const { sub, donor, period } = await dueSip('insufficient_funds');
    let at = Date.now();
    expect(await runAt(sub.id, new Date(at))).toMatchObject({ placed: 1, failed: 1 });
    let s = await subNow(sub.id);
    expect(s).toMatchObject({ status_flag: SIP_STATUS.paymentFailing, retry_count: 1, last_failure_reason: 'insufficient_funds' });
    near(s.next_retry_at, at + 2 * DAY_MS);
    // a retry two days away is a debit of its own: the donor is told its date and amount ahead
    const retryDay = s.next_retry_at!.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
    const [notice] = await mailTo(donor.email, `We will try your monthly SIP of ₹500 again on ${retryDay}`);
    expect(notice.body).toContain('the bank declined it');
    expect(notice.body).toContain('/sip/manage?token=');
    // nothing happens before the retry is due
    expect(await runAt(sub.id, new Date(at + 2 * DAY_MS - HOUR_MS))).toMatchObject({ placed: 0 });

    at = Date.now();
    expect(await runAt(sub.id, new Date(s.next_retry_at!.getTime() + MINUTE_MS))).toMatchObject({ placed: 1, failed: 1 });
    s = await subNow(sub.id);
    expect(s.retry_count).toBe(2);
    near(s.next_retry_at, at + 4 * DAY_MS);

    expect(await runAt(sub.id, new Date(s.next_retry_at!.getTime() + MINUTE_MS))).toMatchObject({ placed: 1, failed: 1 });
    s = await subNow(sub.id);
    expect(s).toMatchObject({ status_flag: SIP_STATUS.pausedByDonor, retry_count: 0, next_retry_at: null, last_failure_reason: 'insufficient_funds' });
    expect(s.next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
    const [paused] = await mailTo(donor.email, 'Your monthly SIP is paused');
    expect(paused.body).toContain(`${ORIGIN}/sip`);

    // three tries of one month, each under its own key, none paid; a paused SIP is not tried again
    const tries = await ordersOf(sub.id);
    expect(tries.map((o) => [o.idempotency_key, o.status, o.failure_reason])).toEqual([0, 1, 2].map((n) => [sipChargeKey(sub.id, period, n), 'failed', 'insufficient_funds']));
    expect(await runAt(sub.id, new Date(Date.now() + 60 * DAY_MS))).toMatchObject({ placed: 0 });
  });

  it('a technical failure: again 3 hours later, up to 3 times, then paused', async () => {
    const { sub, donor } = await dueSip('technical');
    let now = new Date();
    for (let n = 1; n <= 3; n++) {
      const at = Date.now();
      expect(await runAt(sub.id, now)).toMatchObject({ placed: 1, failed: 1 });
      const s = await subNow(sub.id);
      expect(s).toMatchObject({ retry_count: n, status_flag: SIP_STATUS.paymentFailing, last_failure_reason: 'technical' });
      near(s.next_retry_at, at + 3 * HOUR_MS);
      now = new Date(s.next_retry_at!.getTime() + MINUTE_MS);
    }
    expect(await runAt(sub.id, now)).toMatchObject({ placed: 1, failed: 1 });
    expect(await subNow(sub.id)).toMatchObject({ status_flag: SIP_STATUS.pausedByDonor, retry_count: 0 });
    expect(await ordersOf(sub.id)).toHaveLength(4);
    // retries hours apart fall inside the month's notice: no notice each
    expect((await db.select().from(outbox).where(eq(outbox.recipient, donor.email))).filter((m) => m.subject?.startsWith('We will try'))).toEqual([]);
    expect(await mailTo(donor.email, 'Your monthly SIP is paused')).toHaveLength(1);
  });

  it('a gateway that refuses the debit counts as a technical failure', async () => {
    const { sub } = await dueSip('success');
    const mocked = registry.gatewayFor as jest.MockedFunction<typeof registry.gatewayFor>;
    const real = jest.requireActual('@/lib/payments/registry').gatewayFor as typeof registry.gatewayFor;
    mocked.mockImplementation((name, origin) => {
      const g = real(name, origin);
      return g && Object.assign(Object.create(Object.getPrototypeOf(g)), g, { mandates: { ...g.mandates!, charge: async () => Promise.reject(new GatewayRefusedError('gateway down')) } });
    });
    try {
      const at = Date.now();
      expect(await runAt(sub.id, new Date())).toMatchObject({ placed: 1, failed: 1 });
      const [order] = await ordersOf(sub.id);
      expect(order).toMatchObject({ status: 'failed', failure_reason: GATEWAY_REFUSED_REASON, gateway_order_id: null });
      const s = await subNow(sub.id);
      expect(s).toMatchObject({ retry_count: 1, last_failure_reason: 'technical' });
      near(s.next_retry_at, at + 3 * HOUR_MS);
    } finally {
      mocked.mockImplementation(real);
    }
    // the gateway is back: the retry pays the month
    expect(await runAt(sub.id, new Date(Date.now() + 3 * HOUR_MS + MINUTE_MS))).toMatchObject({ placed: 1, succeeded: 1 });
  });

  it('a retry that is paid ends the month: the date moves on, the retry state is cleared, one payment for the month', async () => {
    const { sub, mandate, period } = await dueSip('insufficient_funds');
    await runAt(sub.id, new Date());
    await setSandboxMandateOutcome(db, mandate.gateway_mandate_id, 'success');
    const s = await subNow(sub.id);
    expect(s.status_flag).toBe(SIP_STATUS.paymentFailing);
    expect(await runAt(sub.id, new Date(s.next_retry_at!.getTime() + MINUTE_MS))).toMatchObject({ placed: 1, succeeded: 1 });
    expect(await subNow(sub.id)).toMatchObject({ retry_count: 0, next_retry_at: null, last_failure_reason: null, status_flag: SIP_STATUS.active });
    expect((await subNow(sub.id)).next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
    const tries = await ordersOf(sub.id);
    expect(tries.map((o) => [o.period, o.status])).toEqual([[period, 'failed'], [period, 'success']]);
    expect(await ledgerOf(tries.map((o) => o.order_id))).toBe(50_000);
  });

  it('a try that failed without its SIP hearing of it (reconciliation expired it) is followed by the next run', async () => {
    const { sub, period } = await dueSip('success');
    const [m] = await db.select().from(mandates).where(eq(mandates.id, sub.mandate_id!));
    // as reconcilePendingOrders leaves an order whose server died before the gateway heard of it
    await db.insert(orders).values({ order_id: `SIPSTUCK${sub.id}${Date.now()}`, kind: 'sip', user_id: sub.user_id, subscription_id: sub.id, mandate_id: m.id, period, idempotency_key: sipChargeKey(sub.id, period), payment_mode: m.method, payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 50_000, credited_amount_minor: 50_000, status: 'failed', failure_reason: 'expired', params: { lines: [], attempt: 0 } });
    expect(await runAt(sub.id, new Date())).toMatchObject({ placed: 0, alreadyPlaced: 1 });
    const s = await subNow(sub.id);
    expect(s.retry_count).toBe(1);
    expect(s.next_retry_at).not.toBeNull();
    // and its retry, under the next key, pays the month
    expect(await runAt(sub.id, new Date(s.next_retry_at!.getTime() + MINUTE_MS))).toMatchObject({ placed: 1, succeeded: 1 });
    expect((await ordersOf(sub.id)).map((o) => o.idempotency_key)).toEqual([sipChargeKey(sub.id, period), sipChargeKey(sub.id, period, 1)]);
  });

  it('is written once for the FAQ', () => {
    expect(sipRetryFaq()).toEqual([
      { reason: 'insufficient_funds', retryAfterHours: [48, 96], then: 'paused' },
      { reason: 'technical', retryAfterHours: [3, 3, 3], then: 'paused' },
      { reason: 'mandate_revoked', retryAfterHours: [], then: 'new_mandate' },
      { reason: 'mandate_expired', retryAfterHours: [], then: 'new_mandate' },
    ]);
    expect(SIP_RETRY_SCHEDULE.mandate_revoked.kind).toBe('new_mandate');
  });
});

describe('a revoked mandate', () => {
  it('is never retried: status 5, the month missed, an email with a link; a new mandate within 10 days charges the month once', async () => {
    const { sub, donor, period } = await dueSip('mandate_revoked');
    expect(await runAt(sub.id, new Date())).toMatchObject({ placed: 1, failed: 1 });
    expect(await subNow(sub.id)).toMatchObject({ status_flag: SIP_STATUS.awaitingMandate, missed_period: period, next_retry_at: null, last_failure_reason: 'mandate_revoked' });
    const [mail] = await mailTo(donor.email, 'Please set up your SIP payment method again');
    expect(mail.body).toContain(`${ORIGIN}/sip`);
    expect(mail.body).toContain('10 days');
    expect(await runAt(sub.id, new Date(Date.now() + 5 * DAY_MS))).toMatchObject({ placed: 0 });

    // the donor sets up a new mandate (lib/sip/mandate-events.ts restarts the SIP on the same date)
    const [fresh] = await db.insert(mandates).values({ user_id: donor.id, gateway: 'sandbox', gateway_mandate_id: `sbx_mdt_renewed_${sub.id}_${Date.now()}`, method: 'UPIRECURRING', currency: 'INR', max_amount_minor: 100_000, status: 'active' }).returning();
    await db.update(subscriptions).set({ mandate_id: fresh.id, status_flag: SIP_STATUS.active }).where(eq(subscriptions.id, sub.id));
    const runs = await Promise.all([1, 2].map(() => runAt(sub.id, new Date(Date.now() + 5 * DAY_MS))));
    expect(runs[0].placed + runs[1].placed).toBe(1);
    const tries = await ordersOf(sub.id);
    expect(tries.map((o) => [o.period, o.status])).toEqual([[period, 'failed'], [period, 'success']]);
    expect(await subNow(sub.id)).toMatchObject({ missed_period: null, status_flag: SIP_STATUS.active, retry_count: 0 });
  });

  it('a new mandate after 10 days does not collect the missed month: the next one is charged', async () => {
    const { sub, donor, period } = await dueSip('mandate_revoked');
    await runAt(sub.id, new Date());
    await setSandboxMandateOutcome(db, (await db.select().from(mandates).where(eq(mandates.id, sub.mandate_id!)))[0].gateway_mandate_id, 'success');
    await db.update(subscriptions).set({ status_flag: SIP_STATUS.active }).where(eq(subscriptions.id, sub.id));
    const late = new Date(sub.next_payment_date!.getTime() + 11 * DAY_MS);
    const run = await runAt(sub.id, late);
    expect(run).toMatchObject({ placed: 0, skipped: 1 });
    const s = await subNow(sub.id);
    expect(s).toMatchObject({ missed_period: null, retry_count: 0 });
    expect(s.next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
    expect((await ordersOf(sub.id)).map((o) => o.period)).toEqual([period]);
    expect(donor.id).toBe(sub.user_id);
  });
});

describe('nothing is charged twice, whatever the gateway says and however often', () => {
  it('a webhook replayed, repeated under other ids, or contradicted after the payment changes nothing', async () => {
    const { sub, donor } = await dueSip('success');
    await runAt(sub.id, new Date());
    const [order] = await ordersOf(sub.id);
    const before = { sub: await subNow(sub.id), ledger: await ledgerOf([order.order_id]), receipts: (await db.select().from(outbox).where(eq(outbox.recipient, donor.email))).length };
    expect(before.ledger).toBe(50_000);
    const success = { event_id: `evt_sip_replay_${order.order_id}`, type: 'payment.success', gateway_order_id: order.gateway_order_id!, payment_id: order.gateway_payment_id!, status: 'success', amount: '50000', currency: 'INR' };
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await webhook(success)).result);
    outcomes.push((await webhook({ ...success, event_id: `${success.event_id}_other` })).result);
    outcomes.push((await paymentEvent(order, 'failed', `evt_sip_failed_after_${order.order_id}`)).result);
    expect(outcomes).toEqual(['unchanged', 'duplicate', 'duplicate', 'unchanged', 'unchanged']);
    expect(await ordersOf(sub.id)).toEqual([expect.objectContaining({ status: 'success' })]);
    expect(await ledgerOf([order.order_id])).toBe(50_000);
    expect(await subNow(sub.id)).toEqual(before.sub);
    expect((await db.select().from(outbox).where(eq(outbox.recipient, donor.email))).length).toBe(before.receipts);
  });

  it('a failed try later captured before its retry pays the month and cancels the retry', async () => {
    const { sub, period } = await dueSip('insufficient_funds');
    await runAt(sub.id, new Date());
    const [failed] = await ordersOf(sub.id);
    expect((await paymentEvent(failed, 'success', `evt_late_${failed.order_id}`)).result).toBe('settled');
    const s = await subNow(sub.id);
    expect(s).toMatchObject({ retry_count: 0, next_retry_at: null });
    expect(s.next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
    // the retry's day comes and goes: nothing more for this month
    expect(await runAt(sub.id, new Date(Date.now() + 2 * DAY_MS + HOUR_MS))).toMatchObject({ placed: 0 });
    expect((await ordersOf(sub.id)).map((o) => [o.period, o.status])).toEqual([[period, 'success']]);
  });

  it('a failed try captured after its retry was paid is sent back by the next run: the month keeps one payment', async () => {
    const { sub, mandate, period } = await dueSip('insufficient_funds');
    await runAt(sub.id, new Date());
    await setSandboxMandateOutcome(db, mandate.gateway_mandate_id, 'success');
    await runAt(sub.id, new Date((await subNow(sub.id)).next_retry_at!.getTime() + MINUTE_MS));
    const [first, retry] = await ordersOf(sub.id);
    expect([first.status, retry.status]).toEqual(['failed', 'success']);
    const dateAfterRetry = (await subNow(sub.id)).next_payment_date;

    // the bank captures the first try after all, and says so twice
    expect((await paymentEvent(first, 'success', `evt_late_${first.order_id}`)).result).toBe('settled');
    expect((await paymentEvent(first, 'success', `evt_late_${first.order_id}`)).result).toBe('duplicate');
    expect((await db.select().from(orders).where(eq(orders.id, first.id)))[0]).toMatchObject({ status: 'success', failure_reason: SIP_MONTH_ALREADY_PAID });
    expect((await subNow(sub.id)).next_payment_date).toEqual(dateAfterRetry);

    const run = await runAt(sub.id, new Date());
    expect(run.refundedDuplicates).toBe(1);
    expect((await db.select().from(orders).where(eq(orders.id, first.id)))[0].status).toBe('refunded');
    expect(await ledgerOf([first.order_id, retry.order_id])).toBe(50_000);
    // a later run refunds nothing more
    expect((await runAt(sub.id, new Date())).refundedDuplicates).toBe(0);
    const paid = (await ordersOf(sub.id)).filter((o) => o.period === period && o.status === 'success');
    expect(paid.map((o) => o.id)).toEqual([retry.id]);
  });
});
