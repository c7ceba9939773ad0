// One contract every gateway adapter keeps, run against each (the sandbox on this file's database,
// Razorpay and Stripe against local stand-ins of their API hosts, with payloads signed as they sign them).
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { getDb, closeDb } from '@/lib/db/client';
import { GatewaySignatureError, type Gateway, type OrderForGateway } from '@/lib/payments/gateway';
import { RazorpayGateway } from '@/lib/payments/razorpay';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER, sandboxSign } from '@/lib/payments/sandbox';
import { StripeGateway } from '@/lib/payments/stripe';
import { startGatewayStandIns, type GatewayStandIns } from '../helpers/gateway-standins';

const ORIGIN = 'http://localhost:3000';
const RZP = { keyId: 'rzp_contract_key', keySecret: 'rzp_contract_secret', webhookSecret: 'rzp_contract_webhook' };
const STRIPE_WEBHOOK = 'whsec_contract';
const SANDBOX_SECRET = 'sandbox-contract-secret-0123456789';
let standIns: GatewayStandIns;
let seq = 0;

/** What the contract needs to play the provider's part for one adapter. */
interface Adapter {
  name: string;
  currency: string;
  make: () => Gateway;
  /** the provider records a successful payment for this order, as the donor paying would */
  pay: (g: Gateway, gatewayOrderId: string, amountMinor: number) => Promise<void>;
  /** a webhook body and headers, signed with the given secret, saying the order was paid */
  paidWebhook: (gatewayOrderId: string, amountMinor: number, secret?: string) => { body: string; headers: Headers };
  /** a genuinely signed event that is not about a payment we take */
  otherWebhook: () => { body: string; headers: Headers };
  /** a signed webhook saying 1000 minor units of the payment were refunded */
  refundWebhook: (gatewayPaymentId: string) => { body: string; headers: Headers };
}

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
const headers = (h: Record<string, string>) => new Headers({ 'content-type': 'application/json', ...h });

