// npm run bench:cluster: the deployment of deploy/ drilled on this machine, all on 127.0.0.1. One build, N app
// processes from it (BENCH_SERVERS, 2) on a PostgreSQL of the bench's own (fresh, migrated, demo seeded), the jobs
// worker, and nginx from deploy/nginx/sahyog.conf. Seven drills, each printing its figures (none is a timed test):
//   1 a gift through A on B's cached story          2 signed in on A, signed in on B
//   3 a rolling restart under reads and donations    4 kill -9 of a server during donations
//   5 PostgreSQL restarted under load                6 B's bus connection killed, then left silent
//   7 throughput ratios (bare Node, 1 process against N behind nginx, nginx serving a file)
// Knobs: BENCH_SECONDS (10, each load), BENCH_GIFTS (100, drill 1), BENCH_DONATIONS (200, drill 4),
// BENCH_DRILLS (1,2,3,4,5,6,7), BENCH_BUILD=1 (build again), BENCH_SILENT_WAIT_S (60, drill 6), BENCH_ROLLING=signal
// (drill 3 without deploy/rolling-restart.sh's rotation steps).
// Ports: app processes 3520.., a bare Node server 3530, PostgreSQL 3539, nginx 8080 (the file server 8081); another
// checkout on the same machine moves them with BENCH_APP_PORT (the bare server 10 above), BENCH_PG_PORT, BENCH_NGINX_PORT.
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { browserCookies, postJson } from './lib/requests.mjs';
import { startBareServer } from './lib/bare-server.mjs';
import { buildOnce, migrateAndSeed, nginxConfig, rotation, startApp, startJobs, startNginx, startPostgres, stopEverything } from './lib/cluster-peers.mjs';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GIFTS = Number(process.env.BENCH_GIFTS ?? 100);
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 200);
const DRILLS = new Set((process.env.BENCH_DRILLS ?? '1,2,3,4,5,6,7').split(',').map(Number));
// BENCH_ROLLING=signal: drill 3 restarts each process with SIGTERM alone, left in nginx's rotation (the server's own drain)
const SIGNAL_ONLY = process.env.BENCH_ROLLING === 'signal';
// how long nginx leaves out a process that failed (deploy/nginx/sahyog-upstream.conf's fail_timeout)
const NGINX_FAIL_TIMEOUT_MS = Number(fs.readFileSync('deploy/nginx/sahyog-upstream.conf', 'utf8').match(/fail_timeout=(\d+)s/)[1]) * 1000;
const SILENT_WAIT_MS = Number(process.env.BENCH_SILENT_WAIT_S ?? 60) * 1000;
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3520);
const BARE_PORT = APP_PORT + 10;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3539);
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? 8080);
const FILE_PORT = NGINX_PORT + 1;
const CONNECTIONS = 50;
const IN_FLIGHT = 20;
const AMOUNT = 500;
// jobs on a short clock, as bench:crash runs them: a reconcile period of 3 s, unpaid orders expire after 15 s
const RECONCILE_INTERVAL_MS = 3000;
const ORDER_EXPIRY_MS = 15_000;
const DEMO_PASSWORD = 'Sahyog@2026';
const prefix = path.join(os.tmpdir(), `sahyog-cluster-nginx-${NGINX_PORT}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (t) => `${Math.round(t)} ms`;
const quantile = (xs, q) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN);
const results = [];
/** One figure of a drill, with its target when the issue sets one. */
function figure(drill, text, met) {
  results.push({ drill, text, met });
  console.log(`  ${met === undefined ? '·' : met ? '✓' : '✗'} ${text}`);
}

// ---- the cluster ----------------------------------------------------------------------------------------------------
const pgServer = startPostgres(PG_PORT);
const admin = new pg.Client({ connectionString: pgServer.url() });
await admin.connect();
await admin.query('create database sahyog_cluster');
await admin.end();
const DATABASE_URL = pgServer.url('sahyog_cluster');
const shared = {
  DATABASE_URL,
  // one secret for every process: a cookie sealed by one opens on the others
  SESSION_SECRET: 'bench-cluster-session-secret-0123456789abcdef0123456789',
  SANDBOX_GATEWAY: '1',
  SANDBOX_GATEWAY_SECRET: 'bench-cluster-sandbox-secret-0123456789',
  SITE_URL: `http://127.0.0.1:${NGINX_PORT}`,
  SEED_ON_START: '0',
  RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS),
  RECONCILE_AFTER_MS: '0',
  ORDER_EXPIRY_MS: String(ORDER_EXPIRY_MS),
};
const webEnv = { ...shared, TRUST_PROXY: 'loopback', JOBS: '0' };
const buildId = buildOnce();
migrateAndSeed(shared);
const db = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
// the bench's own connection rides out the PostgreSQL restart of drill 5
db.on('error', () => {});
const ports = Array.from({ length: SERVERS }, (_, i) => APP_PORT + i);
const apps = [];
for (const port of ports) apps.push(await startApp(port, webEnv));
const jobs = startJobs(shared);

