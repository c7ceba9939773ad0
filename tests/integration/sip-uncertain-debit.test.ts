// A SIP debit whose answer is lost (a 5xx or a dropped connection after the provider may have debited the donor) is
// never failed on the spot: the try stays pending under the provider's id (Razorpay's order, stored before the debit is
// asked for; Stripe's PaymentIntent, learnt by replaying the same key), or under our own id the provider echoes back,
// until its webhook or reconciliation settles it. Only a provider's refusal fails the try at once. Against local
// stand-ins of api.razorpay.com and api.stripe.com: each case checks the donor is debited once and each month kept once.
import { createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { POST as subscribeRoute } from '@/app/api/sip/subscribe/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { getDb, type Db } from '@/lib/db/client';
import { ledgerEntries, mandates, orders, refunds, subscriptions } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { GATEWAY_REFUSED_REASON } from '@/lib/payments/order-state';
import { ORDER_EXPIRED_REASON, reconcilePendingOrders } from '@/lib/payments/results';
import { chargeDueSubscriptions } from '@/lib/sip/charge-due';
import { nextStepAfterFailure, sipFailureReasonOf, SIP_FAILURE } from '@/lib/sip/retries';
import { addSipMonths, SIP_MONTH_ALREADY_PAID } from '@/lib/sip/settled';
import { SIP_STATUS } from '@/lib/sip/status';
import { ORDER_PAYMENT_WINDOW_MS } from '@/lib/constants/payments';
import { SIP_RETRY_TECHNICAL_HOURS } from '@/lib/constants/sip';
import { signedInPerson } from '../helpers/auth';
import { makeFundraiser, makeOrder } from '../factories';
import { call, closeDb } from '../helpers/db';
import { startGatewayStandIns, type GatewayStandIns } from '../helpers/gateway-standins';

const ORIGIN = 'http://localhost';
const RZP = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_test_secret_123', RAZORPAY_WEBHOOK_SECRET: 'rzp_webhook_secret_456' };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_uncertain', STRIPE_WEBHOOK_SECRET: 'whsec_uncertain_123' };
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
// ids this file makes up are its own on a database other suites share
const RUN = Date.now();
let db: Db;
let standIns: GatewayStandIns;
let seq = 0;

beforeAll(async () => {
  standIns = await startGatewayStandIns();
  Object.assign(process.env, RZP, STRIPE, { RAZORPAY_API_HOST: standIns.base, STRIPE_API_BASE: standIns.base });
  resetEnvForTests();
  db = await getDb();
});
afterAll(async () => {
  for (const k of [...Object.keys(RZP), ...Object.keys(STRIPE), 'RAZORPAY_API_HOST', 'STRIPE_API_BASE']) delete process.env[k];
  resetEnvForTests();
  standIns.close();
  await closeDb();
});

type SubscriptionRow = typeof subscriptions.$inferSelect;

const subNow = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const ordersOf = (subId: number) => db.select().from(orders).where(eq(orders.subscription_id, subId)).orderBy(orders.id);
const runFor = (sub: SubscriptionRow, now?: Date) => chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id], now });
/** What the month's orders credited and took back, all told. */
async function keptFor(subId: number): Promise<number> {
  const ids = (await ordersOf(subId)).map((o) => o.order_id);
  const backs = ids.length ? await db.select({ refund_id: refunds.refund_id }).from(refunds).innerJoin(orders, eq(orders.id, refunds.order_id)).where(inArray(orders.order_id, ids)) : [];
  const groups = [...ids, ...backs.map((r) => `refund:${r.refund_id}`)];
  const lines = groups.length ? await db.select().from(ledgerEntries).where(inArray(ledgerEntries.group_id, groups)) : [];
  return lines.reduce((sum, l) => sum + l.amount_minor, 0);
}
/** Within a minute of `expected` (the run's own clock is a little after the test's). */
const near = (actual: Date | null, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual!.getTime() - expected)).toBeLessThan(MINUTE_MS);
};