const ADAPTERS: Adapter[] = [
  {
    name: 'sandbox',
    currency: 'INR',
    make: () => new SandboxGateway(getDb, SANDBOX_SECRET, ORIGIN),
    pay: async (g, id) => void (await (g as SandboxGateway).complete(id, 'success')),
    paidWebhook: (id, amount, secret = SANDBOX_SECRET) => {
      const body = JSON.stringify({ event_id: `evt_c${++seq}`, type: 'payment.success', gateway_order_id: id, payment_id: `pay_c${seq}`, status: 'success', amount: String(amount), currency: 'INR' });
      return { body, headers: headers({ [SANDBOX_SIGNATURE_HEADER]: sandboxSign(secret, body) }) };
    },
    otherWebhook: () => {
      const body = JSON.stringify({ event_id: `evt_c${++seq}`, type: 'refund.created', refund_id: 'rf_1' });
      return { body, headers: headers({ [SANDBOX_SIGNATURE_HEADER]: sandboxSign(SANDBOX_SECRET, body) }) };
    },
    refundWebhook: (payment) => {
      const body = JSON.stringify({ event_id: `evt_c${++seq}`, type: 'refund.processed', refund_id: `rf_c${seq}`, payment_id: payment, status: 'processed', amount: '1000', currency: 'INR' });
      return { body, headers: headers({ [SANDBOX_SIGNATURE_HEADER]: sandboxSign(SANDBOX_SECRET, body) }) };
    },
  },
  {
    name: 'razorpay',
    currency: 'INR',
    make: () => new RazorpayGateway({ ...RZP, apiHost: standIns.base, origin: ORIGIN }),
    pay: async (_g, id, amount) => void standIns.rzpPayments.set(`pay_c${++seq}`, { id: `pay_c${seq}`, order_id: id, amount, currency: 'INR', status: 'captured' }),
    paidWebhook: (id, amount, secret = RZP.webhookSecret) => {
      const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: `pay_w${++seq}`, order_id: id, amount, currency: 'INR', status: 'captured' } } } });
      return { body, headers: headers({ 'x-razorpay-signature': hmac(secret, body), 'x-razorpay-event-id': `evt_c${seq}` }) };
    },
    otherWebhook: () => {
      const body = JSON.stringify({ entity: 'event', event: 'payment.dispute.created', payload: { dispute: { entity: { id: 'disp_c' } } } });
      return { body, headers: headers({ 'x-razorpay-signature': hmac(RZP.webhookSecret, body), 'x-razorpay-event-id': `evt_c${++seq}` }) };
    },
    refundWebhook: (payment) => {
      const body = JSON.stringify({ entity: 'event', event: 'refund.processed', payload: { refund: { entity: { id: `rfnd_c${++seq}`, entity: 'refund', payment_id: payment, amount: 1000, currency: 'INR', status: 'processed', notes: [] } } } });
      return { body, headers: headers({ 'x-razorpay-signature': hmac(RZP.webhookSecret, body), 'x-razorpay-event-id': `evt_c${seq}` }) };
    },
  },
  {
    name: 'stripe',
    currency: 'USD',
    make: () => new StripeGateway({ secretKey: 'sk_test_contract', webhookSecret: STRIPE_WEBHOOK, apiBase: standIns.base, origin: ORIGIN }),
    pay: async (_g, id) => void standIns.stripeSessions.set(id, { ...standIns.stripeSessions.get(id)!, payment_status: 'paid', status: 'complete', payment_intent: `pi_c${++seq}` }),
    paidWebhook: (id, _amount, secret = STRIPE_WEBHOOK) => {
      const session = { ...standIns.stripeSessions.get(id)!, payment_status: 'paid', status: 'complete', payment_intent: `pi_w${++seq}` };
      const body = JSON.stringify({ id: `evt_c${seq}`, object: 'event', type: 'checkout.session.completed', data: { object: session } });
      return { body, headers: headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }) };
    },
    otherWebhook: () => {
      const body = JSON.stringify({ id: `evt_c${++seq}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
      return { body, headers: headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK }) }) };
    },
    refundWebhook: (payment) => {
      const body = JSON.stringify({ id: `evt_c${++seq}`, object: 'event', type: 'refund.updated', data: { object: { id: `re_c${seq}`, object: 'refund', amount: 1000, currency: 'usd', payment_intent: payment, status: 'succeeded', metadata: {} } } });
      return { body, headers: headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK }) }) };
    },
  },
];

beforeAll(async () => {
  standIns = await startGatewayStandIns();
  await getDb();
});
afterAll(async () => {
  standIns.close();
  await closeDb();
});

describe.each(ADAPTERS)('the $name adapter keeps the gateway contract', (a) => {
  const order = (): OrderForGateway => ({ orderId: `SHYCONTRACT${++seq}`, amountMinor: 2500, currency: a.currency, donor: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' } });

  it('declares what it can do, and offers a UPI collect exactly when it says so', () => {
    const g = a.make();
    expect(g.name).toBe(a.name);
    expect(g.capabilities.oneTime).toBe(true);
    expect(g.capabilities.currencies === 'any' || g.capabilities.currencies.includes(a.currency)).toBe(true);
    expect(typeof g.collect === 'function').toBe(g.capabilities.upiCollect);
    expect(typeof g.refund === 'function').toBe(g.capabilities.refunds);
    expect(g.mandates !== undefined).toBe(g.capabilities.mandates);
  });

  it('refunds part of a paid order when it can, and reports the refund as an event of ours', async () => {
    const g = a.make();
    if (!g.refund) return expect(g.capabilities.refunds).toBe(false);
    const o = order();
    const { gatewayOrderId } = await g.createOrder(o);
    await a.pay(g, gatewayOrderId, o.amountMinor);
    const paid = await g.fetchStatus(gatewayOrderId);
    const refund = await g.refund({ refundId: `RFDCONTRACT${++seq}`, gatewayPaymentId: paid!.gatewayPaymentId!, amountMinor: 1000, currency: a.currency });
    expect(refund).toMatchObject({ kind: 'refund', gatewayPaymentId: paid!.gatewayPaymentId, amountMinor: 1000, currency: a.currency, gatewayRefundId: expect.any(String) });
    expect(['pending', 'processed']).toContain(refund.status);
    // a refund made on the provider's dashboard comes as a signed webhook about the same payment
    const w = a.refundWebhook(paid!.gatewayPaymentId!);
    expect(await g.parseWebhook(w.body, w.headers)).toMatchObject({ kind: 'refund', gatewayPaymentId: paid!.gatewayPaymentId, amountMinor: 1000, currency: a.currency, status: 'processed' });
  });

  it('creates an order, sends the browser to an https or our own checkout, and reports it unpaid until paid', async () => {
    const g = a.make();
    const o = order();
    const { gatewayOrderId } = await g.createOrder(o);
    expect(gatewayOrderId).toEqual(expect.any(String));
    const url = new URL(await g.checkoutUrl({ ...o, gatewayOrderId }, `${ORIGIN}/new/payment-route?oi=${o.orderId}`));
    expect(url.protocol === 'https:' || url.origin === ORIGIN).toBe(true);
    const before = await g.fetchStatus(gatewayOrderId);
    expect(before === null || before.status === 'pending').toBe(true);
    await a.pay(g, gatewayOrderId, o.amountMinor);
    expect(await g.fetchStatus(gatewayOrderId)).toMatchObject({ gatewayOrderId, status: 'success', amountMinor: o.amountMinor, currency: a.currency });
  });

  it('turns a signed webhook into an event, refuses a forged one, and answers null for events it does not act on', async () => {
    const g = a.make();
    const o = order();
    const { gatewayOrderId } = await g.createOrder(o);
    const paid = a.paidWebhook(gatewayOrderId, o.amountMinor);
    const event = await g.parseWebhook(paid.body, paid.headers);
    expect(event).toMatchObject({ gatewayOrderId, status: 'success', amountMinor: o.amountMinor, currency: a.currency, eventId: expect.any(String) });
    const forged = a.paidWebhook(gatewayOrderId, o.amountMinor, 'not-the-secret-at-all-0123456789');
    await expect(g.parseWebhook(forged.body, forged.headers)).rejects.toBeInstanceOf(GatewaySignatureError);
    await expect(g.parseWebhook(paid.body.replace(String(o.amountMinor), String(o.amountMinor + 1)), paid.headers)).rejects.toBeInstanceOf(GatewaySignatureError);
    const other = a.otherWebhook();
    expect(await g.parseWebhook(other.body, other.headers)).toBeNull();
  });
});