// the story page's exact gzip bytes, served by nginx as a file on FILE_PORT (drill 7)
const files = path.join(prefix, 'files');
const conf = nginxConfig({
  prefix,
  appPorts: ports,
  listenPort: NGINX_PORT,
  extra: `    server {
        listen 127.0.0.1:${FILE_PORT};
        location = /story { root ${files}; default_type text/html; add_header Content-Encoding gzip; add_header Vary Accept-Encoding; }
    }`,
});
const nginx = await startNginx(conf, prefix, NGINX_PORT);
const front = `http://127.0.0.1:${NGINX_PORT}`;

process.on('SIGINT', () => void stopEverything().then(() => process.exit(130)));
const [A, B] = apps;
const list = await (await fetch(`${front}/api/fundraisers?limit=100&status=active`)).json();
const f = list.data.find((x) => x.currency === 'INR');
const storyPath = `/stories/${f.custom_tag}`;
console.log(`\nbuild ${buildId}; ${SERVERS} app processes (${ports.join(', ')}) on PostgreSQL 127.0.0.1:${PG_PORT}, a jobs worker, nginx ${front}; story ${storyPath}`);
console.log(`start to ready: ${apps.map((a) => ms(a.readyMs)).join(', ')}`);

// ---- what the drills share ------------------------------------------------------------------------------------------

let donor = 0;
/**
 * One donor, start to end: cart, order, send, the sandbox checkout (paid, or walked away from one time in `walkAway`),
 * then the browser return. With `hold`, it stops before paying: settle() pays and returns, and the order is settled
 * and announced on the bus by those two requests only (reconciliation has nothing to credit before). Answers what
 * happened; `failed` names the step and its answer when one failed.
 */
async function donate(base, { walkAway = 0, webhook = true, hold = false } = {}) {
  const i = ++donor;
  const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  const out = { orderId: null, cookie: null, paid: false, failed: null };
  const step = async (name, fn, ok) => {
    try {
      const r = await fn();
      if (!ok(r.status)) out.failed = `${name} ${r.status}`;
      return r;
    } catch (e) {
      out.failed = `${name} ${e.cause?.code ?? e.message}`;
      return null;
    }
  };
  const cart = await step('cart', () => postJson(base, `/api/fundraisers/${f.id}/cart`, { donated_amount: AMOUNT, currency: 'INR', donor_name: 'Cluster Donor', donor_email: `cluster-${i}@example.com`, donor_phone: '9876543210', tip_amount: 0 }, ip), (s) => s === 201);
  if (out.failed) return out;
  out.cookie = browserCookies(cart.headers);
  const order = await step('order', () => postJson(base, `/api/fundraisers/${f.id}/order`, { cart_id: cart.json.data.id, mode: 'UPI' }, { ...ip, cookie: out.cookie, 'idempotency-key': `cluster-${i}` }), (s) => s === 201);
  if (out.failed) return out;
  out.orderId = order.json.data.order_id;
  const sent = await step('send', () => postJson(base, '/api/payment/send', { order_id: out.orderId }, { ...ip, cookie: out.cookie }), (s) => s === 200);
  if (out.failed || (walkAway && i % walkAway === 0)) return out;
  const checkout = new URL(sent.json.data.url);
  const form = new URLSearchParams({ gateway_order_id: checkout.searchParams.get('gateway_order_id'), status: 'success', return_url: checkout.searchParams.get('return_url'), ...(webhook ? {} : { webhook: 'lost' }) });
  const settle = async () => {
    const done = await step('checkout', () => fetch(`${base}/api/payment/sandbox/complete`, { method: 'POST', body: form, redirect: 'manual' }), (s) => s === 303);
    if (out.failed) return out;
    out.paid = true;
    const back = new URL(done.headers.get('location'));
    const params = Object.fromEntries([...back.searchParams].filter(([k]) => !['oi', 'origin', 'ct', 'id'].includes(k)));
    await step('return', () => postJson(base, `/api/payment/response/${out.orderId}`, params, ip), (s) => s < 400);
    return out;
  };
  if (hold) return Object.assign(out, { settle });
  return settle();
}

