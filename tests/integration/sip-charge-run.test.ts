// The SIP charge run: which SIPs are due (paused, skipped, not due and cancelled ones are not), one order per
// SIP per month however many runs go at once, the date moved by the SIP's interval, a SIP without an active mandate
// sent to wait for one, and the pre-debit notice once per month, 24 to 48 hours ahead. Runs on the file's own
// database or a shared PostgreSQL: every query is narrowed to this file's own SIPs and donors.
import { and, eq, inArray, like } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db/client';
import { ledgerEntries, orders, outbox, subscriptions, users } from '@/lib/db/schema';
import * as registry from '@/lib/payments/registry';
import { checkLedger } from '@/lib/payments/ledger-check';
import { sipChargeKey } from '@/lib/sip/charge';
import { chargeDueSubscriptions, runSipChargeDue } from '@/lib/sip/charge-due';
import { sendPreDebitNotices, upcomingPaymentOf } from '@/lib/sip/pre-debit';
import { addSipMonths, sipPeriod } from '@/lib/sip/settled';
import { SIP_STATUS } from '@/lib/sip/status';
import { DAY_MS } from '@/lib/constants/time';
import { applyGatewayEvent } from '@/lib/payments/events';
import { UnregisteredReactionError, withoutOrderReaction } from '@/lib/payments/reactions';
import { withExpiryOutsideNext } from '@/lib/cache/invalidate';
import { CACHE_TAGS } from '@/lib/cache/tags';
import { makeFundraiser, makeSubscription, makeUser } from '../factories';

// every gateway the charge run asks for is the real one, counted: the test can tell how often a debit was asked
jest.mock('@/lib/payments/registry', () => {
  const actual = jest.requireActual('@/lib/payments/registry');
  return { ...actual, gatewayFor: jest.fn(actual.gatewayFor) };
});

const ORIGIN = 'http://localhost:3000';
const HOUR_MS = 60 * 60 * 1000;
let db: Db;

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

/** A donor's ₹500 medical SIP under an active sandbox mandate, due an hour ago unless the values say otherwise. */
async function dueSip(values: Partial<typeof subscriptions.$inferInsert> = {}, mandate: 'active' | 'created' = 'active') {
  const donor = await makeUser(db, 'Sip Runner');
  const made = await makeSubscription(db, { userId: donor.id, lines: [{ sip_cause: 'medical', amount_minor: 50_000 }], mandate });
  const [sub] = await db
    .update(subscriptions)
    .set({ status_flag: SIP_STATUS.active, next_payment_date: new Date(Date.now() - HOUR_MS), ...values })
    .where(eq(subscriptions.id, made.subscription.id))
    .returning();
  return { donor, sub, mandate: made.mandate! };
}

const subNow = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const ordersOf = (id: number) => db.select().from(orders).where(eq(orders.subscription_id, id)).orderBy(orders.id);
const mailTo = (email: string) => db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);

/** Counts the mandate debits each order asked its gateway for, while fn runs. */
async function countingDebits<T>(fn: () => Promise<T>): Promise<{ result: T; debits: Map<string, number> }> {
  const debits = new Map<string, number>();
  const real = jest.requireActual('@/lib/payments/registry').gatewayFor as typeof registry.gatewayFor;
  const mocked = registry.gatewayFor as jest.MockedFunction<typeof registry.gatewayFor>;
  mocked.mockImplementation((name, origin) => {
    const g = real(name, origin);
    if (!g?.mandates) return g;
    const charge = g.mandates.charge;
    return Object.assign(Object.create(Object.getPrototypeOf(g)), g, {
      mandates: { ...g.mandates, charge: async (req: Parameters<typeof charge>[0]) => (debits.set(req.orderId, (debits.get(req.orderId) ?? 0) + 1), charge(req)) },
    });
  });
  try {
    return { result: await fn(), debits };
  } finally {
    mocked.mockImplementation(real);
  }
}

