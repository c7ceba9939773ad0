// Razorpay recurring payments through its official SDK, against a local stand-in of api.razorpay.com: a SIP's
// mandate is a customer and an authorisation order with a token, authorised on Checkout; the signed return or the
// payment webhook stores the token, token.confirmed (or a confirmed token at once) starts the SIP, each month is an
// order and a recurring payment against the token, and token.cancelled or a cancelled SIP ends it.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ReactElement } from 'react';
import { POST as subscribeRoute } from '@/app/api/sip/subscribe/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import GatewayCheckoutPage from '@/app/[site]/[locale]/payment/checkout/page';
import { mandates, orders, subscriptions } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { resetEnvForTests } from '@/lib/env';
import { acceptMandateReturn, mandateToAuthorise } from '@/lib/payments/mandates';
import { chargeDueSubscriptions } from '@/lib/sip/charge-due';
import { cancelSip } from '@/lib/sip/manage';
import { SIP_FAILURE } from '@/lib/sip/retries';
import { SIP_STATUS } from '@/lib/sip/status';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { startGatewayStandIns, type GatewayStandIns } from '../helpers/gateway-standins';

const RZP = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_test_secret_123', RAZORPAY_WEBHOOK_SECRET: 'rzp_webhook_secret_456' };
const ORIGIN = 'http://localhost';
let db: Db;
let standIns: GatewayStandIns;
let ip = 0;
let n = 0;
// ids this file makes up are its own on a database other suites share
const RUN = Date.now();