const dbTotals = async () => (await db.query('select raised_minor::text as raised, donor_count from fundraisers where id = $1', [f.id])).rows[0];
/** The supporters count a server's cached story shows (null when it does not answer). */
async function storyCount(base) {
  try {
    const html = await (await fetch(base + storyPath, { signal: AbortSignal.timeout(3000) })).text();
    const m = html.match(/data-testid="supporters-count">([^<]*)</);
    return m ? Number(m[1].replace(/\D/g, '')) : null;
  } catch {
    return null;
  }
}
/** How long until this server's story shows the database's supporters count (null past `capMs`). */
async function catchUp(base, since, capMs) {
  const want = (await dbTotals()).donor_count;
  while (performance.now() - since < capMs) {
    if ((await storyCount(base)) === want) return performance.now() - since;
    await sleep(10);
  }
  return null;
}

function cannon(opts) {
  return new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, r) => (err ? reject(err) : resolve(r))));
}
const gzip = { 'accept-encoding': 'gzip' };
const okRps = (r) => r['2xx'] / r.duration;
const failures = (r) => r.errors + r.timeouts + (r.non2xx ?? 0);
/** A load's failures by kind: connection errors, timeouts and each status other than 2xx. */
const failureKinds = (r) => {
  const kinds = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, s]) => `${s.count} × ${code}`);
  if (r.errors) kinds.push(`${r.errors} connection errors`);
  if (r.timeouts) kinds.push(`${r.timeouts} timeouts`);
  return kinds.join(', ') || 'none';
};

/** A read load that runs until stopped; answers its totals. */
function readLoad(url, connections = 20) {
  let stop;
  const done = new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: 3600, headers: gzip }, (err, r) => (err ? reject(err) : resolve(r)));
    stop = () => instance.stop();
  });
  return { stop: async () => (stop(), done) };
}

/** Donors through `base`, `IN_FLIGHT` at a time, until stopped (or `count` have started). */
function donationLoop(base, { count = Infinity, walkAway = 0, onStart = () => {} } = {}) {
  const all = [];
  let running = true;
  let begun = 0;
  const workers = Array.from({ length: IN_FLIGHT }, async () => {
    while (running && begun < count) {
      onStart(begun++);
      const p = donate(base, { walkAway });
      all.push(p);
      await p;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return Promise.all(all);
    },
    done: () => Promise.all(workers).then(() => Promise.all(all)),
  };
}

/** After a drill's donations: every order paid at the gateway credited once, the total equal to the orders, the ledger clean. */
async function books(donations, before, label) {
  const ids = donations.filter((d) => d.orderId).map((d) => d.orderId);
  const rows = ids.length ? (await db.query('select order_id, status from orders where order_id = any($1::text[])', [ids])).rows : [];
  const status = new Map(rows.map((r) => [r.order_id, r.status]));
  const paid = donations.filter((d) => d.paid);
  const lost = paid.filter((d) => status.get(String(d.orderId)) !== 'success').length;
  const successes = [...status.values()].filter((s) => s === 'success').length;
  const after = await dbTotals();
  const doubled = Math.round((Number(after.raised) - Number(before.raised) - successes * AMOUNT * 100) / (AMOUNT * 100));
  const counts = {};
  for (const s of status.values()) counts[s] = (counts[s] ?? 0) + 1;
  figure(label, `orders: ${JSON.stringify(counts)}; paid at the gateway ${paid.length}, not credited ${lost}, credited twice ${doubled}`, lost === 0 && doubled === 0);
  return { counts, lost, doubled };
}

function checkLedger(label) {
  const r = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['scripts/check-ledger.ts'], { env: { ...process.env, ...shared }, encoding: 'utf8' });
  figure(label, `check:ledger: ${r.status === 0 ? 'clean (raised totals equal the ledger, nothing settled twice)' : (r.stdout + r.stderr).trim().split('\n').slice(-5).join(' | ')}`, r.status === 0);
}

