// Monthly giving by card through Stripe, end to end against a local stand-in of api.stripe.com: a USD SIP saves the
// donor's card in a setup-mode Checkout Session, the signed completion starts the SIP, the charge run debits the card
// off-session (one PaymentIntent per order, by idempotency key), and Stripe's webhooks settle, fail or end it.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { POST as subscribeRoute } from '@/app/api/sip/subscribe/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { acceptMandateReturn } from '@/lib/payments/mandates';
import { getDb, type Db } from '@/lib/db/client';
import { ledgerEntries, mandates, orders, subscriptions } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/locales';
import { SIP_WELCOME_PATH } from '@/lib/payments/redirects';
import { gatewayFor } from '@/lib/payments/registry';
import { SETUP_EXPIRED_REASON, StripeGateway } from '@/lib/payments/stripe';
import { chargeDueSubscriptions } from '@/lib/sip/charge-due';
import { releaseMandate } from '@/lib/sip/mandate-release';
import { SIP_FAILURE } from '@/lib/sip/retries';
import { SIP_STATUS } from '@/lib/sip/status';
import { SIP_RETRY_INSUFFICIENT_FUNDS_DAYS } from '@/lib/constants/sip';
import { DAY_MS } from '@/lib/constants/time';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { startGatewayStandIns, type GatewayStandIns } from '../helpers/gateway-standins';

const ORIGIN = 'http://localhost';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_mandates', STRIPE_WEBHOOK_SECRET: 'whsec_mandates_123' };
let db: Db;
let standIns: GatewayStandIns;
let seq = 0;
// ids this file makes up are its own on a database other suites share
const RUN = Date.now();

beforeAll(async () => {
  standIns = await startGatewayStandIns();
  Object.assign(process.env, STRIPE, { STRIPE_API_BASE: standIns.base });
  resetEnvForTests();
  db = await getDb();
});
afterAll(async () => {
  for (const k of [...Object.keys(STRIPE), 'STRIPE_API_BASE']) delete process.env[k];
  resetEnvForTests();
  standIns.close();
  await closeDb();
});

type Row = Record<string, unknown>;
const sm = () => standIns.stripeMandates;

