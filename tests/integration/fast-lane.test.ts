// A whole donation through the server's fast lane (server/fast-lane-routes.ts, server/fast-lane.ts) with
// the real route handlers on the real database, over HTTP, composed as server/serve.ts composes it: the client
// address stamped from the socket, then the lane. The gift is credited once, its pages' tags are expired before the
// donor's return is answered, and nothing a client forges (address, host, signature) reaches a decision.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { FAST_ROUTES } from '@/server/fast-lane-routes';
import { fastLane } from '@/server/fast-lane';
import { stampClientAddress, trustProxyFrom } from '@/lib/http/client-address';
import { carts, fundraisers, orders } from '@/lib/db/schema';
import { SANDBOX_SIGNATURE_HEADER, sandboxSign } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { CACHE_TAGS } from '@/lib/cache/tags';
import { closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import type { Db } from '@/lib/db/client';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
let server: http.Server;
let port = 0;
const expired: string[][] = [];
const toNext: string[] = [];

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
  server = http.createServer((req, res) => {
    stampClientAddress(req, trust);
    if (lane(req, res)) return;
    toNext.push(`${req.method} ${req.url}`);
    res.writeHead(404);
    res.end();
  });
  const trust = trustProxyFrom(undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const lane = fastLane(FAST_ROUTES, async (tags) => void expired.push(tags), { hostname: '0.0.0.0', port, headers: {} });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any };
function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', host: `localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // a redirect or plain text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) => post(path, JSON.stringify(body), headers);
const totals = async () => (await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, fundraiser.id)))[0];

// a stranger's forged proxy headers on every request: no trusted proxy is configured, so none may count
const FORGED = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-sahyog-client-address': '203.0.113.7' };

/** The gateway's signed webhook for the payment its return names. */
function paidWebhook(orderId: string, params: Record<string, string>) {
  const event = JSON.stringify({ event_id: `evt_lane_${orderId}`, type: 'payment.success', gateway_order_id: params.gateway_order_id, payment_id: params.payment_id, status: 'success', amount: params.amount, currency: params.currency });
  return post('/api/webhooks/sandbox', event, { [SANDBOX_SIGNATURE_HEADER]: sandboxSign(sandboxSecret(), event) });
}

