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
import { nextReturnStep, readPaymentReturn, unreadableOrderRedirect } from '@/lib/payments/return-route';
import { freshDb, makeFundraiser } from '../factories';
import { call, closeDb } from '../helpers/db';
import { cookiesFrom } from '../helpers/auth';

let db: Db;
let f: { id: number; custom_tag: string };
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;

beforeAll(async () => {
  db = await freshDb();
  f = await makeFundraiser(db);
});
afterAll(closeDb);

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `return-${RUN}-${++seq}`, ...headers } });

/** What the router does for this return URL, in a browser with these headers: one call of the real route, then its rule. */
async function routerGoesTo(query: string, headers: Record<string, string> = {}) {
  const ret = readPaymentReturn(new URLSearchParams(query));
  const res = await call(responseRoute, `/api/payment/response/${ret.orderId}`, { oi: ret.orderId }, post(ret.gatewayParams, headers));
  return { status: res.status, step: nextReturnStep(ret, { ok: res.status < 400, body: res.body }) };
}

/** A donor's browser making a cart, its order and its send: the order row and that browser's cookies. */
async function checkout(mode = 'UPI', origin = 's') {
  const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.${RUN}@example.com`, donor_phone: '9876543210' }));
  const cookie = cookiesFrom(cart.headers);
  const order = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode, origin }, { cookie }));
  expect((await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }))).status).toBe(200);
  const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
  return { row, cookie };
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
  const { row } = await checkout('CARD', 'f');
  const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(row.gateway_order_id!, 'failed');
  const params = new URLSearchParams({ oi: row.order_id, or: 'f', ct: f.custom_tag, id: String(f.id), ...outcome.params });
  const { step } = await routerGoesTo(params.toString());
  expect(step).toEqual({ go: expect.stringMatching(new RegExp(`^/fundraiser/${encodeURIComponent(f.custom_tag)}\\?st=f`)) });
});

// Each origin of spec 4 goes back to a page that exists and says what happened (the pages themselves:
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
    const cookie = cookiesFrom(cart.headers);
    const order = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin, ...(updateId ? { update_id: updateId } : {}) }, { cookie }));
    const sent = await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }));
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

it("a pending return opened in another browser (no cart cookie, not signed in) keeps re-checking with the same signed return and moves on to the donor's thank-you once paid", async () => {
  const { row } = await checkout();
  const sandbox = new SandboxGateway(getDb, sandboxSecret(), 'http://localhost');
  const pending = await sandbox.complete(row.gateway_order_id!, 'pending');
  const query = new URLSearchParams({ oi: row.order_id, origin: 's', ct: f.custom_tag, id: String(f.id), ...pending.params }).toString();
  // the bank app's browser: its first call and every re-check carry the return (PaymentRouteClient), and no cookie
  expect(await routerGoesTo(query)).toEqual({ status: 200, step: { recheck: true } });
  expect(await routerGoesTo(query)).toEqual({ status: 200, step: { recheck: true } });
  // the donor approves in their UPI app; its webhook is lost: the next re-check asks the gateway and hears it
  await sandbox.complete(row.gateway_order_id!, 'success');
  const paid = await routerGoesTo(query);
  expect(paid.status).toBe(200);
  const thankYou = new URL((paid.step as { go: string }).go, 'http://x');
  expect(thankYou.pathname).toBe(`/new/thankyou/${encodeURIComponent(f.custom_tag)}`);
  expect(thankYou.searchParams.get('oi')).toBe(row.order_id);
  // the thank-you page is shown that browser's gift with the same proof (the signed return)
  expect(thankYou.searchParams.get('signature')).toBe(pending.params.signature);
  expect((await db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('success');
  // without the return, a re-check from that browser is a stranger's: 404, as before
  expect((await routerGoesTo(new URLSearchParams({ oi: row.order_id, origin: 's', ct: f.custom_tag, id: String(f.id) }).toString())).status).toBe(404);
});

// A gift placed on the payment form from a story (or a fundraiser page) comes back to that form, where the
// donor's details wait in their tab; placed through the API without page_type, spec 4's story stays the place
describe('a failed payment placed on the payment form', () => {
  const tag = () => encodeURIComponent(f.custom_tag);
  async function failedReturn(origin: string, pageType?: string) {
    const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 750, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.form.${origin}.${RUN}@example.com`, donor_phone: '9876543210' }));
    const cookie = cookiesFrom(cart.headers);
    const order = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin, ...(pageType ? { page_type: pageType } : {}) }, { cookie }));
    expect(order.status).toBe(201);
    const sent = await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }));
    const back = new URL(new URL(sent.body.data.url, 'http://localhost').searchParams.get('return_url')!);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
    const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(row.gateway_order_id!, 'failed');
    back.searchParams.forEach((v, k) => void (outcome.params[k] = v));
    return { back, row, step: (await routerGoesTo(new URLSearchParams(outcome.params).toString())).step };
  }

  it.each(['s', 'f'])('origin %s: back to the payment form with the origin for the next try and the reason', async (origin) => {
    const { back, row, step } = await failedReturn(origin, 'payment_form');
    expect(row.params).toMatchObject({ page_type: 'payment_form' });
    expect(step).toEqual({ go: `/new/payment?ct=${tag()}&id=${f.id}&payment=form&or=${origin}&st=f&reason=Payment+declined+by+the+bank` });
    // an order the router cannot read (a request error) goes back to the form too: the return address says where it was placed
    expect(back.searchParams.get('pt')).toBe('payment_form');
    expect(unreadableOrderRedirect(readPaymentReturn(back.searchParams))).toBe(`/new/payment?ct=${tag()}&id=${f.id}&payment=form&or=${origin}&st=f`);
    // pt is ours, never sent to the gateway to verify
    expect(readPaymentReturn(back.searchParams).gatewayParams).not.toHaveProperty('pt');
  });

  it('origin tp placed on the form keeps spec 4: the thank-you page, which offers to try again', async () => {
    const { step } = await failedReturn('tp', 'payment_form');
    expect(step).toEqual({ go: `/new/thankyou/${tag()}?st=f&reason=Payment+declined+by+the+bank` });
  });

  it('origin s placed without page_type (the API, another client) keeps spec 4: the story', async () => {
    const { back, step } = await failedReturn('s');
    expect(back.searchParams.get('pt')).toBeNull();
    expect(step).toEqual({ go: `/stories/${tag()}?st=f&reason=Payment+declined+by+the+bank` });
  });

  it('a donor giving in Arabic is brought back to the Arabic payment-route, so the form or thank-you that follows stays in Arabic', async () => {
    const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 750, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.ar.${RUN}@example.com`, donor_phone: '9876543210', locale: 'ar' }));
    const cookie = cookiesFrom(cart.headers);
    const order = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin: 's', page_type: 'payment_form' }, { cookie }));
    const sent = await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }));
    expect(new URL(new URL(sent.body.data.url, 'http://localhost').searchParams.get('return_url')!).pathname).toBe('/ar/new/payment-route');
  });

  it('an unknown page_type is ignored, never refused', async () => {
    const { row, step } = await failedReturn('s', 'somewhere');
    expect(row.params?.page_type).toBeUndefined();
    expect(step).toEqual({ go: `/stories/${tag()}?st=f&reason=Payment+declined+by+the+bank` });
  });
});
