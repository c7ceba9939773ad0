// npm run bench:payments: at least 1,000 concurrent donations to one fundraiser through cart, order,
// send and settle; every webhook replayed three times in shuffled order, racing the browser returns.
// Prints donations/s, lost and double-credited donations, and whether the total equals the orders.
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';
import { freshPgDatabase } from './lib/pg.mjs';
import { browserCookies, pool, postJson } from './lib/requests.mjs';

const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 1000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 50);
const SECRET = 'bench-sandbox-secret-0123456789abcdef';
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AMOUNT = 500; // rupees each
// donations go in slices, each after a slice of /api/health on the same server
const SLICE = Number(process.env.BENCH_SLICE ?? 200);
const HEALTH_SLICE_S = 2;

const sign = (payload) => createHmac('sha256', SECRET).update(payload).digest('hex');
const shuffle = (a) => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

// time spent in each step of a donation, summed over all donations (where the path's time goes)
const stepMs = new Map();
async function timed(step, fn) {
  const t = performance.now();
  try {
    return await fn();
  } finally {
    stepMs.set(step, (stepMs.get(step) ?? { ms: 0, n: 0 }));
    const s = stepMs.get(step);
    s.ms += performance.now() - t;
    s.n += 1;
  }
}

async function donate(base, fundraiserId, i) {
  const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  const cart = await timed('cart', () => postJson(base, `/api/fundraisers/${fundraiserId}/cart`, { donated_amount: AMOUNT, currency: 'INR', donor_name: 'Bench Donor', donor_email: `bench-${i}@example.com`, donor_phone: '9876543210', tip_amount: 0 }, ip));
  if (cart.status !== 201) throw new Error(`cart ${cart.status} ${JSON.stringify(cart.json)}`);
  // the donor's browser keeps the checkout access its cart's answer set: the cart's order, its send and its status are its
  const cookie = browserCookies(cart.headers);
  const order = await timed('order', () => postJson(base, `/api/fundraisers/${fundraiserId}/order`, { cart_id: cart.json.data.id, mode: 'UPI' }, { ...ip, cookie, 'idempotency-key': `bench-${i}-${Date.now()}` }));
  if (order.status !== 201) throw new Error(`order ${order.status}`);
  const sent = await timed('send', () => postJson(base, '/api/payment/send', { order_id: order.json.data.order_id }, { ...ip, cookie }));
  const checkout = new URL(sent.json.data.url);
  // the tester pays on the hosted checkout: the gateway signs the return. The bench plays the provider's webhook
  // sender itself (three deliveries below), so the sandbox sends none of its own (webhook=lost): a gateway's webhook
  // comes from the gateway's servers, not from a request our server makes to itself
  const form = new URLSearchParams({ gateway_order_id: checkout.searchParams.get('gateway_order_id'), status: 'success', return_url: checkout.searchParams.get('return_url'), webhook: 'lost' });
  const done = await timed('sandbox checkout', () => fetch(`${base}/api/payment/sandbox/complete`, { method: 'POST', body: form, redirect: 'manual' }));
  const back = new URL(done.headers.get('location'));
  const params = Object.fromEntries([...back.searchParams].filter(([k]) => !['oi', 'origin', 'ct', 'id'].includes(k)));
  const webhook = JSON.stringify({ event_id: `evt_bench_${i}`, type: 'payment.success', gateway_order_id: params.gateway_order_id, payment_id: params.payment_id, status: 'success', amount: params.amount, currency: params.currency });
  return { orderId: order.json.data.order_id, params, webhook, cookie };
}

