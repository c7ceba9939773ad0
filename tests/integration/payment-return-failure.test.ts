// spec 4 new/payment-route: when the order cannot be read (an unknown oi), the router applies the same failure
// redirect by origin as a failed payment, each with st=f. The real response route answers; the router's own rule
// (lib/payments/return-route.ts, what PaymentRouteClient runs) decides where the donor goes.
import { eq } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { orders } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { nextReturnStep, readPaymentReturn } from '@/lib/payments/return-route';
import { makeFundraiser } from '../helpers/factories';
import { call, closeDb, seededDb } from '../helpers/db';

let db: Db;
let f: { id: number; custom_tag: string };
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;

beforeAll(async () => {
  db = await seededDb();
  f = await makeFundraiser(db);
});
afterAll(closeDb);

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `return-${RUN}-${++seq}` } });

/** What the router does for this return URL: one call of the real route, then its rule. */
async function routerGoesTo(query: string) {
  const ret = readPaymentReturn(new URLSearchParams(query));
  const res = await call(responseRoute, `/api/payment/response/${ret.orderId}`, { oi: ret.orderId }, post(ret.gatewayParams));
  return { status: res.status, step: nextReturnStep(ret, { ok: res.status < 400, body: res.body }) };
}

describe('an unknown oi goes back by origin, with st=f', () => {
  const tag = () => encodeURIComponent(f.custom_tag);
  it.each([
    ['f', () => `/fundraiser/${tag()}`],
    ['s', () => `/stories/${tag()}`],
    ['tp', () => `/new/thankyou/${tag()}`],
    ['up', () => `/new/campaign/campaign_update?ct=${tag()}`],
    ['tann', () => '/new/anniversary'],
    ['tip', () => '/new/standalonetip'],
    ['ps', () => `/new/payment?ct=${tag()}&id=${f.id}&payment=form`],
  ])('origin %s', async (origin, base) => {
    const { status, step } = await routerGoesTo(`oi=SHYNOPE${RUN}&or=${origin}&ct=${tag()}&id=${f.id}&status=failed`);
    expect(status).toBe(404);
    const target = new URL(base(), 'http://x');
    target.searchParams.set('st', 'f');
    target.searchParams.set('reason', 'Order not found');
    expect(step).toEqual({ go: `${target.pathname}${target.search}` });
  });

  it('an order id the route refuses outright (too short) goes back by origin too', async () => {
    const { status, step } = await routerGoesTo(`oi=x&origin=f&ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}`);
    expect(status).toBe(422);
    expect(step).toMatchObject({ go: expect.stringMatching(new RegExp(`^/fundraiser/${encodeURIComponent(f.custom_tag)}\\?st=f`)) });
  });
});

it('a failed payment of a readable order goes back to the same place by its origin, as the server says', async () => {
  const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.${RUN}@example.com`, donor_phone: '9876543210' }));
  const order = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin: 'f' }));
  expect((await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }))).status).toBe(200);
  const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
  const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(row.gateway_order_id!, 'failed');
  const params = new URLSearchParams({ oi: row.order_id, or: 'f', ct: f.custom_tag, id: String(f.id), ...outcome.params });
  const { step } = await routerGoesTo(params.toString());
  expect(step).toEqual({ go: expect.stringMatching(new RegExp(`^/fundraiser/${encodeURIComponent(f.custom_tag)}\\?st=f`)) });
});

// issue 30: each origin of spec 4 goes back to a page that exists and says what happened (the pages themselves:
// failure-return-pages.test.ts and e2e/payment-failure-returns.spec.ts)
describe('a failed payment of a readable order, from each origin', () => {
  const tag = () => encodeURIComponent(f.custom_tag);
  it.each([
    ['f', undefined, () => `/fundraiser/${tag()}`],
    ['s', undefined, () => `/stories/${tag()}`],
    ['tp', undefined, () => `/new/thankyou/${tag()}`],
    ['up', 4242, () => `/new/campaign/campaign_update?ct=${tag()}&update=4242`],
    ['up', undefined, () => `/new/campaign/campaign_update?ct=${tag()}`],
    ['tann', undefined, () => '/new/anniversary'],
    ['tip', undefined, () => '/new/standalonetip'],
    ['ps', undefined, () => `/new/payment?ct=${tag()}&id=${f.id}&payment=form`],
    ['rfd', undefined, () => '/payment-failed'],
  ])('origin %s (update %s)', async (origin, updateId, base) => {
    const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.${origin}.${RUN}@example.com`, donor_phone: '9876543210' }));
    const order = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin, ...(updateId ? { update_id: updateId } : {}) }));
    const sent = await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }));
    // the gateway brings the donor back with the fundraiser (and the update) in the return address
    const back = new URL(new URL(sent.body.data.url, 'http://localhost').searchParams.get('return_url')!);
    expect(back.searchParams.get('update')).toBe(updateId ? String(updateId) : null);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
    const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(row.gateway_order_id!, 'failed');
    back.searchParams.forEach((v, k) => void (outcome.params[k] = v));
    const { step } = await routerGoesTo(new URLSearchParams(outcome.params).toString());
    const target = new URL(base(), 'http://x');
    target.searchParams.set('st', 'f');
    target.searchParams.set('reason', 'Payment declined by the bank');
    expect(step).toEqual({ go: `${target.pathname}${target.search}` });
    // a request error on the way back (the order unreadable) lands on the same page
    expect(readPaymentReturn(back.searchParams).fundraiser).toMatchObject({ custom_tag: f.custom_tag, id: f.id, ...(updateId ? { update_id: updateId } : {}) });
  });
});