async function checkout(email: string) {
  const cart = await postJson(`/api/fundraisers/${fundraiser.id}/cart`, { donated_amount: 500, currency: 'INR', donor_name: 'Lane Donor', donor_email: email, donor_phone: '9876543210', tip_amount: 0 }, FORGED);
  expect(cart.status).toBe(201);
  expect(cart.headers['x-fast-lane']).toBe('1');
  // the browser keeps the cart's checkout access and sends it with the cart's order and its send
  const cookie = (cart.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  expect(cookie).toMatch(/^checkout_access=/);
  const order = await postJson(`/api/fundraisers/${fundraiser.id}/order`, { cart_id: cart.body.data.id, mode: 'UPI' }, { ...FORGED, cookie });
  expect(order.status).toBe(201);
  const sent = await postJson('/api/payment/send', { order_id: order.body.data.order_id }, { ...FORGED, cookie });
  expect(sent.status).toBe(200);
  return { cartId: cart.body.data.id as number, orderId: order.body.data.order_id as string, url: new URL(sent.body.data.url), cookie };
}

describe('a donation through the fast lane', () => {
  it('is credited once, expires its story before the return is answered, and takes its address and site from the socket and Host', async () => {
    const before = await totals();
    const { cartId, orderId, url } = await checkout('lane-1@example.com');
    // per-address limits and the stored address are the socket's, never a forged header's
    expect((await db.select({ ip: carts.client_ip }).from(carts).where(eq(carts.id, cartId)))[0].ip).toBe('127.0.0.1');
    // the gateway's return goes to our own site, never to a forged host
    const returnUrl = new URL(url.searchParams.get('return_url')!);
    expect(returnUrl.host).not.toBe('evil.example');
    expect(returnUrl.protocol).toBe('http:');
    const form = new URLSearchParams({ gateway_order_id: url.searchParams.get('gateway_order_id')!, status: 'success', return_url: returnUrl.toString(), webhook: 'lost' });
    const paid = await post('/api/payment/sandbox/complete', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.location!);
    const params = Object.fromEntries([...back.searchParams].filter(([k]) => !['oi', 'origin', 'ct', 'id'].includes(k)));
    expired.length = 0;
    const result = await postJson(`/api/payment/response/${orderId}`, params);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ order_id: orderId, status: 'success' });
    // the story, its lists: expired by the time the donor is told where to go
    expect(expired.flat()).toEqual(expect.arrayContaining([CACHE_TAGS.fundraiser(fundraiser.id), CACHE_TAGS.fundraiserLists]));
    // once: the return settled it, and a second expiry would only render the story again for nothing
    expect(expired.flat().filter((tag) => tag === CACHE_TAGS.fundraiser(fundraiser.id))).toHaveLength(1);
    // the gateway's webhooks after it, three times: nothing moves again
    const results: string[] = [];
    for (let i = 0; i < 3; i++) {
      const hook = await paidWebhook(orderId, params);
      expect(hook.status).toBe(200);
      results.push(hook.body.data.result);
    }
    expect(results).toEqual(['unchanged', 'duplicate', 'duplicate']);
    expect(await totals()).toEqual({ raised: before.raised + 50_000, donors: before.donors + 1 });
    expect(toNext).toEqual([]);
  });

  it('a gift the webhook settled first is still expired by the return, once, before the donor is told where to go', async () => {
    const { orderId, url } = await checkout('lane-5@example.com');
    const form = new URLSearchParams({ gateway_order_id: url.searchParams.get('gateway_order_id')!, status: 'success', return_url: url.searchParams.get('return_url')!, webhook: 'lost' });
    const paid = await post('/api/payment/sandbox/complete', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    const params = Object.fromEntries([...new URL(paid.headers.location!).searchParams].filter(([k]) => !['oi', 'origin', 'ct', 'id'].includes(k)));
    // the webhook arrives before the donor's browser is back
    expect((await paidWebhook(orderId, params)).body.data.result).toBe('settled');
    expired.length = 0;
    const result = await postJson(`/api/payment/response/${orderId}`, params);
    expect(result.body.data).toMatchObject({ order_id: orderId, status: 'success' });
    expect(expired.flat().filter((tag) => tag === CACHE_TAGS.fundraiser(fundraiser.id))).toHaveLength(1);
  });

  it('refuses a forged webhook and a tampered return, crediting nothing', async () => {
    const { orderId, url } = await checkout('lane-2@example.com');
    const before = await totals();
    const event = JSON.stringify({ event_id: 'evt_lane_forged', type: 'payment.success', gateway_order_id: url.searchParams.get('gateway_order_id'), payment_id: 'sbx_pay_forged', status: 'success', amount: '50000', currency: 'INR' });
    const forged = await post('/api/webhooks/sandbox', event, { [SANDBOX_SIGNATURE_HEADER]: 'f'.repeat(64) });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('The payment signature does not match');
    const tampered = await postJson(`/api/payment/response/${orderId}`, { gateway_order_id: url.searchParams.get('gateway_order_id'), payment_id: 'sbx_pay_forged', status: 'success', amount: '50000', currency: 'INR', signature: 'f'.repeat(64) });
    expect(tampered.status).toBe(400);
    expect(await totals()).toEqual(before);
    expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.order_id, orderId)))[0].status).toBe('pending');
  });

  it("takes a cart's order, its send and its re-check only from the browser that made the cart (its cookie reaches the handlers in the lane)", async () => {
    const cart = await postJson(`/api/fundraisers/${fundraiser.id}/cart`, { donated_amount: 500, currency: 'INR', donor_name: 'Lane Donor', donor_email: 'lane-3@example.com', donor_phone: '9876543210', tip_amount: 0 });
    const orderOf = (headers: Record<string, string>) => postJson(`/api/fundraisers/${fundraiser.id}/order`, { cart_id: cart.body.data.id, mode: 'UPI' }, headers);
    expect((await orderOf({})).status).toBe(404);
    const { orderId, cookie } = await checkout('lane-4@example.com');
    const stranger = { cookie: (cart.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ') };
    for (const [path, body] of [[`/api/payment/send`, { order_id: orderId }], [`/api/payment/response/${orderId}`, {}]] as const) {
      expect((await postJson(path, body, stranger)).status).toBe(404);
      expect((await postJson(path, body, { cookie })).status).toBe(200);
    }
    expect(toNext).toEqual([]);
  });

  it('answers bad input with the handlers\' own 4xx and writes nothing', async () => {
    const cartsBefore = (await db.select({ id: carts.id }).from(carts)).length;
    const bad = await postJson(`/api/fundraisers/${fundraiser.id}/cart`, { donated_amount: -5, currency: 'INR' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toBeDefined();
    expect((await postJson('/api/fundraisers/not-a-number/cart', {})).status).toBe(422);
    expect((await post(`/api/fundraisers/${fundraiser.id}/cart`, '{not json')).status).toBe(400);
    // a browser's cross-site POST is refused as it is under Next
    expect((await postJson(`/api/fundraisers/${fundraiser.id}/cart`, {}, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await db.select({ id: carts.id }).from(carts)).length).toBe(cartsBefore);
  });
});