// --- Razorpay ---

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

function rzpWebhook(event: string, payload: Record<string, unknown>) {
  const body = JSON.stringify({ entity: 'event', event, payload });
  return call(webhookRoute, '/api/webhooks/razorpay', { gateway: 'razorpay' }, { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(RZP.RAZORPAY_WEBHOOK_SECRET, body), 'x-razorpay-event-id': `evt_u${RUN}_${++seq}` }, body });
}

/** A donor's ₹500 UPI AutoPay SIP, authorised and confirmed at once: its first month is due. */
async function razorpaySip(name: string) {
  const donor = await signedInPerson(db, name);
  const r = await call(subscribeRoute, '/api/sip/subscribe', {}, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.17.0.${++seq % 250}`, ...donor.auth },
    body: JSON.stringify({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 500 }], payment_method: 'UPIRECURRING', vpa: 'asha@okicici' }),
  });
  expect(r.status).toBe(201);
  const [created] = await db.select().from(subscriptions).where(eq(subscriptions.user_id, donor.id));
  const [pending] = await db.select().from(mandates).where(eq(mandates.id, created.mandate_id!));
  const tokenId = `token_U${RUN}${++seq}`;
  standIns.rzpTokens.set(tokenId, { id: tokenId, entity: 'token', recurring: true, recurring_details: { status: 'confirmed', failure_reason: null } });
  const authorisation = { id: `pay_authU${RUN}${seq}`, entity: 'payment', order_id: pending.gateway_mandate_id, amount: 0, currency: 'INR', status: 'captured', customer_id: pending.gateway_customer_id, token_id: tokenId, notes: { mandate_ref: `MDT${pending.id}` } };
  standIns.rzpPayments.set(authorisation.id, authorisation);
  expect((await rzpWebhook('payment.captured', { payment: { entity: authorisation } })).status).toBe(200);
  const sub = await subNow(created.id);
  expect(sub.status_flag).toBe(SIP_STATUS.active);
  const [mandate] = await db.select().from(mandates).where(eq(mandates.id, pending.id));
  return { sub, mandate, tokenId };
}

/** Every recurring payment Razorpay made against this mandate: what the donor was actually debited. */
const rzpDebitsOf = (mandate: typeof mandates.$inferSelect) => [...standIns.rzpPayments.values()].filter((p) => p.recurring === true && p.token_id === mandate.gateway_token);

describe('a Razorpay SIP debit whose answer is lost', () => {
  it('captured at Razorpay behind a 500: the try stays pending under the Razorpay order, the webhook settles it, no second try, one debit', async () => {
    const { sub, mandate } = await razorpaySip('Lost Answer Giver');
    standIns.rzpRecurring.loseAnswer = { paid: true };
    expect(await runFor(sub)).toMatchObject({ placed: 1, pending: 1, failed: 0 });
    const [order] = await ordersOf(sub.id);
    expect(order).toMatchObject({ status: 'pending', failure_reason: null, gateway_order_id: expect.stringMatching(/^order_T/) });
    const debits = rzpDebitsOf(mandate);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ order_id: order.gateway_order_id, status: 'captured', notes: { order_id: order.order_id, kind: 'sip' } });

    // the month is under way: the next run places no second try
    expect(await runFor(sub)).toMatchObject({ placed: 0, alreadyPlaced: 1 });
    const hook = await rzpWebhook('payment.captured', { payment: { entity: debits[0] } });
    expect(hook.body.data.result).toBe('settled');
    expect((await ordersOf(sub.id))[0]).toMatchObject({ status: 'success', charged: true, gateway_payment_id: debits[0].id });
    expect(await subNow(sub.id)).toMatchObject({ next_payment_date: addSipMonths(sub.next_payment_date!, 1), retry_count: 0, next_retry_at: null });
    expect(await runFor(sub)).toMatchObject({ placed: 0 });
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect(rzpDebitsOf(mandate)).toHaveLength(1);
    expect(await keptFor(sub.id)).toBe(50_000);
  });

  it('captured at Razorpay behind a dropped connection: reconciliation asks Razorpay about the stored order and settles it', async () => {
    const { sub, mandate } = await razorpaySip('Dropped Line Giver');
    standIns.rzpRecurring.loseAnswer = { paid: true, dropped: true };
    expect(await runFor(sub)).toMatchObject({ placed: 1, pending: 1 });
    const [order] = await ordersOf(sub.id);
    expect(order).toMatchObject({ status: 'pending', gateway_order_id: expect.stringMatching(/^order_T/) });

    const results = await reconcilePendingOrders(db, { olderThanMs: 0, expireAfterMs: ORDER_PAYMENT_WINDOW_MS, origin: ORIGIN, now: new Date(Date.now() + MINUTE_MS) });
    expect(results).toContainEqual({ order_id: order.order_id, result: 'settled:success' });
    expect((await ordersOf(sub.id))[0]).toMatchObject({ status: 'success', gateway_payment_id: rzpDebitsOf(mandate)[0].id });
    expect((await subNow(sub.id)).next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
    expect(rzpDebitsOf(mandate)).toHaveLength(1);
    expect(await keptFor(sub.id)).toBe(50_000);
  });

  it('a 500 with no payment at Razorpay: pending until the window passes, then expired, and the retry pays the month once', async () => {
    const { sub, mandate } = await razorpaySip('Nothing Taken Giver');
    standIns.rzpRecurring.loseAnswer = { paid: false };
    expect(await runFor(sub)).toMatchObject({ placed: 1, pending: 1 });
    const [order] = await ordersOf(sub.id);
    expect(order).toMatchObject({ status: 'pending', gateway_order_id: expect.stringMatching(/^order_T/) });
    expect(rzpDebitsOf(mandate)).toHaveLength(0);

    // within the window Razorpay has nothing to say, and nothing is decided
    const early = await reconcilePendingOrders(db, { olderThanMs: 0, expireAfterMs: ORDER_PAYMENT_WINDOW_MS, origin: ORIGIN, now: new Date(Date.now() + MINUTE_MS) });
    expect(early).toContainEqual({ order_id: order.order_id, result: 'no answer' });
    expect((await subNow(sub.id)).retry_count).toBe(0);

    const at = Date.now();
    const late = await reconcilePendingOrders(db, { olderThanMs: 0, expireAfterMs: ORDER_PAYMENT_WINDOW_MS, origin: ORIGIN, now: new Date(order.created_at.getTime() + ORDER_PAYMENT_WINDOW_MS + MINUTE_MS) });
    expect(late).toContainEqual({ order_id: order.order_id, result: 'settled:failed' });
    expect((await ordersOf(sub.id))[0]).toMatchObject({ status: 'failed', failure_reason: ORDER_EXPIRED_REASON });
    // the subscription heard of it in the same transaction: its retry is scheduled as lib/sip/retries.ts says for an expired try
    // a debit that never got an answer is a technical failure: tried again within hours, not days
    expect(sipFailureReasonOf(ORDER_EXPIRED_REASON)).toBe('technical');
    const step = nextStepAfterFailure(ORDER_EXPIRED_REASON, 1, new Date(at));
    expect(step.action).toBe('retry');
    const failing = await subNow(sub.id);
    expect(failing).toMatchObject({ status_flag: SIP_STATUS.paymentFailing, retry_count: 1, last_failure_reason: sipFailureReasonOf(ORDER_EXPIRED_REASON) });
    near(failing.next_retry_at, step.action === 'retry' ? step.retryAt.getTime() : 0);

    // the retry, under the next key, pays the month: one debit, one month kept
    expect(await runFor(sub, new Date(failing.next_retry_at!.getTime() + MINUTE_MS))).toMatchObject({ placed: 1, succeeded: 1 });
    expect((await ordersOf(sub.id)).map((o) => o.status)).toEqual(['failed', 'success']);
    expect(await subNow(sub.id)).toMatchObject({ status_flag: SIP_STATUS.active, retry_count: 0, next_payment_date: addSipMonths(sub.next_payment_date!, 1) });
    expect(rzpDebitsOf(mandate)).toHaveLength(1);
    expect(await keptFor(sub.id)).toBe(50_000);
  });

  it('a 400 refusal fails the try at once (technical, retried within hours), its Razorpay order kept for any late word', async () => {
    const { sub, mandate, tokenId } = await razorpaySip('Refused Giver');
    // Razorpay no longer takes the token: it answers 400 BAD_REQUEST_ERROR and makes no payment
    standIns.rzpTokens.set(tokenId, { ...standIns.rzpTokens.get(tokenId)!, recurring_details: { status: 'initiated', failure_reason: null } });
    const at = Date.now();
    expect(await runFor(sub)).toMatchObject({ placed: 1, failed: 1, pending: 0 });
    const [order] = await ordersOf(sub.id);
    expect(order).toMatchObject({ status: 'failed', failure_reason: GATEWAY_REFUSED_REASON, gateway_order_id: expect.stringMatching(/^order_T/) });
    const s = await subNow(sub.id);
    expect(s).toMatchObject({ status_flag: SIP_STATUS.paymentFailing, retry_count: 1, last_failure_reason: SIP_FAILURE.technical });
    near(s.next_retry_at, at + SIP_RETRY_TECHNICAL_HOURS * HOUR_MS);
    expect(rzpDebitsOf(mandate)).toHaveLength(0);
  });
});

// --- Stripe ---

const sm = () => standIns.stripeMandates;
const intent = (id: string) => sm().paymentIntents.get(id)!;

async function stripeWebhook(type: string, object: unknown, id = `evt_su_${RUN}_${++seq}`) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE.STRIPE_WEBHOOK_SECRET });
  return call(webhookRoute, '/x', { gateway: 'stripe' }, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}

/** A donor's $12 card SIP, the card saved on Stripe's setup page: its first month is due. */
async function stripeSip(name: string) {
  const donor = await signedInPerson(db, name);
  const r = await call(subscribeRoute, '/api/sip/subscribe', {}, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.32.0.${++seq % 250}`, ...donor.auth },
    body: JSON.stringify({ currency: 'USD', causes: [{ sip_cause: 'education', amount: 12 }], payment_method: 'CARD', locale: 'en' }),
  });
  expect(r.status).toBe(201);
  const created = await subNow(r.body.data.subscription_id);
  const [pending] = await db.select().from(mandates).where(eq(mandates.id, created.mandate_id!));
  expect((await stripeWebhook('checkout.session.completed', sm().completeSetup(pending.gateway_mandate_id))).body.data.result).toBe('mandate_updated');
  const [mandate] = await db.select().from(mandates).where(eq(mandates.id, pending.id));
  return { sub: await subNow(created.id), mandate };
}