async function run(label, env) {
  const server = await startServer({ port: 3403, dataDir: './data/bench-payments', env: { SANDBOX_GATEWAY_SECRET: SECRET, ...env } });
  const base = server.base;
  try {
    const list = await (await fetch(`${base}/api/fundraisers?limit=100&status=active`)).json();
    const f = list.data.find((x) => x.currency === 'INR');
    const before = (await (await fetch(`${base}/api/fundraisers/${f.id}`)).json()).data;
    // the same server's floor: one trivial query per request. Warmed first (a cold JIT answers less). The machine is shared
    // and its speed drifts by half within a minute, so the floor is measured in slices between the donations' slices, and
    // both rates are taken over the same stretch of time
    const healthFor = (duration) => new Promise((resolve, reject) => autocannon({ url: `${base}/api/health`, connections: IN_FLIGHT, duration }, (err, r) => (err ? reject(err) : resolve({ ok: r['2xx'], seconds: r.duration }))));
    await healthFor(5);
    const health = { ok: 0, seconds: 0, slices: [] };
    const measureHealth = async () => {
      const h = await healthFor(HEALTH_SLICE_S);
      health.ok += h.ok;
      health.seconds += h.seconds;
      health.slices.push(Math.round(h.ok / h.seconds));
    };
    stepMs.clear();
    let seconds = 0;
    const placed = [];
    for (let from = 0; from < DONATIONS; from += SLICE) {
      await measureHealth();
      const started = performance.now();
      const slice = await pool([...Array(Math.min(SLICE, DONATIONS - from)).keys()].map((k) => from + k), IN_FLIGHT, (i) => donate(base, f.id, i));
      // settle: each browser return once, each webhook three times, all shuffled together
      const calls = shuffle([
        ...slice.map((p) => () => timed('browser return', () => postJson(base, `/api/payment/response/${p.orderId}`, p.params))),
        // JSON.stringify(JSON.parse(x)) gives back x here: the signature covers exactly the bytes sent
        ...slice.flatMap((p) => [1, 2, 3].map(() => () => timed('webhook (x3)', () => postJson(base, '/api/webhooks/sandbox', JSON.parse(p.webhook), { 'x-sandbox-signature': sign(p.webhook) })))),
      ]);
      await pool(calls, IN_FLIGHT, (c) => c());
      seconds += (performance.now() - started) / 1000;
      placed.push(...slice);
    }
    await measureHealth();
    const healthRps = health.ok / health.seconds;
    const after = (await (await fetch(`${base}/api/fundraisers/${f.id}`)).json()).data;
    const statuses = await pool(placed, IN_FLIGHT, async (p) => (await (await fetch(`${base}/api/orders/${p.orderId}`, { headers: { cookie: p.cookie } })).json()).data.status);
    const succeeded = statuses.filter((s) => s === 'success').length;
    const raisedDelta = after.raised_minor - before.raised_minor;
    const expected = succeeded * AMOUNT * 100;
    const doubled = Math.max(0, Math.round((raisedDelta - expected) / (AMOUNT * 100)));
    console.log(`\n${label}: ${DONATIONS} donations, ${IN_FLIGHT} in flight, webhooks x3 shuffled with the returns`);
    console.log(`  donations/s (cart+order+send+checkout+settle): ${(DONATIONS / seconds).toFixed(1)}`);
    // a donation is 8 requests: cart, order, send, the checkout, the browser return and 3 webhooks
    const requestRps = (DONATIONS * 8) / seconds;
    console.log(`  donation-path requests/s: ${requestRps.toFixed(0)}; /api/health requests/s: ${healthRps.toFixed(0)} (slices between the donations': ${health.slices.join(', ')}); share: ${((requestRps / healthRps) * 100).toFixed(0)}% (target at least 40% on PostgreSQL)`);
    console.log(`  mean ms per step (${IN_FLIGHT} in flight): ${[...stepMs].map(([k, v]) => `${k} ${(v.ms / v.n).toFixed(0)}`).join(', ')}`);
    console.log(`  lost donations: ${DONATIONS - succeeded}`);
    console.log(`  double-credited donations: ${doubled}`);
    console.log(`  donor count moved by: ${after.donor_count - before.donor_count} (expected ${succeeded})`);
    console.log(`  raised total equals the sum of successful orders: ${raisedDelta === expected ? 'yes' : `no (${raisedDelta} vs ${expected})`}`);
  } finally {
    await server.stop();
  }
}

// BENCH_ONLY=postgres skips the embedded run
if (process.env.BENCH_ONLY !== 'postgres') await run('PGlite (embedded)', {});
try {
  await run('PostgreSQL', { DATABASE_URL: await freshPgDatabase(PG_ADMIN, 'sahyog_bench_payments') });
} catch (e) {
  console.log(`\nPostgreSQL run skipped: ${e instanceof Error ? e.message : e}`);
}
