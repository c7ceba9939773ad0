// A settled payment is pushed on the order's private Pusher channel: a local receiver stands in for the Channels
// REST API and checks the request signature the way Pusher does. Only the order's donor is signed in to that channel
//: the signature a Channels server checks is worked out here independently of the pusher library.
import http from 'node:http';
import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { POST as realtimeAuth } from '@/app/api/realtime/auth/route';
import { orders } from '@/lib/db/schema';
import { getDb } from '@/lib/db/client';
import { resetEnvForTests } from '@/lib/env';
import { resetPusherForTests } from '@/lib/realtime/order-events';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import { cookiesFrom, signedInPerson } from '../helpers/auth';

const APP = { PUSHER_APP_ID: '4242', PUSHER_KEY: 'pk_test', PUSHER_SECRET: 'ps_secret' };
let server: http.Server;
const received: { valid: boolean; body: { name: string; channels: string[]; data: string } }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const params = [...url.searchParams].filter(([k]) => k !== 'auth_signature').sort(([a], [b]) => a.localeCompare(b));
      const toSign = [req.method, url.pathname, params.map(([k, v]) => `${k}=${v}`).join('&')].join('\n');
      const valid =
        url.pathname === `/apps/${APP.PUSHER_APP_ID}/events` &&
        url.searchParams.get('auth_key') === APP.PUSHER_KEY &&
        url.searchParams.get('body_md5') === createHash('md5').update(body).digest('hex') &&
        url.searchParams.get('auth_signature') === createHmac('sha256', APP.PUSHER_SECRET).update(toSign).digest('hex');
      received.push({ valid, body: JSON.parse(body) });
      res.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(process.env, APP, { PUSHER_HOST: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
  resetEnvForTests();
  resetPusherForTests();
  // the database is opened once here, not inside the first case's time limit
  await freshDb();
});
afterAll(async () => {
  for (const k of [...Object.keys(APP), 'PUSHER_HOST']) delete process.env[k];
  resetEnvForTests();
  resetPusherForTests();
  server.close();
  await closeDb();
});

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': '10.5.0.1', ...headers } });
const openFundraiser = async () => makeFundraiser(await freshDb());

/** A donor's browser making a cart and its order: the order and what that browser's Cookie header then carries. */
async function checkout(headers: Record<string, string> = {}) {
  const db = await freshDb();
  const f = await openFundraiser();
  const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 100, currency: 'INR', donor_name: 'Asha Rao', donor_email: 'rt@example.com', donor_phone: '9876543210' }, headers));
  const cookie = cookiesFrom(cart.headers, headers.cookie);
  const placed = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'UPI' }, { cookie }));
  const [order] = await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id));
  return { f, order, cookie };
}

it('pushes the payment result on the order channel, signed as Pusher requires', async () => {
  const { f, order } = await checkout();
  const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(order.gateway_order_id!, 'success');
  await call(webhookRoute, '/x', { gateway: 'sandbox' }, post(outcome.webhookBody, { [SANDBOX_SIGNATURE_HEADER]: outcome.webhookSignature }));
  expect(received).toHaveLength(1);
  expect(received[0].valid).toBe(true);
  // private: a browser subscribes only with our signature (below), so the order id alone follows nothing
  expect(received[0].body.channels).toEqual([`private-order-${order.order_id}`]);
  expect(received[0].body.name).toBe('payment-result');
  expect(JSON.parse(received[0].body.data)).toEqual({ status: 'success', redirect: `/new/thankyou/${encodeURIComponent(f.custom_tag)}?oi=${order.order_id}` });
});

describe('POST realtime/auth: the private order channel is signed for its donor only', () => {
  // what pusher-js sends (form-encoded), from the payment page (same origin)
  const ask = (channel: string, headers: Record<string, string> = {}, socket = '1234.5678') =>
    call(realtimeAuth, '/api/realtime/auth', {}, { method: 'POST', body: new URLSearchParams({ socket_id: socket, channel_name: channel }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', ...headers } });
  // a Channels server accepts the subscription when auth is key:HMAC-SHA256(secret, "socket_id:channel_name")
  const pusherAccepts = (auth: unknown, socket: string, channel: string) => auth === `${APP.PUSHER_KEY}:${createHmac('sha256', APP.PUSHER_SECRET).update(`${socket}:${channel}`).digest('hex')}`;

  it("signs the browser that made the order's cart, and the donor's own session; nobody else holding the id", async () => {
    const guest = await checkout();
    const channel = `private-order-${guest.order.order_id}`;
    const mine = await ask(channel, { cookie: guest.cookie }, '98765.4321');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(pusherAccepts(mine.body.auth, '98765.4321', channel)).toBe(true);
    // a stranger with the order id: signed out, signed in as someone else, or with a cookie of their own carts
    const stranger = await signedInPerson(await freshDb(), 'Channel Stranger');
    const other = await checkout();
    for (const headers of [{}, { cookie: stranger.cookie }, { cookie: other.cookie }] as Record<string, string>[]) {
      const res = await ask(channel, headers);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.body.auth).toBeUndefined();
    }
    // a signed-in donor's order, from another browser of theirs (no cart cookie there)
    const donor = await signedInPerson(await freshDb(), 'Channel Donor');
    const signedIn = await checkout({ cookie: donor.cookie });
    const theirs = `private-order-${signedIn.order.order_id}`;
    expect(pusherAccepts((await ask(theirs, { cookie: donor.cookie })).body.auth, '1234.5678', theirs)).toBe(true);
    expect((await ask(theirs, { cookie: stranger.cookie })).status).toBe(404);
  });

  it('signs no other channel, no malformed socket, no unknown order and no cross-site request', async () => {
    const { order, cookie } = await checkout();
    for (const channel of [`order-${order.order_id}`, `presence-order-${order.order_id}`, `private-orders-${order.order_id}`]) {
      const res = await ask(channel, { cookie });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.channel_name).toBeDefined();
    }
    expect((await ask(`private-order-${order.order_id}`, { cookie }, 'not-a-socket')).body.error.fields.socket_id).toBeDefined();
    expect((await ask('private-order-SHYNOSUCHORDER1', { cookie })).status).toBe(404);
    expect((await ask(`private-order-${order.order_id}`, { cookie, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('answers 404 when no realtime service is configured', async () => {
    const { order, cookie } = await checkout();
    const saved = process.env.PUSHER_SECRET;
    delete process.env.PUSHER_SECRET;
    resetEnvForTests();
    resetPusherForTests();
    try {
      expect((await ask(`private-order-${order.order_id}`, { cookie })).status).toBe(404);
    } finally {
      process.env.PUSHER_SECRET = saved;
      resetEnvForTests();
      resetPusherForTests();
    }
  });
});
