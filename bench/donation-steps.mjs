// npm run bench:donation-steps: the server's CPU per request for each of a donation's eight requests, and for
// /api/health, measured one step at a time (every donation's cart, then every order, ...) with the same concurrency as
// bench:payments. The sum over the eight steps against eight health requests is the share bench:payments aims at; each
// step's own figure says where to cut. PostgreSQL by default (BENCH_PG_URL); BENCH_DB=pglite for the embedded database.
import fs from 'node:fs';
import { createHmac } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { freshPgDatabase } from './lib/pg.mjs';
import { browserCookies, pool, postJson as post } from './lib/requests.mjs';

const N = Number(process.env.BENCH_DONATIONS ?? 600);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 50);
const ROUNDS = 2; // the first warms the JIT and the pools; the second is printed
const SECRET = 'bench-sandbox-secret-0123456789abcdef';
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TICK_US = 1e6 / 100; // USER_HZ on Linux

const sign = (payload) => createHmac('sha256', SECRET).update(payload).digest('hex');

/** CPU time (µs) of every process in the server's process group: tsx and the node it runs. */
function groupCpuUs(pgid) {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // fields after the command's closing parenthesis: state ppid pgrp ... utime(14) stime(15)
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * TICK_US;
}

async function main() {
  const onPglite = process.env.BENCH_DB === 'pglite';
  const env = { SANDBOX_GATEWAY_SECRET: SECRET, ...(onPglite ? {} : { DATABASE_URL: await freshPgDatabase(PG_ADMIN, 'sahyog_bench_steps') }) };
  const server = await startServer({ port: 3405, dataDir: './data/bench-steps', env });
  const base = server.base;
  const pgid = server.child.pid;
  try {
    const list = await (await fetch(`${base}/api/fundraisers?limit=100&status=active`)).json();
    const f = list.data.find((x) => x.currency === 'INR');
    const measured = [];
    let serial = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const rows = [];
      const step = async (name, items, fn) => {
        const c0 = groupCpuUs(pgid);
        const t0 = performance.now();
        const out = await pool(items, IN_FLIGHT, fn);
        rows.push({ name, us: (groupCpuUs(pgid) - c0) / items.length, rps: (items.length / (performance.now() - t0)) * 1000 });
        return out;
      };
      const ids = [...Array(N).keys()].map(() => serial++);
      const ip = (i) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
      // as bench:payments measures it: no gzip asked for (fetch asks for it, and a gzip stream per answer costs more than the route)
      const health = (name) =>
        step(name, ids, async () => {
          const r = await fetch(`${base}/api/health`, { headers: { 'accept-encoding': 'identity' } });
          await r.text();
        });
      await health('/api/health, before');
      const carts = await step('cart', ids, async (i) => {
        const r = await post(base, `/api/fundraisers/${f.id}/cart`, { donated_amount: 500, currency: 'INR', donor_name: 'Bench Donor', donor_email: `steps-${i}@example.com`, donor_phone: '9876543210', tip_amount: 0 }, ip(i));
        if (r.status !== 201) throw new Error(`cart ${r.status} ${JSON.stringify(r.json)}`);
        // each donor's browser keeps its cart's checkout access for the order and the send
        return { id: r.json.data.id, cookie: browserCookies(r.headers) };
      });
      const orders = await step('order', ids, async (i, k) => {
        const r = await post(base, `/api/fundraisers/${f.id}/order`, { cart_id: carts[k].id, mode: 'UPI' }, { ...ip(i), cookie: carts[k].cookie, 'idempotency-key': `steps-${i}-${Date.now()}` });
        if (r.status !== 201) throw new Error(`order ${r.status}`);
        return r.json.data.order_id;
      });
      const checkouts = await step('send', ids, async (i, k) => {
        const r = await post(base, '/api/payment/send', { order_id: orders[k] }, { ...ip(i), cookie: carts[k].cookie });
        if (r.status !== 200) throw new Error(`send ${r.status}`);
        return new URL(r.json.data.url);
      });
      const returns = await step('sandbox checkout', ids, async (i, k) => {
        const c = checkouts[k];
        const form = new URLSearchParams({ gateway_order_id: c.searchParams.get('gateway_order_id'), status: 'success', return_url: c.searchParams.get('return_url'), webhook: 'lost' });
        const r = await fetch(`${base}/api/payment/sandbox/complete`, { method: 'POST', body: form, redirect: 'manual' });
        await r.text();
        const back = new URL(r.headers.get('location'));
        return Object.fromEntries([...back.searchParams].filter(([key]) => !['oi', 'origin', 'ct', 'id'].includes(key)));
      });
      const webhooks = ids.map((i, k) => {
        const p = returns[k];
        return JSON.stringify({ event_id: `evt_steps_${i}`, type: 'payment.success', gateway_order_id: p.gateway_order_id, payment_id: p.payment_id, status: 'success', amount: p.amount, currency: p.currency });
      });
      const deliver = (expect) => async (_i, k) => {
        const r = await post(base, '/api/webhooks/sandbox', webhooks[k], { 'x-sandbox-signature': sign(webhooks[k]) });
        if (r.status !== 200 || r.json.data.result !== expect) throw new Error(`webhook ${r.status} ${JSON.stringify(r.json)}`);
      };
      await step('webhook, settling', ids, deliver('settled'));
      await step('webhook, replayed', ids, deliver('duplicate'));
      await step('webhook, replayed again', ids, deliver('duplicate'));
      await step('browser return, settled', ids, async (_i, k) => {
        const r = await post(base, `/api/payment/response/${orders[k]}`, returns[k]);
        if (r.status !== 200 || r.json.data.status !== 'success') throw new Error(`return ${r.status} ${JSON.stringify(r.json)}`);
      });
      await health('/api/health, after');
      measured.push(rows);
    }
    const rows = measured.at(-1);
    const healthRows = rows.filter((r) => r.name.startsWith('/api/health'));
    const health = healthRows.reduce((s, r) => s + r.us, 0) / healthRows.length;
    const donation = rows.filter((r) => !r.name.startsWith('/api/health')).reduce((s, r) => s + r.us, 0);
    console.log(`\n${onPglite ? 'PGlite' : 'PostgreSQL'}: ${N} donations one step at a time, ${IN_FLIGHT} in flight; server CPU per request (the last of ${ROUNDS} rounds)`);
    for (const r of rows) console.log(`  ${r.name.padEnd(26)} ${(r.us / 1000).toFixed(2).padStart(6)} ms CPU  ${(r.us / health).toFixed(1).padStart(5)}x health  ${r.rps.toFixed(0).padStart(6)} req/s`);
    console.log(`  a donation's 8 requests: ${(donation / 1000).toFixed(1)} ms CPU, ${(donation / health).toFixed(1)} health requests (the mean of the two); share at full load: ${((8 * health * 100) / donation).toFixed(0)}% (target at least 40%)`);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