describe('the charge run', () => {
  it('charges a due SIP once for its month, moves its date by its interval, and credits the ledger as the totals', async () => {
    const { sub } = await dueSip({ month_interval: 3 });
    const period = sipPeriod(sub.next_payment_date!);
    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] });
    expect(run).toMatchObject({ placed: 1, succeeded: 1, failed: 0, alreadyPlaced: 0 });
    const [order] = await ordersOf(sub.id);
    expect(order).toMatchObject({ kind: 'sip', period, idempotency_key: sipChargeKey(sub.id, period), status: 'success', charged: true, donated_amount_minor: 50_000 });
    const after = await subNow(sub.id);
    expect(after.next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 3));
    expect(after).toMatchObject({ status_flag: SIP_STATUS.active, retry_count: 0, next_retry_at: null, missed_period: null });
    const credited = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, order.order_id));
    expect(credited.reduce((n, e) => n + e.amount_minor, 0)).toBe(50_000);
    expect((await checkLedger(db)).mismatchedFundraisers).toEqual([]);

    // run again: the month is paid and the next one is three months away
    expect(await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] })).toMatchObject({ placed: 0, alreadyPlaced: 0 });
    // three months later the next month is charged, under its own key
    const later = await chargeDueSubscriptions(db, { origin: ORIGIN, now: new Date(after.next_payment_date!.getTime() + HOUR_MS), subscriptionIds: [sub.id] });
    expect(later).toMatchObject({ placed: 1, succeeded: 1 });
    expect((await ordersOf(sub.id)).map((o) => o.period)).toEqual([period, sipPeriod(after.next_payment_date!)]);
  });

  it('a paid month expires the pages of the fundraisers it credited, as any settled payment does (their totals moved)', async () => {
    const f = await makeFundraiser(db, { title: `Monthly cause ${Date.now()}` });
    const donor = await makeUser(db, 'Sip Page Reader');
    const made = await makeSubscription(db, { userId: donor.id, lines: [{ fundraiser_id: f.id, amount_minor: 50_000 }] });
    const [sub] = await db.update(subscriptions).set({ status_flag: SIP_STATUS.active, next_payment_date: new Date(Date.now() - HOUR_MS) }).where(eq(subscriptions.id, made.subscription.id)).returning();
    const expired: string[] = [];
    const run = await withExpiryOutsideNext(async (tags) => void expired.push(...tags), () => chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] }));
    expect(run).toMatchObject({ placed: 1, succeeded: 1 });
    const [order] = await ordersOf(sub.id);
    expect(order.status).toBe('success');
    expect(expired).toContain(CACHE_TAGS.fundraiser(f.id));
  });

  it('a paid month whose kind has no registered reaction never settles half: the transaction rolls back, and settles once registered', async () => {
    const { sub, mandate } = await dueSip();
    const putBack = withoutOrderReaction('sip');
    let event;
    try {
      await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] });
      const [order] = await ordersOf(sub.id);
      expect(order.status).not.toBe('success');
      event = await registry.gatewayFor(mandate.gateway, ORIGIN)!.fetchStatus(order.gateway_order_id!);
      await expect(applyGatewayEvent(db, mandate.gateway, event!, 'reconcile')).rejects.toThrow(UnregisteredReactionError);
      expect((await ordersOf(sub.id))[0]).toMatchObject({ status: order.status, charged: false });
      expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, order.order_id))).toEqual([]);
      expect((await subNow(sub.id)).next_payment_date).toEqual(sub.next_payment_date);
    } finally {
      putBack();
    }
    expect(await applyGatewayEvent(db, mandate.gateway, event!, 'reconcile')).toMatchObject({ result: 'settled', status: 'success', credited: true });
    expect((await subNow(sub.id)).next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
  });

  it('leaves alone SIPs paused, skipping this month, not yet due or cancelled; a skipped month moves the date on', async () => {
    const now = new Date();
    const pausedByDonor = await dueSip({ status_flag: SIP_STATUS.pausedByDonor, paused_until: new Date(now.getTime() + 30 * DAY_MS) });
    const pausedStillRunning = await dueSip({ paused_until: new Date(now.getTime() + 30 * DAY_MS) });
    const skipping = await dueSip();
    await db.update(subscriptions).set({ skip_period: sipPeriod(skipping.sub.next_payment_date!) }).where(eq(subscriptions.id, skipping.sub.id));
    const notDue = await dueSip({ next_payment_date: new Date(now.getTime() + DAY_MS) });
    const cancelled = await dueSip({ status_flag: SIP_STATUS.cancelled, cancelled_at: now });
    // status 4 is charged only when its retry comes (sip-retries.test.ts)
    const failing = await dueSip({ status_flag: SIP_STATUS.paymentFailing, retry_count: 1, next_retry_at: new Date(now.getTime() + DAY_MS) });
    const waiting = await dueSip({ status_flag: SIP_STATUS.awaitingMandate });
    const retryLater = await dueSip({ retry_count: 1, next_retry_at: new Date(now.getTime() + DAY_MS) });
    const ids = [pausedByDonor, pausedStillRunning, skipping, notDue, cancelled, failing, waiting, retryLater].map((x) => x.sub.id);

    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, now, subscriptionIds: ids });
    expect(run).toMatchObject({ placed: 0, skipped: 1, errors: 0 });
    expect(await db.select().from(orders).where(inArray(orders.subscription_id, ids))).toEqual([]);
    const skipped = await subNow(skipping.sub.id);
    expect(skipped).toMatchObject({ skip_period: null, status_flag: SIP_STATUS.active });
    expect(skipped.next_payment_date).toEqual(addSipMonths(skipping.sub.next_payment_date!, 1));

    // once a pause of a still-running SIP has ended, its date (inside the pause) is not charged: the first one after it is
    const pauseEnd = new Date(now.getTime() + 30 * DAY_MS + HOUR_MS);
    const resumed = await chargeDueSubscriptions(db, { origin: ORIGIN, now: pauseEnd, subscriptionIds: [pausedStillRunning.sub.id] });
    expect(resumed).toMatchObject({ placed: 0, skipped: 1 });
    const moved = await subNow(pausedStillRunning.sub.id);
    expect(moved.paused_until).toBeNull();
    expect(moved.next_payment_date!.getTime()).toBeGreaterThanOrEqual(pausedStillRunning.sub.paused_until!.getTime());
  });

  it('two runs at once place one order per SIP per month, and each debit is asked of the gateway once', async () => {
    const sips = await Promise.all([1, 2, 3, 4, 5, 6].map(() => dueSip()));
    const ids = sips.map((s) => s.sub.id);
    const { result: runs, debits } = await countingDebits(() => Promise.all([1, 2].map(() => chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: ids }))));
    expect(runs[0].placed + runs[1].placed).toBe(6);
    expect(runs[0].succeeded + runs[1].succeeded).toBe(6);
    const placed = await db.select().from(orders).where(inArray(orders.subscription_id, ids));
    expect(placed).toHaveLength(6);
    expect(new Set(placed.map((o) => o.subscription_id)).size).toBe(6);
    expect(placed.every((o) => o.status === 'success')).toBe(true);
    expect([...debits.keys()].sort()).toEqual(placed.map((o) => o.order_id).sort());
    expect([...debits.values()].every((n) => n === 1)).toBe(true);
    // a third run, and a fourth at once, find nothing left to charge
    const again = await Promise.all([1, 2].map(() => chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: ids })));
    expect(again.map((r) => r.placed)).toEqual([0, 0]);
    expect(await db.select().from(orders).where(inArray(orders.subscription_id, ids))).toHaveLength(6);
    for (const s of sips) expect((await subNow(s.sub.id)).next_payment_date).toEqual(addSipMonths(s.sub.next_payment_date!, 1));
  });

  it('sends a SIP with no active mandate to wait for one: status 5, its month missed, and an email with a link to /sip', async () => {
    const { sub, donor } = await dueSip({}, 'created');
    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] });
    expect(run).toMatchObject({ placed: 0, awaitingMandate: 1 });
    expect(await subNow(sub.id)).toMatchObject({ status_flag: SIP_STATUS.awaitingMandate, missed_period: sipPeriod(sub.next_payment_date!), retry_count: 0 });
    const [mail] = await mailTo(donor.email);
    expect(mail.subject).toBe('Please set up your SIP payment method again');
    expect(mail.body).toContain(`${ORIGIN}/sip`);
    expect(await ordersOf(sub.id)).toEqual([]);
  });
});