beforeAll(async () => {
  standIns = await startGatewayStandIns();
  Object.assign(process.env, RZP, { RAZORPAY_API_HOST: standIns.base });
  resetEnvForTests();
  db = await getDb();
});
afterAll(async () => {
  for (const k of [...Object.keys(RZP), 'RAZORPAY_API_HOST']) delete process.env[k];
  resetEnvForTests();
  standIns.close();
  await closeDb();
});

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
const json = (auth: Record<string, string>, body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.16.0.${++ip % 250}`, ...auth }, body: JSON.stringify(body) });

/** A webhook signed as Razorpay signs it: HMAC-SHA256 of the raw body with the webhook secret. */
function webhook(event: string, payload: Record<string, unknown>, secret = RZP.RAZORPAY_WEBHOOK_SECRET) {
  const body = JSON.stringify({ entity: 'event', event, payload });
  return call(webhookRoute, '/api/webhooks/razorpay', { gateway: 'razorpay' }, { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(secret, body), 'x-razorpay-event-id': `evt_${RUN}_${++n}` }, body });
}

async function subscribe(method: 'Emandate' | 'UPIRECURRING', amount = 500) {
  const donor = await signedInPerson(db, 'Razorpay Giver');
  const r = await call(subscribeRoute, '/api/sip/subscribe', {}, json(donor.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount }], payment_method: method, ...(method === 'UPIRECURRING' ? { vpa: 'asha@okicici' } : {}) }));
  expect(r.status).toBe(201);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.user_id, donor.id));
  const [mandate] = await db.select().from(mandates).where(eq(mandates.id, sub.mandate_id!));
  return { donor, sub, mandate, authoriseUrl: new URL(r.body.data.authorise_url) };
}

/** The donor authorises on Checkout: Razorpay makes the authorisation payment and a token for the customer. */
function authorisationPayment(mandate: typeof mandates.$inferSelect, tokenStatus: 'initiated' | 'confirmed') {
  const id = `pay_auth${RUN}${++n}`;
  const tokenId = `token_T${RUN}${n}`;
  standIns.rzpTokens.set(tokenId, { id: tokenId, entity: 'token', recurring: true, recurring_details: { status: tokenStatus, failure_reason: null } });
  const payment = { id, entity: 'payment', order_id: mandate.gateway_mandate_id, amount: 0, currency: 'INR', status: 'captured', customer_id: mandate.gateway_customer_id, token_id: tokenId, notes: { mandate_ref: `MDT${mandate.id}` } };
  standIns.rzpPayments.set(id, payment);
  return { payment, tokenId, signedReturn: { razorpay_order_id: mandate.gateway_mandate_id, razorpay_payment_id: id, razorpay_signature: hmac(RZP.RAZORPAY_KEY_SECRET, `${mandate.gateway_mandate_id}|${id}`) } };
}

const mandateOf = async (id: number) => (await db.select().from(mandates).where(eq(mandates.id, id)))[0];
const subOf = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

describe('a SIP mandate on Razorpay', () => {
  it('is a customer and an authorisation order with a token, authorised on our Checkout page as a recurring payment', async () => {
    const { sub, mandate, authoriseUrl } = await subscribe('Emandate');
    expect(mandate).toMatchObject({ gateway: 'razorpay', status: 'created', method: 'Emandate' });
    // spec 9's gateway value for the SIP itself
    expect((await subOf(sub.id)).payment_gateway).toBe('razorpay_emandate');
    expect(mandate.gateway_mandate_id).toMatch(/^order_T\d+$/);
    expect(mandate.gateway_customer_id).toMatch(/^cust_T\d+$/);
    expect(authoriseUrl.pathname).toBe('/payment/checkout');
    expect(authoriseUrl.searchParams.get('mandate')).toBe(mandate.gateway_mandate_id);

    expect(await mandateToAuthorise(db, 'razorpay', mandate.gateway_mandate_id)).toMatchObject({ customerId: mandate.gateway_customer_id, mandateRef: `MDT${mandate.id}`, authorisationMinor: 0 });

    // the authorisation may send the donor back only to the SIP welcome page of this site
    const elsewhere = { ...Object.fromEntries(authoriseUrl.searchParams), return_url: 'https://evil.example/sip/welcome' };
    const refused = GatewayCheckoutPage({ params: Promise.resolve({ site: 'localhost', locale: 'en' }), searchParams: Promise.resolve(elsewhere) }) as Promise<ReactElement<Record<string, unknown>>>;
    await expect(refused.then((el) => (el.type as (p: unknown) => Promise<unknown>)(el.props))).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
  });

  it('an e-mandate: the signed return stores the token and waits for the bank; token.confirmed starts the SIP; a replay changes nothing', async () => {
    const { sub, mandate } = await subscribe('Emandate');
    const { tokenId, signedReturn } = authorisationPayment(mandate, 'initiated');
    expect(await acceptMandateReturn(db, 'razorpay', { ...signedReturn, razorpay_signature: hmac('wrong', 'x') }, ORIGIN)).toBe(false);
    expect((await mandateOf(mandate.id)).gateway_token).toBeNull();

    expect(await acceptMandateReturn(db, 'razorpay', signedReturn, ORIGIN)).toBe(true);
    expect(await mandateOf(mandate.id)).toMatchObject({ status: 'created', gateway_token: tokenId, gateway_customer_id: mandate.gateway_customer_id });
    expect((await subOf(sub.id)).status_flag).toBe(SIP_STATUS.awaitingMandate);

    const token = { id: tokenId, entity: 'token', recurring_details: { status: 'confirmed' } };
    expect((await webhook('token.confirmed', { token: { entity: token } })).status).toBe(200);
    expect(await mandateOf(mandate.id)).toMatchObject({ status: 'active' });
    expect((await subOf(sub.id)).status_flag).toBe(SIP_STATUS.active);
    expect((await webhook('token.confirmed', { token: { entity: token } })).status).toBe(200);
    expect((await mandateOf(mandate.id)).status).toBe('active');
  });

  it('UPI AutoPay confirmed at once by the payment webhook; a month is an order and one recurring payment, settled once', async () => {
    const { sub, mandate } = await subscribe('UPIRECURRING', 700);
    const { payment, tokenId } = authorisationPayment(mandate, 'confirmed');
    expect((await webhook('payment.captured', { payment: { entity: payment } }, 'forged-secret')).status).toBe(400);
    expect((await mandateOf(mandate.id)).status).toBe('created');
    expect((await webhook('payment.captured', { payment: { entity: payment } })).status).toBe(200);
    expect(await mandateOf(mandate.id)).toMatchObject({ status: 'active', gateway_token: tokenId });
    // the authorisation payment is not a donation: no order of ours was touched
    expect(await db.select().from(orders).where(eq(orders.gateway_order_id, mandate.gateway_mandate_id))).toEqual([]);

    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] });
    expect(run).toMatchObject({ placed: 1, succeeded: 1 });
    const [month] = await db.select().from(orders).where(eq(orders.subscription_id, sub.id));
    expect(month).toMatchObject({ status: 'success', payment_gateway: 'razorpay', donated_amount_minor: 70_000 });
    const debits = [...standIns.rzpPayments.values()].filter((p) => p.order_id === month.gateway_order_id);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ token_id: tokenId, customer_id: mandate.gateway_customer_id, amount: 70_000, notes: { order_id: month.order_id, kind: 'sip' } });

    // Razorpay's own webhook for the same debit, twice: nothing more is credited
    await webhook('payment.captured', { payment: { entity: debits[0] } });
    await webhook('payment.captured', { payment: { entity: debits[0] } });
    expect(await db.select().from(orders).where(eq(orders.subscription_id, sub.id))).toHaveLength(1);
    expect(await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] })).toMatchObject({ placed: 0 });
  });

  it('a declined debit comes back with the reason the retry table knows (insufficient funds: tried again in days)', async () => {
    const { sub, mandate } = await subscribe('UPIRECURRING');
    const { payment } = authorisationPayment(mandate, 'confirmed');
    await webhook('payment.captured', { payment: { entity: payment } });
    standIns.rzpRecurring.failWith = { error_code: 'BAD_REQUEST_ERROR', error_reason: 'insufficient_balance', error_description: 'Your account does not have sufficient balance to carry out this transaction.' };
    try {
      const run = await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] });
      expect(run).toMatchObject({ placed: 1, failed: 1 });
    } finally {
      standIns.rzpRecurring.failWith = null;
    }
    const [month] = await db.select().from(orders).where(eq(orders.subscription_id, sub.id));
    expect(month).toMatchObject({ status: 'failed', failure_reason: SIP_FAILURE.insufficientFunds });
    const after = await subOf(sub.id);
    expect(after.retry_count).toBe(1);
    expect(after.next_retry_at!.getTime() - Date.now()).toBeGreaterThan(24 * 3600 * 1000);
  });

  it('token.cancelled at the bank sends the SIP to wait for a new method; cancelling the SIP deletes the token', async () => {
    const first = await subscribe('UPIRECURRING');
    const a = authorisationPayment(first.mandate, 'confirmed');
    await webhook('payment.captured', { payment: { entity: a.payment } });
    await webhook('token.cancelled', { token: { entity: { id: a.tokenId, entity: 'token', recurring_details: { status: 'cancelled' } } } });
    expect((await mandateOf(first.mandate.id)).status).toBe('cancelled');
    expect((await subOf(first.sub.id)).status_flag).toBe(SIP_STATUS.awaitingMandate);

    const second = await subscribe('UPIRECURRING');
    const b = authorisationPayment(second.mandate, 'confirmed');
    await webhook('payment.captured', { payment: { entity: b.payment } });
    await cancelSip(db, { userId: second.donor.id, subscriptionId: second.sub.id }, null, { origin: ORIGIN });
    expect(standIns.rzpDeletedTokens).toContain(b.tokenId);
    expect((await mandateOf(second.mandate.id)).status).toBe('cancelled');
  });
});