/** Every PaymentIntent Stripe made on this card: what the donor was actually debited (or asked to be). */
const intentsOf = (mandate: typeof mandates.$inferSelect) => [...sm().paymentIntents.values()].filter((pi) => pi.payment_method === mandate.gateway_token);

describe('a Stripe SIP debit whose answer is lost', () => {
  it('the PaymentIntent is made but the answer lost: the same key, asked again, names it, and the month is settled once', async () => {
    const { sub, mandate } = await stripeSip('Replayed Key Giver');
    sm().loseAnswers = 1;
    const asked = sm().intentRequests.length;
    expect(await runFor(sub)).toMatchObject({ placed: 1, succeeded: 1, failed: 0 });
    const [order] = await ordersOf(sub.id);
    const [pi] = intentsOf(mandate);
    expect(order).toMatchObject({ status: 'success', gateway_order_id: pi.id, gateway_payment_id: pi.id });
    // the second call was Stripe's kept answer for the key: it made nothing new
    expect(sm().intentRequests.slice(asked).map((r) => r.idempotencyKey)).toEqual([order.order_id]);
    expect((await stripeWebhook('payment_intent.succeeded', intent(pi.id as string))).body.data.result).toBe('unchanged');
    expect(intentsOf(mandate)).toHaveLength(1);
    expect(await keptFor(sub.id)).toBe(1200);
  });

  it('both calls fail but the PaymentIntent exists: the try stays pending, and its webhook finds the order by our id and settles it once', async () => {
    const { sub, mandate } = await stripeSip('Echoed Id Giver');
    sm().loseAnswers = 2;
    expect(await runFor(sub)).toMatchObject({ placed: 1, pending: 1, failed: 0 });
    const [order] = await ordersOf(sub.id);
    expect(order).toMatchObject({ status: 'pending', gateway_order_id: null, failure_reason: null });
    const [pi] = intentsOf(mandate);
    expect(pi).toMatchObject({ status: 'succeeded', metadata: { order_id: order.order_id, kind: 'sip' } });
    expect(await runFor(sub)).toMatchObject({ placed: 0, alreadyPlaced: 1 });

    const hook = await stripeWebhook('payment_intent.succeeded', intent(pi.id as string), `evt_su_found_${order.order_id}`);
    expect(hook.body.data.result).toBe('settled');
    expect((await ordersOf(sub.id))[0]).toMatchObject({ status: 'success', gateway_order_id: pi.id, gateway_payment_id: pi.id });
    expect((await subNow(sub.id)).next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
    // the same event again, or Stripe's later word on it, credits nothing more
    expect((await stripeWebhook('payment_intent.succeeded', intent(pi.id as string), `evt_su_found_${order.order_id}`)).body.data.result).toBe('duplicate');
    expect((await stripeWebhook('payment_intent.succeeded', intent(pi.id as string))).body.data.result).toBe('unchanged');
    expect(await runFor(sub)).toMatchObject({ placed: 0 });
    expect(intentsOf(mandate)).toHaveLength(1);
    expect(await keptFor(sub.id)).toBe(1200);
  });

  it('no answer at all: expired after the window, the retry pays the month, and the first debit arriving late is sent back', async () => {
    const { sub, mandate } = await stripeSip('Late Word Giver');
    sm().loseAnswers = 2;
    await runFor(sub);
    const [first] = await ordersOf(sub.id);
    expect(first).toMatchObject({ status: 'pending', gateway_order_id: null });

    // nothing to ask Stripe about: it expires like any order nobody paid, and the SIP moves on to its retry at once
    const late = await reconcilePendingOrders(db, { olderThanMs: 0, expireAfterMs: ORDER_PAYMENT_WINDOW_MS, origin: ORIGIN, now: new Date(first.created_at.getTime() + ORDER_PAYMENT_WINDOW_MS + MINUTE_MS) });
    expect(late).toContainEqual({ order_id: first.order_id, result: 'settled:failed' });
    expect((await ordersOf(sub.id))[0]).toMatchObject({ status: 'failed', failure_reason: ORDER_EXPIRED_REASON });
    const failing = await subNow(sub.id);
    expect(failing).toMatchObject({ status_flag: SIP_STATUS.paymentFailing, retry_count: 1 });

    expect(await runFor(sub, new Date(failing.next_retry_at!.getTime() + MINUTE_MS))).toMatchObject({ placed: 1, succeeded: 1 });
    const [, retry] = await ordersOf(sub.id);
    expect(retry).toMatchObject({ status: 'success', gateway_order_id: expect.stringMatching(/^pi_/) });
    const [firstPi] = intentsOf(mandate).filter((pi) => pi.id !== retry.gateway_order_id);

    // a PaymentIntent naming an order that has its own never moves that order
    const { id: _firstId, ...body } = intent(firstPi.id as string);
    const stray = await stripeWebhook('payment_intent.succeeded', { ...body, id: 'pi_stray', metadata: { order_id: retry.order_id, kind: 'sip' } });
    expect(stray.body.data.result).toBe('unknown_order');

    // Stripe's word on the first debit arrives at last: it is credited to the expired try, found by our id, then sent back
    const found = await stripeWebhook('payment_intent.succeeded', intent(firstPi.id as string));
    expect(found.body.data.result).toBe('settled');
    expect((await ordersOf(sub.id))[0]).toMatchObject({ status: 'success', gateway_order_id: firstPi.id, failure_reason: SIP_MONTH_ALREADY_PAID });
    expect((await subNow(sub.id)).next_payment_date).toEqual(addSipMonths(sub.next_payment_date!, 1));
    expect(await runFor(sub, new Date(failing.next_retry_at!.getTime() + 2 * MINUTE_MS))).toMatchObject({ placed: 0, refundedDuplicates: 1 });
    const [back] = await db.select().from(refunds).innerJoin(orders, eq(orders.id, refunds.order_id)).where(eq(orders.order_id, first.order_id));
    expect(back.refunds).toMatchObject({ status: 'processed', amount_minor: 1200, reason: SIP_MONTH_ALREADY_PAID });
    expect(await keptFor(sub.id)).toBe(1200);
  });
});

// the stand-ins are shared by every case: none may leave a switch on for the next
afterEach(() => {
  expect(standIns.rzpRecurring.loseAnswer).toBeNull();
  expect(sm().loseAnswers).toBe(0);
});

describe('reconciliation when a gateway cannot answer about one order', () => {
  it('reports it and goes on with the others; the one nobody can answer about expires after the window', async () => {
    const donor = await signedInPerson(db, 'Reconcile Bystander');
    const f = await makeFundraiser(db);
    const lost = await makeOrder(db, { order_id: `LOSTPI${RUN}`, fundraiser_id: f.id, user_id: donor.id, payment_mode: 'CARD', payment_gateway: 'stripe', gateway_order_id: `pi_unknown_${RUN}`, iso_currency: 'USD', donated_amount_minor: 1_000, credited_amount_minor: 1_000 });
    await db.update(orders).set({ status: 'pending' }).where(eq(orders.id, lost.id));
    const paid = await makeOrder(db, { order_id: `PAIDRZ${RUN}`, fundraiser_id: f.id, user_id: donor.id, payment_mode: 'UPIRECURRING', payment_gateway: 'razorpay', gateway_order_id: `order_paid_${RUN}`, iso_currency: 'INR', donated_amount_minor: 10_000, credited_amount_minor: 10_000 });
    await db.update(orders).set({ status: 'pending' }).where(eq(orders.id, paid.id));
    standIns.rzpPayments.set(`pay_rec_${RUN}`, { id: `pay_rec_${RUN}`, entity: 'payment', order_id: paid.gateway_order_id, amount: 10_000, currency: 'INR', status: 'captured', notes: {} });
    const mine = [lost.order_id, paid.order_id];

    const run = (await reconcilePendingOrders(db, { olderThanMs: 0, expireAfterMs: ORDER_PAYMENT_WINDOW_MS, origin: ORIGIN })).filter((r) => mine.includes(r.order_id));
    expect(run).toEqual(expect.arrayContaining([{ order_id: lost.order_id, result: 'no answer' }, { order_id: paid.order_id, result: 'settled:success' }]));
    const later = await reconcilePendingOrders(db, { olderThanMs: 0, expireAfterMs: ORDER_PAYMENT_WINDOW_MS, origin: ORIGIN, now: new Date(Date.now() + ORDER_PAYMENT_WINDOW_MS + MINUTE_MS) });
    expect(later).toContainEqual({ order_id: lost.order_id, result: 'settled:failed' });
  });
});