describe('the pre-debit notice', () => {
  it('goes once per month, 24 to 48 hours before the debit, by email and by SMS to a donor with a phone', async () => {
    const now = new Date();
    const soon = await dueSip({ next_payment_date: new Date(now.getTime() + 30 * HOUR_MS), amount_minor: 50_000 });
    await db.update(users).set({ phone_1: '9876543210' }).where(eq(users.id, soon.donor.id));
    const tooSoon = await dueSip({ next_payment_date: new Date(now.getTime() + 10 * HOUR_MS) });
    const tooFar = await dueSip({ next_payment_date: new Date(now.getTime() + 60 * HOUR_MS) });
    const skipping = await dueSip({ next_payment_date: new Date(now.getTime() + 30 * HOUR_MS) });
    await db.update(subscriptions).set({ skip_period: sipPeriod(skipping.sub.next_payment_date!) }).where(eq(subscriptions.id, skipping.sub.id));
    const ids = [soon, tooSoon, tooFar, skipping].map((x) => x.sub.id);

    // the job's pass: notices first, then charges (none of these is due yet)
    const pass = await runSipChargeDue(db, { origin: ORIGIN, now, subscriptionIds: ids });
    expect(pass).toMatchObject({ notices: 1, placed: 0 });
    const messages = await mailTo(soon.donor.email);
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toMatch(/^Your monthly SIP of ₹500 will be debited on /);
    expect(messages[0].body).toContain('₹500');
    // with its signed one-tap links: no sign-in needed to lower, pause, skip or cancel before the debit
    expect(messages[0].body).toMatch(/\/sip\/manage\?token=/);
    const [sms] = await mailTo('9876543210');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms.body).toContain('₹500');
    expect((await subNow(soon.sub.id)).pre_debit_period).toBe(sipPeriod(soon.sub.next_payment_date!));
    for (const other of [tooSoon, tooFar, skipping]) expect(await mailTo(other.donor.email)).toEqual([]);

    // a second run (and two at once) sends nothing more
    expect((await Promise.all([1, 2].map(() => sendPreDebitNotices(db, { now, origin: ORIGIN, subscriptionIds: ids })))).map((r) => r.sent)).toEqual([0, 0]);
    expect(await mailTo(soon.donor.email)).toHaveLength(1);
    // the next month's debit gets its own notice
    const next = addSipMonths(soon.sub.next_payment_date!, 1);
    await db.update(subscriptions).set({ next_payment_date: next }).where(eq(subscriptions.id, soon.sub.id));
    expect((await sendPreDebitNotices(db, { now: new Date(next.getTime() - 30 * HOUR_MS), origin: ORIGIN, subscriptionIds: ids })).sent).toBe(1);
    expect(await db.select().from(outbox).where(and(eq(outbox.recipient, soon.donor.email), like(outbox.subject, 'Your monthly SIP%')))).toHaveLength(2);
  });

  it('shows the portfolio an upcoming payment within spec 9\'s 5 days, unless the month is skipped or the SIP not running', () => {
    const now = new Date('2026-11-10T00:00:00Z');
    const sub = { status_flag: SIP_STATUS.active, next_payment_date: new Date('2026-11-13T00:00:00Z'), amount_minor: 50_000, currency: 'INR', paused_until: null, skip_period: null };
    expect(upcomingPaymentOf(sub, now)).toEqual({ date: sub.next_payment_date, period: '2026-11', amount_minor: 50_000, currency: 'INR' });
    expect(upcomingPaymentOf({ ...sub, next_payment_date: new Date('2026-11-16T00:00:00Z') }, now)).toBeNull();
    expect(upcomingPaymentOf({ ...sub, skip_period: '2026-11' }, now)).toBeNull();
    expect(upcomingPaymentOf({ ...sub, status_flag: SIP_STATUS.pausedByDonor }, now)).toBeNull();
    expect(upcomingPaymentOf({ ...sub, next_payment_date: new Date('2026-11-09T00:00:00Z') }, now)).toBeNull();
  });
});