const describeFailures = (donations) => {
  const by = {};
  for (const d of donations) if (d.failed) by[d.failed] = (by[d.failed] ?? 0) + 1;
  return Object.keys(by).length ? JSON.stringify(by) : 'none';
};

async function restartApp(i, signal = 'SIGTERM') {
  const old = apps[i];
  const t = performance.now();
  await old.stop(signal);
  const stoppedMs = performance.now() - t;
  apps[i] = await startApp(old.port, webEnv);
  return { stoppedMs, readyMs: apps[i].readyMs };
}

// ---- the drills -----------------------------------------------------------------------------------------------------

try {
  if (DRILLS.has(1)) {
    console.log(`\n1. A gift through A (${A.port}) on B's (${B.port}) cached story, ${GIFTS} times`);
    const delays = [];
    let never = 0;
    for (let k = 0; k < GIFTS; k++) {
      // B's copy is cached before each gift (the first visit after an expiry fills it)
      await storyCount(B.base);
      await storyCount(B.base);
      const gift = await donate(A.base, { webhook: false });
      if (gift.failed) throw new Error(`a gift on A failed: ${gift.failed}`);
      const d = await catchUp(B.base, performance.now(), 3000);
      if (d === null) never++;
      else delays.push(d);
    }
    const within = delays.filter((d) => d <= 1000).length;
    figure(1, `on B within 1 s: ${within} of ${GIFTS}; median ${ms(quantile(delays, 0.5))}, p95 ${ms(quantile(delays, 0.95))}, max ${ms(Math.max(...delays))}; not within 3 s: ${never}`, within === GIFTS);
  }

  if (DRILLS.has(2)) {
    console.log('\n2. Signed in on A, 20 requests alternating A and B');
    const login = await fetch(`${A.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_id: 'donor40@demo.sahyog.in', password: DEMO_PASSWORD }) });
    if (!login.ok) throw new Error(`login on A answered ${login.status}`);
    const cookie = browserCookies(login.headers);
    let signedIn = 0;
    for (let k = 0; k < 20; k++) {
      const s = await (await fetch(`${(k % 2 ? B : A).base}/api/auth/session`, { headers: { cookie } })).json();
      if (s.data?.user) signedIn++;
    }
    figure(2, `signed in on ${signedIn} of 20 (10 on A, 10 on B)`, signedIn === 20);
  }

  if (DRILLS.has(7)) {
    console.log(`\n7. Throughput, ${CONNECTIONS} connections, ${SECONDS} s each, gzip`);
    // the story's bytes exactly as A sends them: status line aside, its headers and its gzip body
    const raw = await new Promise((resolve, reject) => {
      http.get(`${A.base}${storyPath}`, { headers: gzip }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.rawHeaders, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    fs.mkdirSync(files, { recursive: true });
    fs.writeFileSync(path.join(files, 'story'), raw.body);
    // a bare Node server in a process of its own, sending the same headers and bytes to every request
    const bare = await startBareServer(BARE_PORT, raw);
    try {
      const story = (base) => cannon({ url: base + storyPath, headers: gzip });
      const rows = [
        ['bare Node server, same bytes', await cannon({ url: `http://127.0.0.1:${BARE_PORT}/`, headers: gzip })],
        ['cached story, 1 process (A)', await story(A.base)],
        [`cached story, ${SERVERS} processes behind nginx`, await story(front)],
        ['nginx serving the same bytes as a file', await cannon({ url: `http://127.0.0.1:${FILE_PORT}/story`, headers: gzip })],
      ];
      console.log(`  ${raw.body.length} gzip bytes, ${raw.headers.length / 2} headers`);
      console.log('  what                                        req/s   p50 ms   p99 ms   failed');
      for (const [name, r] of rows) console.log(`  ${name.padEnd(42)} ${okRps(r).toFixed(0).padStart(7)} ${String(r.latency.p50).padStart(8)} ${String(r.latency.p99).padStart(8)} ${String(failures(r)).padStart(8)}`);
      const [bareR, one, many, file] = rows.map(([, r]) => okRps(r));
      figure(7, `1 process's cached story / bare Node server: ${((one / bareR) * 100).toFixed(0)}% (target at least 90%)`, one / bareR >= 0.9);
      figure(7, `cached story, ${SERVERS} processes behind nginx / 1 process: ${(many / one).toFixed(2)}x`);
      figure(7, `cached story through nginx / nginx serving the file: ${((many / file) * 100).toFixed(0)}%`);
    } finally {
      bare.kill();
    }
    // the donation path: donors for SECONDS, IN_FLIGHT at a time, on A alone, then through nginx
    const rate = async (base) => {
      const loop = donationLoop(base);
      const t = performance.now();
      await sleep(SECONDS * 1000);
      const done = await loop.stop();
      return { perS: done.filter((d) => !d.failed).length / ((performance.now() - t) / 1000), failed: done.filter((d) => d.failed).length };
    };
    const oneDonations = await rate(A.base);
    const manyDonations = await rate(front);
    console.log(`  donations/s (cart, order, send, checkout, return; ${IN_FLIGHT} in flight): 1 process ${oneDonations.perS.toFixed(1)} (${oneDonations.failed} failed), ${SERVERS} behind nginx ${manyDonations.perS.toFixed(1)} (${manyDonations.failed} failed)`);
    figure(7, `donation path, ${SERVERS} processes behind nginx / 1 process: ${(manyDonations.perS / oneDonations.perS).toFixed(2)}x`);
  }

  if (DRILLS.has(3)) {
    console.log(`\n3. A rolling restart of every process through nginx (${SIGNAL_ONLY ? 'SIGTERM in rotation, ready, fail_timeout' : 'deploy/rolling-restart.sh: out of rotation, SIGTERM, ready, back in'}) under a read load and a donation loop`);
    const before = await dbTotals();
    const reads = readLoad(front + storyPath);
    const loop = donationLoop(front, { walkAway: 5 });
    await sleep(2000);
    const steps = [];
    for (let i = 0; i < apps.length; i++) {
      if (SIGNAL_ONLY) {
        // SIGTERM while in rotation; nginx takes the process back only once fail_timeout has passed since it failed
        steps.push({ ...(await restartApp(i)), outMs: 0 });
        await sleep(NGINX_FAIL_TIMEOUT_MS + 1000);
        continue;
      }
      // as deploy/rolling-restart.sh does: out of nginx's rotation, restarted, ready, back in
      const t = performance.now();
      await rotation('out', ports[i], conf, prefix);
      const outMs = performance.now() - t;
      const step = await restartApp(i);
      await rotation('in', ports[i], conf, prefix);
      steps.push({ ...step, outMs });
    }
    await sleep(2000);
    const r = await reads.stop();
    const donations = await loop.stop();
    console.log(`  restarts: ${steps.map((s, i) => `${ports[i]} out of rotation in ${ms(s.outMs)}, drained in ${ms(s.stoppedMs)}, ready in ${ms(s.readyMs)}`).join('; ')}`);
    figure(3, `reads: ${r['2xx']} answered, failed ${failures(r)} (${failureKinds(r)})`, failures(r) === 0);
    const failed = donations.filter((d) => d.failed);
    figure(3, `donations: ${donations.length} started, failed requests ${failed.length} (${describeFailures(donations)})`, failed.length === 0);
    // webhooks travel on their own: a reconcile period for them to land
    await sleep(RECONCILE_INTERVAL_MS * 2);
    await books(donations, before, 3);
    checkLedger(3);
  }

  if (DRILLS.has(4)) {
    console.log(`\n4. kill -9 of A (${A.port}) during ${DONATIONS} donations through nginx`);
    const before = await dbTotals();
    const killAt = Math.floor(DONATIONS * 0.6);
    let killedAt = null;
    const loop = donationLoop(front, {
      count: DONATIONS,
      walkAway: 3,
      onStart: (k) => {
        if (k === killAt) {
          killedAt = performance.now();
          apps[0].signal('SIGKILL');
        }
      },
    });
    const donations = await loop.done();
    await apps[0].exited;
    const failed = donations.filter((d) => d.failed);
    figure(4, `donations: ${donations.length}, failed requests ${failed.length} (${describeFailures(donations)})`);
    // a paid order whose webhook and return died with A is credited by reconciliation; an unpaid one fails once its
    // payment window has passed: each within two reconcile periods
    const doneAt = performance.now();
    const ids = donations.filter((d) => d.orderId).map((d) => d.orderId);
    const paidIds = donations.filter((d) => d.paid).map((d) => d.orderId);
    const count = async (sql, list) => Number((await db.query(sql, [list])).rows[0].count);
    let paidOpen = paidIds.length;
    let open = ids.length;
    let paidClosedMs = null;
    while (open && performance.now() - doneAt < ORDER_EXPIRY_MS + 30_000) {
      paidOpen = await count("select count(*) from orders where order_id = any($1::text[]) and status <> 'success'", paidIds);
      if (!paidOpen && paidClosedMs === null) paidClosedMs = performance.now() - doneAt;
      open = await count("select count(*) from orders where order_id = any($1::text[]) and status in ('created', 'pending')", ids);
      if (open) await sleep(250);
    }
    const closedMs = performance.now() - doneAt;
    const periods = 2 * RECONCILE_INTERVAL_MS;
    figure(4, `paid orders credited ${paidClosedMs === null ? `NOT all (${paidOpen} not)` : `${ms(paidClosedMs)} after the last donation`} (two reconcile periods: ${periods / 1000} s)`, paidClosedMs !== null && paidClosedMs <= periods);
    figure(4, `every order settled or failed ${open ? `NOT (${open} still open)` : `${ms(closedMs)} after the last donation`} (payment window ${ORDER_EXPIRY_MS / 1000} s + two reconcile periods = ${(ORDER_EXPIRY_MS + periods) / 1000} s)`, !open && closedMs <= ORDER_EXPIRY_MS + periods);
    await books(donations, before, 4);
    checkLedger(4);
    // a queue stalls when its job is claimed by a process that is gone: how long each claim held now has been, and
    // how long it would hold before the runner takes it back
    const claims = (await db.query("select name, extract(epoch from now() - started_on)::int as held_s, expire_in::text as expire_in from pgboss.job where state = 'active' order by started_on")).rows;
    const reconciled = Number((await db.query("select count(*) from pgboss.job where name like '%reconcile%' and state = 'completed' and completed_on > now() - make_interval(secs => $1)", [(performance.now() - killedAt) / 1000])).rows[0].count);
    figure(4, `jobs since the kill: ${reconciled} reconcile runs completed; claims held now: ${claims.length ? claims.map((c) => `${c.name} ${c.held_s} s (expires after ${c.expire_in})`).join(', ') : 'none'}`, reconciled > 0 && claims.every((c) => c.held_s < 60));
    apps[0] = await startApp(ports[0], webEnv);
  }

  if (DRILLS.has(6)) {
    console.log(`\n6. B's (${B.port}) bus connection killed, then left silent`);
    // B's listening connection: its backend among B's own connections, by what it last ran (LISTEN, or a bare NOTIFY
    // to itself as a heartbeat; the app's own announcements are select pg_notify(...) in a transaction)
    const busBackend = async () => {
      const out = spawnSync('ss', ['-Htnp', 'state', 'established', `( dport = :${PG_PORT} )`], { encoding: 'utf8' }).stdout;
      const pids = spawnSync('pgrep', ['-g', String(apps[1].pid)], { encoding: 'utf8' }).stdout.split(/\s+/).filter(Boolean);
      const bPorts = out.split('\n').filter((l) => pids.some((pid) => l.includes(`pid=${pid},`))).map((l) => Number(l.trim().split(/\s+/)[2].split(':').pop()));
      const rows = (await db.query("select pid, client_port, application_name, query from pg_stat_activity where datname = 'sahyog_cluster' and client_port = any($1::int[]) and (query ilike 'listen %' or query ilike 'notify %')", [bPorts])).rows;
      return rows[0] ?? null;
    };
    const killed = await busBackend();
    if (!killed) figure(6, 'B\'s bus connection not found in pg_stat_activity', false);
    else {
      // the gift waits at the checkout; paying and returning settle and announce it the moment B's listener is gone.
      // B's copy is cached first, as in drill 1
      const gift = await donate(A.base, { webhook: false, hold: true });
      await storyCount(B.base);
      await storyCount(B.base);
      await db.query('select pg_terminate_backend($1)', [killed.pid]);
      const t = performance.now();
      await gift.settle();
      const settled = performance.now() - t;
      const d = await catchUp(B.base, t, 15_000);
      figure(6, `killed (pg_terminate_backend): A's gift settled ${ms(settled)} after the kill; B shows it ${d === null ? 'not within 15 s' : `${ms(d)} after the kill`}`, d !== null);
    }
    await sleep(3000);
    const silent = await busBackend();
    if (!silent) figure(6, 'B\'s bus connection not found again after the kill', false);
    else {
      // its server process stopped: the connection stays open and says nothing, as behind a dead NAT or firewall
      const gift = await donate(A.base, { webhook: false, hold: true });
      await storyCount(B.base);
      await storyCount(B.base);
      process.kill(silent.pid, 'SIGSTOP');
      const t = performance.now();
      try {
        await gift.settle();
        const d = await catchUp(B.base, t, SILENT_WAIT_MS);
        figure(6, `left silent (its backend stopped): B shows A's gift ${d === null ? `not within ${SILENT_WAIT_MS / 1000} s` : `${ms(d)} after it fell silent`}`, d !== null);
      } finally {
        process.kill(silent.pid, 'SIGCONT');
      }
    }
  }

  // last: a process that does not survive the database's restart is gone for any drill after it
  if (DRILLS.has(5)) {
    console.log('\n5. PostgreSQL restarted under a read load');
    const reads = readLoad(front + storyPath);
    // a gift waiting at the checkout, paid and settled the moment the database is back
    const held = await donate(A.base, { webhook: false, hold: true });
    await sleep(2000);
    const t = performance.now();
    await pgServer.restart();
    const back = performance.now();
    console.log(`  PostgreSQL down and back in ${ms(back - t)}`);
    // a gift settled as soon as the database takes it: its announcement may go out while a listener is still away
    const gift = held;
    for (let k = 0; gift.settle && k < 50; k++) {
      gift.failed = null;
      await gift.settle();
      if (!gift.failed) break;
      await sleep(100);
    }
    const caught = await Promise.all(apps.map((a) => catchUp(a.base, back, 15_000)));
    const r = await reads.stop();
    const exited = [...apps, jobs].filter((p) => !p.alive()).map((p) => p.name);
    figure(5, `processes that exited: ${exited.length ? exited.join(', ') : 'none'}`, exited.length === 0);
    figure(5, `a gift placed before the restart, paid and settled on A after it: ${gift.failed ? `never (${gift.failed})` : 'yes'}; stories showing the database's totals: ${caught.map((c, i) => `${ports[i]} ${c === null ? 'not within 15 s' : `${ms(c)} after it returned`}`).join(', ')}`, caught.every((c) => c !== null && c <= 5000));
    figure(5, `reads during the restart: ${r['2xx']} answered, ${failures(r)} failed (${failureKinds(r)})`);
  }
} finally {
  const everyLog = [...apps, jobs].map((p) => `--- ${p.name}\n${p.log()}`).join('\n');
  fs.writeFileSync(path.join(prefix, 'processes.log'), everyLog);
  await db.end().catch(() => {});
  await nginx.stop();
  await stopEverything();
}

console.log(`\nSummary (${SERVERS} processes behind nginx; logs in ${path.join(prefix, 'processes.log')})`);
for (const r of results) console.log(`  ${r.met === undefined ? '·' : r.met ? '✓' : '✗'} drill ${r.drill}: ${r.text}`);
const missed = results.filter((r) => r.met === false).length;
console.log(missed ? `${missed} figure(s) short of the issue's target` : 'every figure met its target');
process.exit(missed ? 1 : 0);