/** A Stripe event signed as Stripe signs it, posted to our webhook route. */
async function deliver(type: string, object: unknown, o: { id?: string; secret?: string } = {}) {
  const payload = JSON.stringify({ id: o.id ?? `evt_sm_${RUN}_${++seq}`, object: 'event', type, data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? STRIPE.STRIPE_WEBHOOK_SECRET });
  return call(webhookRoute, '/x', { gateway: 'stripe' }, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}

/** A signed-in donor subscribes to a $12 education SIP by card. */
async function subscribeUsd(name = 'Card Giver') {
  const donor = await signedInPerson(db, name);
  const r = await call(subscribeRoute, '/api/sip/subscribe', {}, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.31.0.${++seq % 250}`, ...donor.auth },
    body: JSON.stringify({ currency: 'USD', causes: [{ sip_cause: 'education', amount: 12 }], payment_method: 'CARD', locale: 'en' }),
  });
  expect(r.status).toBe(201);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, r.body.data.subscription_id));
  const [mandate] = await db.select().from(mandates).where(eq(mandates.id, sub.mandate_id!));
  return { donor, sub, mandate, authoriseUrl: r.body.data.authorise_url as string };
}

/** ...and saves a card on Stripe's page: the completed session arrives as a signed webhook. */
async function authorisedSip(name?: string) {
  const s = await subscribeUsd(name);
  const session = sm().completeSetup(s.mandate.gateway_mandate_id);
  expect((await deliver('checkout.session.completed', session)).body.data.result).toBe('mandate_updated');
  const [mandate] = await db.select().from(mandates).where(eq(mandates.id, s.mandate.id));
  return { ...s, mandate, session };
}

const subNow = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const mandateNow = async (id: number) => (await db.select().from(mandates).where(eq(mandates.id, id)))[0];
const ordersOf = (subId: number) => db.select().from(orders).where(eq(orders.subscription_id, subId)).orderBy(orders.id);
const credits = async (orderId: string) => (await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, orderId))).length;
const intent = (id: string) => sm().paymentIntents.get(id)!;
/** Stripe finishes a processing PaymentIntent: it succeeds with the whole amount. */
const succeed = (id: string) => sm().paymentIntents.set(id, { ...intent(id), status: 'succeeded', amount_received: intent(id).amount });

describe('a card SIP through Stripe', () => {
  it('is set up in a setup-mode Checkout Session for a Stripe customer; the completed session stores the customer and card and starts the SIP', async () => {
    const s = await subscribeUsd('Setup Giver');
    expect(s.sub).toMatchObject({ payment_gateway: 'stripe_recurring', status_flag: SIP_STATUS.awaitingMandate, currency: 'USD', amount_minor: 1200 });
    expect(s.mandate).toMatchObject({ gateway: 'stripe', status: 'created', method: 'CARD', gateway_mandate_id: expect.stringMatching(/^cs_test_setup_/) });
    const session = standIns.stripeSessions.get(s.mandate.gateway_mandate_id)!;
    expect(s.authoriseUrl).toBe(session.url);
    const returnUrl = `${ORIGIN}${localizedPath('en', SIP_WELCOME_PATH)}?subscription=${s.sub.id}`;
    expect(session).toMatchObject({ mode: 'setup', currency: 'usd', allowed_payment_method_types: ['card'], success_url: `${returnUrl}&session_id={CHECKOUT_SESSION_ID}`, cancel_url: returnUrl, metadata: { mandate_ref: expect.stringMatching(/^MDT/) } });
    expect(sm().customers.get(session.customer as string)).toMatchObject({ name: 'Setup Giver', email: s.donor.email });
    expect(s.mandate).toMatchObject({ gateway_customer_id: session.customer, gateway_token: null });

    const completed = sm().completeSetup(s.mandate.gateway_mandate_id);
    const hook = await deliver('checkout.session.completed', completed, { id: `evt_sm_setup_once_${RUN}` });
    expect(hook.body.data.result).toBe('mandate_updated');
    const setup = sm().setupIntents.get(completed.setup_intent as string)!;
    expect(await mandateNow(s.mandate.id)).toMatchObject({ status: 'active', gateway_customer_id: session.customer, gateway_token: setup.payment_method, authorised_at: expect.any(Date) });
    expect(await subNow(s.sub.id)).toMatchObject({ status_flag: SIP_STATUS.active, mandate_id: s.mandate.id, next_payment_date: expect.any(Date) });
    expect((await deliver('checkout.session.completed', completed, { id: `evt_sm_setup_once_${RUN}` })).body.data.result).toBe('mandate_duplicate');
  });

  it('the donor back on the welcome page starts the SIP at once: the session is read from Stripe, so an open, unknown or payment session changes nothing', async () => {
    const s = await subscribeUsd('Returning Giver');
    const id = s.mandate.gateway_mandate_id;
    // back before finishing (or a guessed id): nothing moves
    expect(await acceptMandateReturn(db, 'stripe', { session_id: id }, ORIGIN)).toBe(false);
    expect(await acceptMandateReturn(db, 'stripe', { session_id: 'cs_test_guessed' }, ORIGIN)).toBe(false);
    expect((await mandateNow(s.mandate.id)).status).toBe('created');
    sm().completeSetup(id);
    expect(await acceptMandateReturn(db, 'stripe', { session_id: id }, ORIGIN)).toBe(true);
    expect(await mandateNow(s.mandate.id)).toMatchObject({ status: 'active', gateway_token: expect.stringMatching(/^pm_/) });
    expect((await subNow(s.sub.id)).status_flag).toBe(SIP_STATUS.active);
  });

  it('a setup page left to expire fails the mandate, and the SIP keeps waiting for one', async () => {
    const s = await subscribeUsd('Expired Giver');
    const expired = { ...standIns.stripeSessions.get(s.mandate.gateway_mandate_id)!, status: 'expired' };
    expect((await deliver('checkout.session.expired', expired)).body.data.result).toBe('mandate_updated');
    expect(await mandateNow(s.mandate.id)).toMatchObject({ status: 'failed', failure_reason: SETUP_EXPIRED_REASON });
    expect((await subNow(s.sub.id)).status_flag).toBe(SIP_STATUS.awaitingMandate);
  });

  it('refuses a webhook with a forged signature, and changes nothing', async () => {
    const s = await subscribeUsd('Forged Giver');
    const completed = sm().completeSetup(s.mandate.gateway_mandate_id);
    const forged = await deliver('checkout.session.completed', completed, { secret: 'whsec_not_stripes' });
    expect(forged.status).toBe(400);
    expect((await mandateNow(s.mandate.id)).status).toBe('created');
    expect((await subNow(s.sub.id)).status_flag).toBe(SIP_STATUS.awaitingMandate);
  });
});

describe('the charge run under a Stripe card mandate', () => {
  it('debits the card off-session once per order, and the succeeded webhook settles the month once', async () => {
    const s = await authorisedSip('Monthly Card Giver');
    const due = (await subNow(s.sub.id)).next_payment_date!;
    sm().processingNext = true;
    const asked = sm().intentRequests.length;
    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [s.sub.id] });
    expect(run).toMatchObject({ placed: 1, pending: 1, succeeded: 0, failed: 0 });
    const [order] = await ordersOf(s.sub.id);
    expect(order).toMatchObject({ status: 'pending', payment_gateway: 'stripe', gateway_order_id: expect.stringMatching(/^pi_/), donated_amount_minor: 1200, iso_currency: 'USD' });
    expect(sm().intentRequests.slice(asked)).toEqual([
      {
        idempotencyKey: order.order_id,
        form: expect.objectContaining({
          amount: '1200',
          currency: 'usd',
          customer: s.mandate.gateway_customer_id,
          payment_method: s.mandate.gateway_token,
          off_session: 'true',
          confirm: 'true',
          'metadata[order_id]': order.order_id,
          'metadata[kind]': 'sip',
        }),
      },
    ]);

    // a retried debit of the same order gets the same PaymentIntent back, and Stripe makes no second one
    const gateway = gatewayFor('stripe', ORIGIN)!;
    const again = await gateway.mandates!.charge({ gatewayMandateId: s.mandate.gateway_mandate_id, customerId: s.mandate.gateway_customer_id, token: s.mandate.gateway_token, orderId: order.order_id, amountMinor: 1200, currency: 'USD', donor: { email: s.donor.email, phone: null } });
    expect(again.gatewayOrderId).toBe(order.gateway_order_id);
    expect(sm().intentRequests.length).toBe(asked + 1);

    succeed(order.gateway_order_id!);
    const paid = await deliver('payment_intent.succeeded', intent(order.gateway_order_id!), { id: `evt_sm_paid_${order.order_id}` });
    expect(paid.body.data.result).toBe('settled');
    const settled = (await ordersOf(s.sub.id))[0];
    expect(settled).toMatchObject({ status: 'success', charged: true, gateway_payment_id: order.gateway_order_id });
    const lines = await credits(order.order_id);
    expect(lines).toBeGreaterThan(0);
    expect((await subNow(s.sub.id)).next_payment_date!.getTime()).toBeGreaterThan(due.getTime());
    // Stripe delivers the same event again: nothing more is credited
    expect((await deliver('payment_intent.succeeded', intent(order.gateway_order_id!), { id: `evt_sm_paid_${order.order_id}` })).body.data.result).toBe('duplicate');
    expect(await credits(order.order_id)).toBe(lines);
  });

  it('a card that pays at once settles the month in the run itself (fetchStatus); the later webhook changes nothing', async () => {
    const s = await authorisedSip('Instant Card Giver');
    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [s.sub.id] });
    expect(run).toMatchObject({ placed: 1, succeeded: 1 });
    const [order] = await ordersOf(s.sub.id);
    expect(order).toMatchObject({ status: 'success', gateway_payment_id: order.gateway_order_id });
    const lines = await credits(order.order_id);
    expect((await deliver('payment_intent.succeeded', intent(order.gateway_order_id!))).body.data.result).toBe('unchanged');
    expect(await credits(order.order_id)).toBe(lines);
  });

  it("ignores a one-time payment's PaymentIntent (no SIP metadata), even one naming a SIP's intent", async () => {
    const s = await authorisedSip('Mixed Giver');
    sm().processingNext = true;
    await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [s.sub.id] });
    const [order] = await ordersOf(s.sub.id);
    succeed(order.gateway_order_id!);
    const { metadata: _sip, ...oneTime } = intent(order.gateway_order_id!);
    const ignored = await deliver('payment_intent.succeeded', { ...oneTime, metadata: {} });
    expect([ignored.status, ignored.body.data.result]).toEqual([200, 'ignored']);
    expect((await ordersOf(s.sub.id))[0].status).toBe('pending');
    expect(await credits(order.order_id)).toBe(0);
  });

  it('a decline for insufficient funds fails the order with that reason and schedules the retry lib/sip/retries.ts gives it', async () => {
    const s = await authorisedSip('Short Card Giver');
    sm().declineNext = 'insufficient_funds';
    const asked = sm().intentRequests.length;
    const before = Date.now();
    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [s.sub.id] });
    expect(run).toMatchObject({ placed: 1, failed: 1 });
    expect(sm().intentRequests.length).toBe(asked + 1);
    const [order] = await ordersOf(s.sub.id);
    // the declined PaymentIntent is the order's: the failure came from Stripe with its reason, not as our own refusal
    expect(order).toMatchObject({ status: 'failed', failure_reason: SIP_FAILURE.insufficientFunds, gateway_order_id: expect.stringMatching(/^pi_/) });
    expect(intent(order.gateway_order_id!).status).toBe('requires_payment_method');
    const sub = await subNow(s.sub.id);
    expect(sub).toMatchObject({ retry_count: 1, last_failure_reason: SIP_FAILURE.insufficientFunds });
    const wait = SIP_RETRY_INSUFFICIENT_FUNDS_DAYS[0] * DAY_MS;
    expect(sub.next_retry_at!.getTime()).toBeGreaterThanOrEqual(before + wait - 1000);
    expect(sub.next_retry_at!.getTime()).toBeLessThanOrEqual(Date.now() + wait + 1000);
    // Stripe's own word on it follows and changes nothing
    expect((await deliver('payment_intent.payment_failed', intent(order.gateway_order_id!))).body.data.result).toBe('unchanged');
    expect(await credits(order.order_id)).toBe(0);
  });

  it('a decline only the donor can answer (authentication_required) sends the SIP to wait for a new mandate', async () => {
    const s = await authorisedSip('Card Needing 3DS');
    sm().declineNext = 'authentication_required';
    await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [s.sub.id] });
    const [order] = await ordersOf(s.sub.id);
    expect(order).toMatchObject({ status: 'failed', failure_reason: SIP_FAILURE.mandateRevoked });
    expect(await subNow(s.sub.id)).toMatchObject({ status_flag: SIP_STATUS.awaitingMandate, next_retry_at: null });
  });
});

describe('the end of a Stripe card mandate', () => {
  it('a card detached at Stripe cancels its mandate (named by the card alone), and the SIP waits for a new one', async () => {
    const s = await authorisedSip('Removed Card Giver');
    const card = { ...sm().paymentMethods.get(s.mandate.gateway_token!)!, customer: null };
    const hook = await deliver('payment_method.detached', card);
    expect(hook.body.data.result).toBe('mandate_updated');
    expect(await mandateNow(s.mandate.id)).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(Date) });
    expect((await subNow(s.sub.id)).status_flag).toBe(SIP_STATUS.awaitingMandate);
    // nothing is debited without a mandate
    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [s.sub.id] });
    expect(run.placed).toBe(0);
  });

  it('releasing a mandate detaches its card at Stripe; one never authorised has its setup page closed', async () => {
    const s = await authorisedSip('Leaving Giver');
    await db.update(subscriptions).set({ status_flag: SIP_STATUS.cancelled }).where(eq(subscriptions.id, s.sub.id));
    expect(await releaseMandate(db, s.mandate.id, { origin: ORIGIN })).toBe(true);
    expect(sm().paymentMethods.get(s.mandate.gateway_token!)!.customer).toBeNull();
    expect((await mandateNow(s.mandate.id)).status).toBe('cancelled');

    const gateway = new StripeGateway({ secretKey: STRIPE.STRIPE_SECRET_KEY, webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET, apiBase: standIns.base, origin: ORIGIN });
    // a card the donor already removed needs nothing more
    await expect(gateway.mandates.cancel({ gatewayMandateId: s.mandate.gateway_mandate_id, customerId: s.mandate.gateway_customer_id, token: s.mandate.gateway_token })).resolves.toBeUndefined();
    const pending = await subscribeUsd('Undecided Giver');
    await gateway.mandates.cancel({ gatewayMandateId: pending.mandate.gateway_mandate_id, customerId: null, token: null });
    expect((standIns.stripeSessions.get(pending.mandate.gateway_mandate_id) as Row).status).toBe('expired');
    // and a closed one is left alone
    await expect(gateway.mandates.cancel({ gatewayMandateId: pending.mandate.gateway_mandate_id, customerId: null, token: null })).resolves.toBeUndefined();
  });
});