describe('a SIP that ends by itself (status 6)', () => {
  it('a tenure of 2 months: the second paid month ends it with a thank-you, and nothing more is debited', async () => {
    const { donor, sub } = await dueSip({ tenure: 2 });
    expect(await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] })).toMatchObject({ placed: 1, succeeded: 1 });
    const afterFirst = await subNow(sub.id);
    expect(afterFirst.status_flag).toBe(SIP_STATUS.active);
    const second = await chargeDueSubscriptions(db, { origin: ORIGIN, now: new Date(afterFirst.next_payment_date!.getTime() + HOUR_MS), subscriptionIds: [sub.id] });
    expect(second).toMatchObject({ placed: 1, succeeded: 1 });
    expect(await subNow(sub.id)).toMatchObject({ status_flag: SIP_STATUS.completed, cancel_reason: 'tenure_complete', next_payment_date: null });
    const later = new Date(afterFirst.next_payment_date!.getTime() + 40 * DAY_MS);
    expect(await chargeDueSubscriptions(db, { origin: ORIGIN, now: later, subscriptionIds: [sub.id] })).toMatchObject({ placed: 0 });
    expect(await ordersOf(sub.id)).toHaveLength(2);
    const [mail] = (await mailTo(donor.email)).filter((m) => m.subject === 'Your monthly SIP is complete: thank you');
    expect(mail.body).toContain('has given all the 2 months you chose');
    expect(mail.body).toContain('/new/sip');
  });

  it('a SIP for one fundraiser stops when the fundraiser has ended: no debit, the donor told', async () => {
    const f = await makeFundraiser(db, { title: `Ended cause ${Date.now()}`, end_date: new Date(Date.now() - DAY_MS) });
    const donor = await makeUser(db, 'Sip For One');
    const made = await makeSubscription(db, { userId: donor.id, lines: [{ fundraiser_id: f.id, amount_minor: 50_000 }] });
    await db.update(subscriptions).set({ status_flag: SIP_STATUS.active, next_payment_date: new Date(Date.now() - HOUR_MS) }).where(eq(subscriptions.id, made.subscription.id));
    const { result: run, debits } = await countingDebits(() => chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [made.subscription.id] }));
    expect(run).toMatchObject({ placed: 0, ended: 1 });
    expect(debits.size).toBe(0);
    expect(await ordersOf(made.subscription.id)).toEqual([]);
    expect(await subNow(made.subscription.id)).toMatchObject({ status_flag: SIP_STATUS.completed, cancel_reason: 'fundraiser_ended', next_payment_date: null });
    const [mail] = (await mailTo(donor.email)).filter((m) => m.subject === 'Your monthly SIP has stopped: the fundraiser has ended');
    expect(mail.body).toContain(f.title);
  });
});
