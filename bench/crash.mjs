// npm run bench:crash: SIGKILL the server while donations are being paid, start it again on the same
// embedded database, and wait one reconcile period. Every order paid at the gateway must be credited
// exactly once (its webhook and browser return may have died with the server), every order nobody paid
// must have expired to failed, and nothing may be left pending. Prints the counts; exits 1 on a loss.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { browserCookies } from './lib/requests.mjs';

const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 200);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const KILL_AFTER = Math.floor(DONATIONS * 0.6); // donations started before the kill
const RECONCILE_INTERVAL_MS = 3000;
const ORDER_EXPIRY_MS = 15_000;
const AMOUNT = 500;
const dataDir = './data/bench-crash';
const env = { SANDBOX_GATEWAY_SECRET: 'bench-crash-sandbox-secret-0123456789', RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS), RECONCILE_AFTER_MS: '0', ORDER_EXPIRY_MS: String(ORDER_EXPIRY_MS) };

const postJson = async (base, p, body, headers = {}) => {
  const r = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.status, json: await r.json().catch(() => null), headers: r.headers };
};
// each donor's browser: the checkout access its cart's answer set, with which it places, sends and reads its order
const access = new Map();

/** One donor: cart, order, send; two in three pay at the hosted checkout, one in three walks away. */
async function donate(base, fundraiserId, i, known) {
  const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  const cart = await postJson(base, `/api/fundraisers/${fundraiserId}/cart`, { donated_amount: AMOUNT, currency: 'INR', donor_name: 'Crash Donor', donor_email: `crash-${i}@example.com`, donor_phone: '9876543210' }, ip);
  const cookie = browserCookies(cart.headers);
  const order = await postJson(base, `/api/fundraisers/${fundraiserId}/order`, { cart_id: cart.json.data.id, mode: 'UPI' }, { ...ip, cookie });
  const orderId = order.json.data.order_id;
  known.set(orderId, 'placed');
  access.set(orderId, cookie);
  const sent = await postJson(base, '/api/payment/send', { order_id: orderId }, { ...ip, cookie });
  if (i % 3 === 2) return known.set(orderId, 'abandoned');
  const checkout = new URL(sent.json.data.url);
  const form = new URLSearchParams({ gateway_order_id: checkout.searchParams.get('gateway_order_id'), status: 'success', return_url: checkout.searchParams.get('return_url') });
  const done = await fetch(`${base}/api/payment/sandbox/complete`, { method: 'POST', body: form, redirect: 'manual' });
  // paid at the gateway; the browser return is never sent, and the webhook may die with the server
  if (done.status === 303) known.set(orderId, 'paid');
}

const server = await startServer({ port: 3405, dataDir, env });
const list = await (await fetch(`${server.base}/api/fundraisers?limit=100&status=active`)).json();
const f = list.data.find((x) => x.currency === 'INR');
const before = (await (await fetch(`${server.base}/api/fundraisers/${f.id}`)).json()).data;
const known = new Map();
let started = 0;
let killedAt = null;
const killed = new Promise((resolve) => {
  const workers = Array.from({ length: IN_FLIGHT }, async () => {
    while (started < DONATIONS && killedAt === null) {
      const i = started++;
      if (i === KILL_AFTER) {
        killedAt = Date.now();
        await server.stop('SIGKILL');
        return resolve();
      }
      await donate(server.base, f.id, i, known).catch(() => {}); // requests cut by the kill
    }
  });
  void Promise.all(workers).then(resolve);
});
await killed;
console.log(`SIGKILL after ${KILL_AFTER} of ${DONATIONS} donations started (${known.size} orders placed, ${[...known.values()].filter((s) => s === 'paid').length} known paid)`);

// a SIGKILLed process lingers a moment before the system reaps it: wait until the data folder's holder is gone
const holder = JSON.parse(fs.readFileSync(path.join(dataDir, 'sahyog.lock'), 'utf8')).pid;
for (let i = 0; i < 100; i++) {
  try {
    process.kill(holder, 0);
    await new Promise((r) => setTimeout(r, 100));
  } catch {
    break;
  }
}
const restarted = await startServer({ port: 3405, dataDir, env, fresh: false });
const restartedAt = Date.now();
// one reconcile period after every unpaid order passed its payment window (and the paid ones are due at once)
const waitMs = Math.max(0, killedAt + ORDER_EXPIRY_MS - Date.now()) + RECONCILE_INTERVAL_MS * 2;
await new Promise((r) => setTimeout(r, waitMs));
const statuses = {};
let lost = 0;
let pending = 0;
for (const [orderId, what] of known) {
  const status = (await (await fetch(`${restarted.base}/api/orders/${orderId}`, { headers: { cookie: access.get(orderId) } })).json()).data.status;
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (what === 'paid' && status !== 'success') lost++;
  if (status === 'pending' || status === 'created') pending++;
}
const after = (await (await fetch(`${restarted.base}/api/fundraisers/${f.id}`)).json()).data;
const succeeded = statuses.success ?? 0;
const raisedDelta = after.raised_minor - before.raised_minor;
const doubled = Math.round((raisedDelta - succeeded * AMOUNT * 100) / (AMOUNT * 100));
await restarted.stop();
const ledger = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['scripts/check-ledger.ts'], { env: { ...process.env, PGLITE_DIR: dataDir }, encoding: 'utf8' });

console.log(`restart to check: ${((Date.now() - restartedAt) / 1000).toFixed(1)} s (reconcile every ${RECONCILE_INTERVAL_MS / 1000} s, unpaid orders expire after ${ORDER_EXPIRY_MS / 1000} s)`);
console.log(`order statuses after one reconcile period: ${JSON.stringify(statuses)}`);
console.log(`paid orders not credited (lost): ${lost}`);
console.log(`double-credited donations: ${doubled}`);
console.log(`orders left pending: ${pending}`);
console.log(`check:ledger: ${ledger.status === 0 ? 'raised totals equal the ledger, no payment settled twice' : ledger.stdout + ledger.stderr}`);
process.exit(lost || doubled || pending || ledger.status ? 1 : 0);
