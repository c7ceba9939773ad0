// A settled payment is pushed on the order's Pusher channel: a local receiver stands in for the Channels
// REST API and checks the request signature the way Pusher does.
import http from 'node:http';
import { createHash, createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { fundraisers, orders } from '@/lib/db/schema';
import { getDb } from '@/lib/db/client';
import { resetEnvForTests } from '@/lib/env';
import { resetPusherForTests } from '@/lib/realtime/order-events';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { call, closeDb, seededDb } from '../helpers/db';
import { cookiesFrom } from '../helpers/auth';

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
});
afterAll(async () => {
  for (const k of [...Object.keys(APP), 'PUSHER_HOST']) delete process.env[k];
  resetEnvForTests();
  resetPusherForTests();
  server.close();
  await closeDb();
});

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': '10.5.0.1', ...headers } });
const openFundraiser = async () =>
  (await (await seededDb()).select().from(fundraisers).where(and(eq(fundraisers.is_private, false), eq(fundraisers.status_flag, 1), sql`${fundraisers.end_date} > now()`, eq(fundraisers.currency, 'INR'))).limit(1))[0];

/** A donor's browser making a cart and its order: the order and what that browser's Cookie header then carries. */
async function checkout(headers: Record<string, string> = {}) {
  const db = await seededDb();
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
  expect(received[0].body.channels).toEqual([`order-${order.order_id}`]);
  expect(received[0].body.name).toBe('payment-result');
  expect(JSON.parse(received[0].body.data)).toEqual({ status: 'success', redirect: `/new/thankyou/${encodeURIComponent(f.custom_tag)}?oi=${order.order_id}` });
});
