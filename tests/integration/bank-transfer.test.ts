// Bank transfer (NEFT/IMPS) as a payment option where the gateway offers it, with the spec 5 messages
// ('Field Required', 'Please enter a value greater than or equal to'); the gift counts only when the transfer arrives.
import { and, eq } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as tipCartRoute } from '@/app/api/standalonetip/cart/route';
import { POST as tipOrderRoute } from '@/app/api/standalonetip/order/route';
import { POST as eligibilityRoute } from '@/app/api/payment/eligibility/route';
import { GET as optionsRoute } from '@/app/api/payment/options/route';
import { fundraisers, orders } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway, sandboxTransferAccount } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { reconcilePendingOrders } from '@/lib/payments/results';
import { BANK_TRANSFER_MIN_MAJOR } from '@/lib/constants/giving';
import { BANK_TRANSFER_WINDOW_MS, ORDER_PAYMENT_WINDOW_MS } from '@/lib/constants/payments';
import { cookiesFrom } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';

jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the page loads after the mocks
const SandboxCheckoutPage: (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<ReactElement> = require('@/app/[site]/[locale]/payment/sandbox/page').default;

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
const ORIGIN = 'http://localhost';
const RUN = Date.now().toString(36);
let ip = 0;
const BANK = { account_no: '001234567890', ifsc_code: 'hdfc0001234', bank_name: 'HDFC Bank' };

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(closeDb);

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.16.0.${++ip % 250}`, ...headers } });
const totals = async () => (await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, fundraiser.id)))[0];

async function neftOrder(amount = 2500) {
  const cart = await call(cartRoute, `/api/fundraisers/${fundraiser.id}/cart`, { id: String(fundraiser.id) }, post({ donated_amount: amount, currency: 'INR', donor_name: 'Kavya Rao', donor_email: `neft-${RUN}-${ip}@example.com`, donor_phone: '9876543210' }));
  expect(cart.status).toBe(201);
  // the donor's browser: it keeps the cart's checkout access for the order and its send
  const browser = { cookie: cookiesFrom(cart.headers) };
  return { ...(await call(orderRoute, `/api/fundraisers/${fundraiser.id}/order`, { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'NEFT' }, browser))), browser };
}

describe('bank transfer (NEFT/IMPS)', () => {
  it('is offered for rupee gifts where the gateway has it, never for other currencies or for tips', async () => {
    const inr = await call(optionsRoute, '/api/payment/options?currency=INR', {}, { method: 'GET' });
    expect(inr.body.data.options).toContain('NEFT');
    const usd = await call(optionsRoute, '/api/payment/options?currency=USD', {}, { method: 'GET' });
    expect(usd.body.data.options).not.toContain('NEFT');
    // eligibility leaves it out below its minimum
    const small = await call(eligibilityRoute, '/api/payment/eligibility', {}, post({ currency: 'INR', amount: BANK_TRANSFER_MIN_MAJOR - 1 }));
    expect(small.body.data.one_time_modes).not.toContain('NEFT');
    const big = await call(eligibilityRoute, '/api/payment/eligibility', {}, post({ currency: 'INR', amount: BANK_TRANSFER_MIN_MAJOR }));
    expect(big.body.data.one_time_modes).toContain('NEFT');
    // a standalone tip's form asks for no account: the server refuses the mode
    const tipCart = await call(tipCartRoute, '/api/standalonetip/cart', {}, post({ tip_amount: 500, currency: 'INR', donor_name: 'Meera Iyer', donor_email: `tip-neft-${RUN}@example.com`, donor_phone: '9876543210' }));
    const tip = await call(tipOrderRoute, '/api/standalonetip/order', {}, post({ cart_id: tipCart.body.data.id, mode: 'NEFT' }, { cookie: cookiesFrom(tipCart.headers) }));
    expect(tip.status).toBe(422);
    expect(tip.body.error.message).toBe('This payment mode is not available');
  });

  it(`refuses a transfer below ₹${BANK_TRANSFER_MIN_MAJOR} with the spec 5 message, placing no order`, async () => {
    const order = await neftOrder(BANK_TRANSFER_MIN_MAJOR - 1);
    expect(order.status).toBe(422);
    expect(order.body.error.fields.donated_amount).toBe(`Please enter a value greater than or equal to ${BANK_TRANSFER_MIN_MAJOR}`);
    const mine = await db.select().from(orders).where(and(eq(orders.fundraiser_id, fundraiser.id), eq(orders.payment_mode, 'NEFT'), eq(orders.donated_amount_minor, (BANK_TRANSFER_MIN_MAJOR - 1) * 100)));
    expect(mine).toEqual([]);
  });

  it("asks for the donor's account with 'Field Required', then keeps only its last four digits", async () => {
    const order = await neftOrder();
    expect(order.status).toBe(201);
    const orderId = order.body.data.order_id;
    const empty = await call(sendRoute, '/x', {}, post({ order_id: orderId }, order.browser));
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual({ account_no: 'Field Required', ifsc_code: 'Field Required', bank_name: 'Field Required' });
    const bad = await call(sendRoute, '/x', {}, post({ order_id: orderId, ...BANK, account_no: '12ab', ifsc_code: 'HDFC1234' }, order.browser));
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.account_no).toMatch(/account number of 9 to 18 digits/);
    expect(bad.body.error.fields.ifsc_code).toMatch(/valid IFSC/);
    // nothing was sent: the order waits as placed
    expect((await db.select().from(orders).where(eq(orders.order_id, orderId)))[0].status).toBe('created');

    const sent = await call(sendRoute, '/x', {}, post({ order_id: orderId, ...BANK }, order.browser));
    expect(sent.status).toBe(200);
    expect(sent.body.data.url).toContain('/payment/sandbox?');
    const [row] = await db.select().from(orders).where(eq(orders.order_id, orderId));
    expect(row.status).toBe('pending');
    expect(row.params).toMatchObject({ payer_bank: { account_last4: '7890', ifsc_code: 'HDFC0001234', bank_name: 'HDFC Bank' } });
    expect(JSON.stringify(row)).not.toContain(BANK.account_no);
  });

  it("the gateway's page gives the account to pay into; the gift counts only when the transfer arrives", async () => {
    const before = await totals();
    const order = await neftOrder(3000);
    const orderId = order.body.data.order_id;
    await call(sendRoute, '/x', {}, post({ order_id: orderId, ...BANK }, order.browser));
    const [row] = await db.select().from(orders).where(eq(orders.order_id, orderId));
    expect(await totals()).toEqual(before);

    const page = await SandboxCheckoutPage({ params: Promise.resolve({ site: 'localhost', locale: 'en' }), searchParams: Promise.resolve({ gateway_order_id: row.gateway_order_id!, return_url: `${ORIGIN}/new/payment-route?oi=${orderId}` }) });
    const html = await new Response((await prerender(page)).prelude).text();
    const to = sandboxTransferAccount(row.gateway_order_id!);
    expect(html).toContain(to.accountNumber);
    expect(html).toContain(to.ifsc);
    expect(html).toContain('ending 7890');
    expect(sandboxTransferAccount(row.gateway_order_id!)).toEqual(to);

    const outcome = await new SandboxGateway(getDb, sandboxSecret(), ORIGIN).complete(row.gateway_order_id!, 'success');
    const back = await call(responseRoute, `/api/payment/response/${orderId}`, { oi: orderId }, post(outcome.params));
    expect(back.body.data.status).toBe('success');
    const after = await totals();
    expect(after.raised - before.raised).toBe(300_000);
    expect(after.donors - before.donors).toBe(1);
  });

  it('waits for a transfer past the one-hour checkout window, and expires it after the bank-transfer window', async () => {
    const order = await neftOrder();
    const orderId = order.body.data.order_id;
    await call(sendRoute, '/x', {}, post({ order_id: orderId, ...BANK }, order.browser));
    // placed that long ago (the clock stays now, so other suites' orders in a shared database keep their own windows)
    const placedAgo = (ms: number) => db.update(orders).set({ created_at: new Date(Date.now() - ms) }).where(eq(orders.order_id, orderId));
    const reconcile = () => reconcilePendingOrders(db, { olderThanMs: ORDER_PAYMENT_WINDOW_MS, expireAfterMs: ORDER_PAYMENT_WINDOW_MS, origin: ORIGIN });
    await placedAgo(ORDER_PAYMENT_WINDOW_MS + 60_000);
    await reconcile();
    expect((await db.select().from(orders).where(eq(orders.order_id, orderId)))[0].status).toBe('pending');
    await placedAgo(BANK_TRANSFER_WINDOW_MS + 60_000);
    await reconcile();
    expect((await db.select().from(orders).where(eq(orders.order_id, orderId)))[0]).toMatchObject({ status: 'failed' });
  });
});
