// A premium goes through the same real gateway as a gift. With Razorpay configured (a local stand-in for its
// API host, payloads signed as Razorpay signs them), a rupee premium is a Razorpay order, its Checkout page opens for
// the signed-in payer (an insurance order has no cart), and Razorpay's signed return pays the policy once.
import { createHmac } from 'node:crypto';
import type { ReactElement, ReactNode } from 'react';
import { and, eq, like } from 'drizzle-orm';
import { POST as createRoute } from '@/app/api/insurance/create/route';
import { POST as payRoute } from '@/app/api/insurance/pay/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { insurancePolicies, ledgerEntries, orders } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { RazorpayCheckout } from '@/components/payment/RazorpayCheckout';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb } from '../factories';
import { startGatewayStandIns, type GatewayStandIns } from '../helpers/gateway-standins';

// the Checkout page's words and brand come from a request Next would have; here they are plain stand-ins
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async () => (key: string, values?: Record<string, string>) => `${key} ${JSON.stringify(values ?? {})}`,
}));
jest.mock('@/components/layout/request-context', () => ({
  getBrand: async () => ({ name: 'Sahyog' }),
  getSiteUrl: async () => 'http://localhost',
}));

// imported after the mocks
// eslint-disable-next-line @typescript-eslint/no-require-imports
const GatewayCheckoutPage = (require('@/app/[site]/[locale]/payment/checkout/page') as typeof import('@/app/[site]/[locale]/payment/checkout/page')).default;

const RZP = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_test_secret_123', RAZORPAY_WEBHOOK_SECRET: 'rzp_webhook_secret_456' };
let db: Db;
let standIns: GatewayStandIns;
let ip = 0;

beforeAll(async () => {
  standIns = await startGatewayStandIns();
  Object.assign(process.env, RZP, { RAZORPAY_API_HOST: standIns.base });
  resetEnvForTests();
  db = await freshDb();
});
afterAll(async () => {
  for (const k of [...Object.keys(RZP), 'RAZORPAY_API_HOST']) delete process.env[k];
  resetEnvForTests();
  standIns.close();
  await closeDb();
});

const post = (auth: Record<string, string>, body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-sahyog-client-address': `10.16.0.${++ip % 250}`, ...auth } });
const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** The props of the first element of this component in a rendered tree. */
function propsOf<P>(node: ReactNode, component: unknown): P | null {
  if (!node || typeof node !== 'object') return null;
  if (Array.isArray(node)) return node.map((n) => propsOf<P>(n, component)).find(Boolean) ?? null;
  const el = node as ReactElement<{ children?: ReactNode }>;
  if (el.type === component) return el.props as P;
  return propsOf<P>(el.props?.children, component);
}

describe('an insurance premium on Razorpay', () => {
  it('is a Razorpay order whose Checkout opens for the payer; the signed return pays the policy and credits the insurer once', async () => {
    const p = await signedInPerson(db, 'Razorpay Premium');
    const created = await call(createRoute, '/api/insurance/create', {}, post(p.auth, { plan_id: 'care_plus_yearly', full_name: 'Kavya Menon', date_of_birth: '1990-05-17', relation: 'spouse', phone: '9876543210' }));
    expect(created.status).toBe(201);
    const placed = await call(payRoute, '/api/insurance/pay', {}, post(p.auth, { id: created.body.data.id, mode: 'CARD', gateway: 'sandbox' }));
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ payment_gateway: 'razorpay', donated_amount_minor: 159_900 });
    const [order] = await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id));
    expect(order.gateway_order_id).toMatch(/^order_T\d+$/);

    const sent = await call(sendRoute, '/api/payment/send', {}, post(p.auth, { order_id: order.order_id }));
    const checkout = new URL(sent.body.data.url);
    expect(checkout.pathname).toBe('/payment/checkout');
    const page = (await GatewayCheckoutPage({ params: Promise.resolve({ site: 'localhost', locale: 'en' }), searchParams: Promise.resolve(Object.fromEntries(checkout.searchParams)) })) as ReactElement;
    // no cart: Checkout is prefilled with the signed-in payer, for the premium
    expect(propsOf(page, RazorpayCheckout)).toMatchObject({ gatewayOrderId: order.gateway_order_id, amountMinor: 159_900, currency: 'INR', prefill: { name: 'Razorpay Premium', email: p.email } });

    standIns.rzpPayments.set('pay_INS1', { id: 'pay_INS1', order_id: order.gateway_order_id, amount: 159_900, currency: 'INR', status: 'captured' });
    const signed = { razorpay_order_id: order.gateway_order_id!, razorpay_payment_id: 'pay_INS1', razorpay_signature: hmac(RZP.RAZORPAY_KEY_SECRET, `${order.gateway_order_id}|pay_INS1`) };
    const back = await call(responseRoute, '/x', { oi: order.order_id }, post({}, signed));
    expect(back.body.data).toMatchObject({ status: 'success', redirect: `/insurance/${created.body.data.id}?oi=${order.order_id}` });
    await call(responseRoute, '/x', { oi: order.order_id }, post({}, signed));
    const [policy] = await db.select().from(insurancePolicies).where(eq(insurancePolicies.id, created.body.data.id));
    expect(policy.status).toBe('paid');
    expect(policy.covered_until).not.toBeNull();
    const lines = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.group_id, order.order_id), like(ledgerEntries.account, 'insurance:%')));
    expect(lines.map((l) => l.amount_minor)).toEqual([159_900]);
  });
});
