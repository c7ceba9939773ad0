// Razorpay and Stripe adapters against local HTTP servers standing in for the providers' API hosts,
// with payloads signed exactly as the providers sign them. No network.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { fundraisers, orders } from '@/lib/db/schema';
import { env, resetEnvForTests, sandboxGatewayEnabled } from '@/lib/env';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { GET as optionsRoute } from '@/app/api/payment/options/route';
import { POST as sandboxComplete } from '@/app/api/payment/sandbox/complete/route';
import SandboxCheckoutPage from '@/app/[site]/[locale]/payment/sandbox/page';
import GatewayCheckoutPage from '@/app/[site]/[locale]/payment/checkout/page';
import { sandboxPayments, ledgerEntries } from '@/lib/db/schema';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER, sandboxSign } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { getDb } from '@/lib/db/client';
import { cookiesFrom } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import { startGatewayStandIns, type GatewayStandIns } from '../helpers/gateway-standins';
import type { Db } from '@/lib/db/client';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
let standIns: GatewayStandIns;
let counter = 0;

const RZP = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_test_secret_123', RAZORPAY_WEBHOOK_SECRET: 'rzp_webhook_secret_456' };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_test_789' };

beforeAll(async () => {
  standIns = await startGatewayStandIns();
  const base = standIns.base;
  Object.assign(process.env, RZP, STRIPE, { RAZORPAY_API_HOST: base, STRIPE_API_BASE: base });
  resetEnvForTests();
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(async () => {
  for (const k of [...Object.keys(RZP), ...Object.keys(STRIPE), 'RAZORPAY_API_HOST', 'STRIPE_API_BASE']) delete process.env[k];
  resetEnvForTests();
  standIns.close();
  await closeDb();
});

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.7.0.${++counter % 250}`, ...headers } });
async function order(currency: string) {
  const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 20, currency, donor_name: 'Asha Rao', donor_email: `g${counter}@example.com`, donor_phone: '9876543210', ...(currency === 'INR' ? {} : { citizenship: 'indian' }) }));
  // the donor's browser: the checkout access its cart's answer set
  const cookie = cookiesFrom(cart.headers);
  const placed = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD' }, { cookie }));
  expect(placed.status).toBe(201);
  return { ...(await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id)))[0], cookie };
}
const raised = async () => (await db.select({ r: fundraisers.raised_minor }).from(fundraisers).where(eq(fundraisers.id, fundraiser.id)))[0].r;
const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

describe('Razorpay (INR)', () => {
  it('creates the order through the Orders API and settles a checkout return signed order_id|payment_id', async () => {
    const o = await order('INR');
    expect(o.payment_gateway).toBe('razorpay');
    expect(o.gateway_order_id).toMatch(/^order_T\d+$/);
    standIns.rzpPayments.set('pay_A1', { id: 'pay_A1', order_id: o.gateway_order_id, amount: 2000, currency: 'INR', status: 'captured' });
    const before = await raised();
    const params = { razorpay_order_id: o.gateway_order_id!, razorpay_payment_id: 'pay_A1', razorpay_signature: hmac(RZP.RAZORPAY_KEY_SECRET, `${o.gateway_order_id}|pay_A1`) };
    const forged = await call(responseRoute, '/x', { oi: o.order_id }, post({ ...params, razorpay_signature: hmac('wrong', `${o.gateway_order_id}|pay_A1`) }));
    expect(forged.status).toBe(400);
    const back = await call(responseRoute, '/x', { oi: o.order_id }, post(params));
    expect(back.body.data.status).toBe('success');
    expect((await raised()) - before).toBe(o.credited_amount_minor);
  });

  it('verifies webhooks over the raw body with the webhook secret, and a replay credits nothing more', async () => {
    const o = await order('INR');
    const payment = { id: 'pay_B1', order_id: o.gateway_order_id, amount: 2000, currency: 'INR', status: 'captured' };
    standIns.rzpPayments.set('pay_B1', payment);
    const raw = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: payment } } });
    const before = await raised();
    const hook = (body: string, sig: string) => call(webhookRoute, '/x', { gateway: 'razorpay' }, post(body, { 'x-razorpay-signature': sig, 'x-razorpay-event-id': 'evt_rzp_1' }));
    expect((await hook(raw.replace('2000', '2001'), hmac(RZP.RAZORPAY_WEBHOOK_SECRET, raw))).status).toBe(400);
    expect((await hook(raw, hmac(RZP.RAZORPAY_WEBHOOK_SECRET, raw))).body.data.result).toBe('settled');
    expect((await hook(raw, hmac(RZP.RAZORPAY_WEBHOOK_SECRET, raw))).body.data.result).toBe('duplicate');
    expect((await raised()) - before).toBe(o.credited_amount_minor);
  });

  it('refuses a captured amount that differs from the order', async () => {
    const o = await order('INR');
    standIns.rzpPayments.set('pay_C1', { id: 'pay_C1', order_id: o.gateway_order_id, amount: 100, currency: 'INR', status: 'captured' });
    const before = await raised();
    await call(responseRoute, '/x', { oi: o.order_id }, post({ razorpay_order_id: o.gateway_order_id, razorpay_payment_id: 'pay_C1', razorpay_signature: hmac(RZP.RAZORPAY_KEY_SECRET, `${o.gateway_order_id}|pay_C1`) }));
    expect(await raised()).toBe(before);
  });
});

describe('Razorpay bank transfer', () => {
  async function neftOrder() {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 1500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `neft${counter}@example.com`, donor_phone: '9876543210' }));
    const cookie = cookiesFrom(cart.headers);
    return { ...(await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'NEFT' }, { cookie }))), cookie };
  }
  afterEach(() => {
    delete process.env.RAZORPAY_BANK_TRANSFER;
    resetEnvForTests();
  });

  it('is refused until Razorpay has switched it on for the account (RAZORPAY_BANK_TRANSFER=1)', async () => {
    const refused = await neftOrder();
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('This payment mode is not available');
  });

  it("opens on Checkout's bank-transfer screen, and the arriving transfer (auto-captured) settles the gift once", async () => {
    process.env.RAZORPAY_BANK_TRANSFER = '1';
    resetEnvForTests();
    const placed = await neftOrder();
    expect(placed.status).toBe(201);
    const [o] = await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id));
    expect(o.payment_gateway).toBe('razorpay');
    const sent = await call(sendRoute, '/x', {}, post({ order_id: o.order_id, account_no: '001234567890', ifsc_code: 'HDFC0001234', bank_name: 'HDFC Bank' }, { cookie: placed.cookie }));
    expect(sent.status).toBe(200);
    expect(sent.body.data.url).toContain('/payment/checkout?gateway=razorpay');
    const payment = { id: 'pay_NEFT1', order_id: o.gateway_order_id, amount: 150_000, currency: 'INR', status: 'captured', method: 'bank_transfer' };
    standIns.rzpPayments.set('pay_NEFT1', payment);
    const raw = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: payment } } });
    const before = await raised();
    const hook = () => call(webhookRoute, '/x', { gateway: 'razorpay' }, post(raw, { 'x-razorpay-signature': hmac(RZP.RAZORPAY_WEBHOOK_SECRET, raw), 'x-razorpay-event-id': 'evt_rzp_neft' }));
    expect((await hook()).body.data.result).toBe('settled');
    expect((await hook()).body.data.result).toBe('duplicate');
    expect((await raised()) - before).toBe(o.credited_amount_minor);
  });
});

describe('Stripe (other currencies)', () => {
  it('creates a Checkout Session, and settles from a webhook signed the way Stripe signs', async () => {
    const o = await order('USD');
    expect(o.payment_gateway).toBe('stripe');
    expect(o.gateway_order_id).toMatch(/^cs_test_/);
    const session = { ...standIns.stripeSessions.get(o.gateway_order_id!)!, payment_status: 'paid', status: 'complete', payment_intent: `pi_${o.order_id}` };
    standIns.stripeSessions.set(o.gateway_order_id!, session);
    const payload = JSON.stringify({ id: 'evt_stripe_1', object: 'event', type: 'checkout.session.completed', data: { object: session } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE.STRIPE_WEBHOOK_SECRET });
    const bad = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const before = await raised();
    expect((await call(webhookRoute, '/x', { gateway: 'stripe' }, post(payload, { 'stripe-signature': bad }))).status).toBe(400);
    expect((await call(webhookRoute, '/x', { gateway: 'stripe' }, post(payload, { 'stripe-signature': header }))).body.data.result).toBe('settled');
    expect((await call(webhookRoute, '/x', { gateway: 'stripe' }, post(payload, { 'stripe-signature': header }))).body.data.result).toBe('duplicate');
    expect((await raised()) - before).toBe(o.credited_amount_minor);
    // A status poll of a settled order reads our database and does not ask the gateway again
    const asked = standIns.state.requests;
    expect((await call(responseRoute, '/x', { oi: o.order_id }, post({}, { cookie: o.cookie }))).body.data.status).toBe('success');
    expect(standIns.state.requests).toBe(asked);
    // the browser's return reads the same session and changes nothing more
    await call(responseRoute, '/x', { oi: o.order_id }, post({ session_id: o.gateway_order_id }));
    expect((await raised()) - before).toBe(o.credited_amount_minor);
  });

  it('a return for an unpaid session stays pending', async () => {
    const o = await order('USD');
    const back = await call(responseRoute, '/x', { oi: o.order_id }, post({ session_id: o.gateway_order_id }));
    expect(back.body.data.status).toBe('pending');
  });
});

// Routing by what a gateway can do; Razorpay sends no UPI collect requests here, so a UPI id is not offered
describe('routing by capability', () => {
  it('with Razorpay for rupees, a UPI-id payment is neither offered nor accepted, and cards still are', async () => {
    const options = await call(optionsRoute, '/api/payment/options?currency=INR');
    expect(options.body.data.options).toEqual(['UPI', 'CARD', 'PAYTM']);
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 20, currency: 'INR', donor_name: 'Asha Rao', donor_email: `vpa${++counter}@example.com`, donor_phone: '9876543210' }));
    const cookie = cookiesFrom(cart.headers);
    const vpa = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'VPA', vpa: 'asha@okbank' }, { cookie }));
    expect([vpa.status, vpa.body.error.message]).toEqual([422, 'This payment mode is not available']);
    expect((await db.select().from(orders).where(eq(orders.cart_id, cart.body.data.id))).length).toBe(0);
    expect((await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD' }, { cookie }))).status).toBe(201);
  });
});

// Our order row exists before the gateway hears of it
describe('orders are ours first', () => {
  // a cart and the Cookie header of the browser that made it (its checkout access)
  const cartOf = async () => {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 20, currency: 'INR', donor_name: 'Asha Rao', donor_email: `first${++counter}@example.com`, donor_phone: '9876543210' }));
    return { cartId: cart.body.data.id as number, cookie: cookiesFrom(cart.headers) };
  };

  it('an order the gateway refuses stays as failed, and the same cart places a new one once the gateway is back', async () => {
    const { cartId, cookie } = await cartOf();
    standIns.state.ordersApiDown = true;
    try {
      const refused = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cartId, mode: 'CARD' }, { cookie }));
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect([refused.status, refused.body.error.message]).toEqual([502, 'The payment service is not answering right now. Please try again in a minute.']);
    } finally {
      standIns.state.ordersApiDown = false;
    }
    const rows = await db.select().from(orders).where(eq(orders.cart_id, cartId));
    expect(rows.map((o) => [o.status, o.failure_reason, o.gateway_order_id])).toEqual([['failed', 'gateway_refused', null]]);
    const again = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cartId, mode: 'CARD' }, { cookie }));
    expect(again.status).toBe(201);
    expect((await db.select().from(orders).where(eq(orders.order_id, again.body.data.order_id)))[0].gateway_order_id).toMatch(/^order_T/);
  });

  it('a double click creates one gateway order, and both requests answer it', async () => {
    const { cartId, cookie } = await cartOf();
    const before = standIns.state.ordersCreated;
    const [a, b] = await Promise.all([0, 1].map(() => call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cartId, mode: 'CARD' }, { cookie }))));
    expect(a.body.data.order_id).toBe(b.body.data.order_id);
    expect(standIns.state.ordersCreated - before).toBe(1);
    expect((await db.select().from(orders).where(eq(orders.cart_id, cartId))).map((o) => o.gateway_order_id)).toEqual([expect.stringMatching(/^order_T/)]);
  });
});

// A gateway retries every non-2xx for days and then disables the endpoint: only a bad signature is refused
describe('webhooks we do not act on are acknowledged', () => {
  const rzpHook = (raw: string, id: string, sig = hmac(RZP.RAZORPAY_WEBHOOK_SECRET, raw)) =>
    call(webhookRoute, '/x', { gateway: 'razorpay' }, post(raw, { 'x-razorpay-signature': sig, 'x-razorpay-event-id': id }));

  it('Razorpay events about refunds, subscriptions or nothing at all answer 200 and change nothing', async () => {
    const before = await raised();
    for (const [i, raw] of [
      JSON.stringify({ entity: 'event', event: 'refund.created', payload: { refund: { entity: { id: 'rfnd_1', amount: 100 } } } }),
      JSON.stringify({ entity: 'event', event: 'subscription.activated', payload: { subscription: { entity: { id: 'sub_1' } } } }),
      JSON.stringify({ entity: 'event', event: 'account.updated', payload: {} }),
    ].entries()) {
      const res = await rzpHook(raw, `evt_ignored_${i}`);
      expect([res.status, res.body.data.result]).toEqual([200, 'ignored']);
    }
    expect(await raised()).toBe(before);
    const forged = JSON.stringify({ entity: 'event', event: 'refund.created', payload: {} });
    expect((await rzpHook(forged, 'evt_forged', hmac('wrong', forged))).status).toBe(400);
  });

  it('a payment for an order that is not ours answers 200; one reused for a second order is refused; neither credits', async () => {
    const stranger = { id: 'pay_X9', order_id: 'order_not_ours', amount: 2000, currency: 'INR', status: 'captured' };
    const raw = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: stranger } } });
    const before = await raised();
    expect((await rzpHook(raw, 'evt_stranger')).body.data.result).toBe('unknown_order');
    const first = await order('INR');
    const second = await order('INR');
    const paid = { id: 'pay_R1', order_id: first.gateway_order_id, amount: 2000, currency: 'INR', status: 'captured' };
    const settle = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: paid } } });
    expect((await rzpHook(settle, 'evt_reuse_1')).body.data.result).toBe('settled');
    const reused = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { ...paid, order_id: second.gateway_order_id } } } });
    const res = await rzpHook(reused, 'evt_reuse_2');
    expect(res.status).toBe(409);
    expect((await raised()) - before).toBe(first.credited_amount_minor);
  });

  it('Stripe events other than Checkout sessions answer 200 and change nothing', async () => {
    const payload = JSON.stringify({ id: 'evt_stripe_pi', object: 'event', type: 'payment_intent.created', data: { object: { id: 'pi_1', object: 'payment_intent' } } });
    const res = await call(webhookRoute, '/x', { gateway: 'stripe' }, post(payload, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE.STRIPE_WEBHOOK_SECRET }) }));
    expect([res.status, res.body.data.result]).toEqual([200, 'ignored']);
  });
});

// With real gateways configured, no way into the sandbox credits a donation
describe('the sandbox gateway beside real keys', () => {
  const sandboxOrder = async () => {
    // an order left from a time the sandbox was on (or forged into the table): its gateway is 'sandbox'
    const o = await order('INR');
    const gatewayOrderId = `sbx_order_forged_${o.id}`;
    await db.insert(sandboxPayments).values({ gateway_order_id: gatewayOrderId, amount_minor: o.donated_amount_minor + o.tip_amount_minor, currency: 'INR' });
    await db.update(orders).set({ payment_gateway: 'sandbox', gateway_order_id: gatewayOrderId, status: 'pending' }).where(eq(orders.id, o.id));
    return { ...o, gateway_order_id: gatewayOrderId };
  };
  const credits = async (orderId: string) => (await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, orderId))).length;

  it('is off by default, and refused at start-up when asked for beside real keys', () => {
    expect(sandboxGatewayEnabled()).toBe(false);
    process.env.SANDBOX_GATEWAY = '1';
    resetEnvForTests();
    expect(() => env()).toThrow(/SANDBOX_GATEWAY=1 cannot run beside real gateway keys/);
    delete process.env.SANDBOX_GATEWAY;
    resetEnvForTests();
  });

  it('an order body naming the sandbox still goes to the gateway the server chooses', async () => {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 20, currency: 'INR', donor_name: 'Asha Rao', donor_email: 'sbx@example.com', donor_phone: '9876543210' }));
    const placed = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', gateway: 'sandbox' }, { cookie: cookiesFrom(cart.headers) }));
    expect(placed.status).toBe(201);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id));
    expect(row.payment_gateway).toBe('razorpay');
  });

  it('send, the checkout page, the complete route, the return and the webhook all refuse, and nothing is credited', async () => {
    const o = await sandboxOrder();
    const before = await raised();
    expect((await call(sendRoute, '/x', {}, post({ order_id: o.order_id }, { cookie: o.cookie }))).status).toBe(409);
    await expect(SandboxCheckoutPage({ params: Promise.resolve({ site: 'main', locale: 'en' }), searchParams: Promise.resolve({ gateway_order_id: o.gateway_order_id }) })).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
    const form = new URLSearchParams({ gateway_order_id: o.gateway_order_id, status: 'success', return_url: `http://localhost/new/payment-route?oi=${o.order_id}` });
    const completed = await call(sandboxComplete, '/api/payment/sandbox/complete', {}, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(completed.status).toBe(404);
    expect((await db.select().from(sandboxPayments).where(eq(sandboxPayments.gateway_order_id, o.gateway_order_id)))[0].status).toBe('created');
    // even a result signed with the sandbox's own key is not taken
    const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(o.gateway_order_id, 'success');
    expect((await call(responseRoute, '/x', { oi: o.order_id }, post(outcome.params))).status).toBe(409);
    const hook = await call(webhookRoute, '/x', { gateway: 'sandbox' }, post(outcome.webhookBody, { [SANDBOX_SIGNATURE_HEADER]: sandboxSign(sandboxSecret(), outcome.webhookBody) }));
    expect(hook.status).toBe(404);
    expect(await raised()).toBe(before);
    expect(await credits(o.order_id)).toBe(0);
    expect((await db.select().from(orders).where(eq(orders.order_id, o.order_id)))[0].status).toBe('pending');
  });
});

// Razorpay's checkout step hands the signed result only to our own payment-route
describe('the gateway checkout page', () => {
  it.each([
    'http://localhost@evil.example/new/payment-route',
    'http://localhost.evil.example/new/payment-route',
    'http://evil.example/new/payment-route',
    'http://localhost/elsewhere',
    '//evil.example/new/payment-route',
  ])('is a 404 for return_url %s', async (returnUrl) => {
    const page = GatewayCheckoutPage({ params: Promise.resolve({ site: 'localhost', locale: 'en' }), searchParams: Promise.resolve({ gateway: 'razorpay', oi: 'x', gateway_order_id: 'y', return_url: returnUrl }) });
    await expect(page).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
  });
});
