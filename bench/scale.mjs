// npm run bench:scale: the same routes against 1,000 and 100,000 fundraisers in one run, on the embedded
// database and (with BENCH_PG_URL) on PostgreSQL, so the 100k/1k ratio of p50 says what grows with the catalogue.
// Seeded databases are kept under ./data/bench-scale-* and reused (BENCH_RESEED=1 seeds again).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './lib/server.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// story renders after an expiry, per size
const COLD_RENDERS = 30;
const DONOR = 'donor3@demo.sahyog.in';
const DONOR_ORDERS = 500;
const DEMO_PASSWORD = 'Sahyog@2026';
const SECRET = 'bench-revalidate-secret-0123456789';
// seeded into one public fundraiser at every size: the rare-word search finds one story whatever the catalogue
const RARE_WORD = 'zanskarite';
const PG_ADMIN = process.env.BENCH_PG_URL;
const root = process.cwd();

function seed(size, env) {
  const t = Date.now();
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['--conditions=react-server', 'bench/lib/seed-scale.ts', String(size), String(DONOR_ORDERS), DONOR, RARE_WORD], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`seeding ${size} failed`);
  console.log(`  seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

async function pgDatabase(size) {
  const name = `sahyog_bench_scale_${size}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (exists && process.env.BENCH_RESEED === '1') await admin.query(`drop database ${name}`);
  if (!exists || process.env.BENCH_RESEED === '1') await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return { url: url.toString() };
}

const cannon = (opts) => new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts }, (err, r) => (err ? reject(err) : resolve(r))));
const row = (r) => ({ rps: r['2xx'] / r.duration, p50: r.latency.p50, mean: r.latency.mean, p99: r.latency.p99, bad: r.errors + r.timeouts + (r.non2xx ?? 0) });
// autocannon's percentiles are whole milliseconds: under a few, 1 against 2 ms says nothing, and the mean (fractional) is compared
const FINE_BELOW_MS = 5;
const ratioOf = (a, b) => (a.p50 < FINE_BELOW_MS && b.p50 < FINE_BELOW_MS && a.mean && b.mean ? { x: b.mean / a.mean, by: ' (mean)' } : { x: b.p50 / Math.max(a.p50, 1), by: '' });

async function firstStory(base) {
  for (let id = 1; id < 1000; id++) {
    const r = await fetch(`${base}/api/fundraisers/${id}`);
    if (!r.ok) continue;
    const { data } = await r.json();
    if ((await fetch(`${base}/stories/${data.custom_tag}`)).ok) return { id, custom_tag: data.custom_tag };
  }
  throw new Error('no public story among the first 1,000 ids');
}

/** One at a time, after an expiry each: what the first visitor of an uncached page waits. */
/** One at a time, after an expiry each: what the first visitor of an uncached page waits (the times, merged later). */
async function coldRenders(base, url, id, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    await fetch(`${base}/api/internal/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-revalidate-secret': SECRET }, body: JSON.stringify({ fundraiser_id: id }) });
    const t = performance.now();
    const r = await fetch(url);
    await r.text();
    if (!r.ok) throw new Error(`${url} answered ${r.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

/** What each route asks of this server (the cursor, the last sitemap file and the story differ between catalogues). */
async function routesOf(base) {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_id: DONOR, password: DEMO_PASSWORD }) });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const rare = await (await fetch(`${base}/api/fundraisers?q=${RARE_WORD}&limit=24`)).json();
  if (rare.meta.pagination.total !== 1) throw new Error(`the rare word finds ${rare.meta.pagination.total} fundraisers, not 1`);
  // a listing page deep in the cursor chain: the 40th page of 24
  let cursor = null;
  for (let i = 0; i < 40; i++) cursor = (await (await fetch(`${base}/api/fundraisers?limit=24${cursor ? `&cursor=${cursor}` : ''}`)).json()).meta.pagination.next_cursor ?? cursor;
  // the last story file the index lists: deep files must cost what the first one does
  const files = [...(await (await fetch(`${base}/sitemap.xml`)).text()).matchAll(/\/sitemaps\/fundraisers\/\d+\.xml/g)].map((m) => m[0]);
  const lastFile = files[files.length - 1];
  const load = (name, url, headers) => ({ name, kind: 'load', url, headers });
  // the same address with a new query each request: past the micro-cache, what the query itself costs
  const uncached = (name, url) => ({ name, kind: 'uncached', url });
  // the same story at every size (the demo's first, by id): the list's first differs between catalogues, and a story with
  // more donors, updates or comments renders slower whatever the catalogue's size
  const story = await firstStory(base);
  return [
    load('list API (limit 24)', `/api/fundraisers?limit=24`),
    load('search API, common word (help)', `/api/fundraisers?q=help&limit=24`),
    // one fundraiser has it at every size (bench/lib/seed-scale.ts)
    load('search API, rare word', `/api/fundraisers?q=${RARE_WORD}&limit=24`),
    load('search results page (cancer)', `/all-fundraisers?q=cancer`),
    load('listing page 40 deep (cursor)', `/all-fundraisers?cursor=${cursor}`),
    load('cause filter API (cause 48)', `/api/fundraisers?cause=48&limit=24`),
    load('sitemap file 1', `/sitemaps/fundraisers/1.xml`),
    load('sitemap last file', lastFile),
    load('portfolio, donor with 500 gifts', `/portfolio`, { cookie }),
    load('health (one trivial query)', `/api/health`),
    uncached('list API, uncached', `/api/fundraisers?limit=24`),
    uncached('search API, common word, uncached', `/api/fundraisers?q=help&limit=24`),
    uncached('search API, rare word, uncached', `/api/fundraisers?q=${RARE_WORD}&limit=24`),
    uncached('search results page, uncached', `/all-fundraisers?q=cancer`),
    uncached('sitemap last file, uncached', lastFile),
    { name: 'story render after expiry (one at a time)', kind: 'cold', url: `/stories/${story.custom_tag}`, id: story.id },
  ];
}

let nonce = 0;
/** One turn of a route on one server: half the route's time (each size gets two turns, see runDatabase). */
async function turn(base, route) {
  if (route.kind === 'cold') return { times: await coldRenders(base, `${base}${route.url}`, route.id, COLD_RENDERS / 2) };
  const seconds = DURATION_S / 2;
  if (route.kind === 'uncached') {
    const fresh = (req) => ({ ...req, path: `${route.url}${route.url.includes('?') ? '&' : '?'}bench_nonce=${++nonce}` });
    return row(await cannon({ url: `${base}${route.url}`, duration: seconds, requests: [{ setupRequest: fresh }] }));
  }
  await fetch(`${base}${route.url}`, { headers: route.headers }).then((r) => r.text());
  return row(await cannon({ url: `${base}${route.url}`, headers: route.headers, duration: seconds }));
}

/** A size's two turns as one result. */
function merged(a, b) {
  if (a.times) {
    const times = [...a.times, ...b.times].sort((x, y) => x - y);
    const p50 = times[Math.floor(times.length / 2)];
    return { rps: 1000 / p50, p50: Math.round(p50), p99: Math.round(times[times.length - 1]), bad: 0 };
  }
  return { rps: (a.rps + b.rps) / 2, p50: (a.p50 + b.p50) / 2, mean: (a.mean + b.mean) / 2, p99: Math.max(a.p99, b.p99), bad: a.bad + b.bad };
}

async function runDatabase(label, databaseFor) {
  const [small, big] = SIZES;
  // both catalogues are served at once and each route is measured small, big, big, small: the machine's speed drifts by
  // half within minutes, and measuring one size minutes after the other read that drift as growth with the catalogue
  const servers = [];
  try {
    for (const [i, size] of SIZES.entries()) {
      console.log(`${label}: ${size} fundraisers`);
      const { env, dataDir } = await databaseFor(size);
      servers.push(await startServer({ port: 3410 + i, dataDir, fresh: false, env: { REVALIDATE_SECRET: SECRET, SEED_ON_START: '0', PER_ADDRESS_LIMIT_SCALE: '1000', ...env } }));
    }
    const routes = await Promise.all(servers.map((s) => routesOf(s.base)));
    const results = { [small]: [], [big]: [] };
    for (let i = 0; i < routes[0].length; i++) {
      const a1 = await turn(servers[0].base, routes[0][i]);
      const b1 = await turn(servers[1].base, routes[1][i]);
      const b2 = await turn(servers[1].base, routes[1][i]);
      const a2 = await turn(servers[0].base, routes[0][i]);
      results[small].push({ name: routes[0][i].name, ...merged(a1, a2) });
      results[big].push({ name: routes[1][i].name, ...merged(b1, b2) });
    }
    report(label, results);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

function report(label, results) {
  const [small, big] = SIZES;
  console.log(`\n${label}, ${CONNECTIONS} connections, ${DURATION_S} s per route and size (two turns: ${small}, ${big}, ${big}, ${small})`);
  console.log(`route                                      ${String(small).padStart(7)} req/s   p50   p99   ${String(big).padStart(7)} req/s   p50   p99   p50 ratio`);
  results[small].forEach((a, i) => {
    const b = results[big][i];
    const cols = (r) => `${r.rps.toFixed(0).padStart(13)} ${r.p50.toFixed(0).padStart(5)} ${String(r.p99).padStart(5)}`;
    const flag = a.bad || b.bad ? `  (non-2xx/errors: ${a.bad}/${b.bad})` : '';
    const ratio = ratioOf(a, b);
    console.log(`${a.name.padEnd(42)} ${cols(a)} ${cols(b)} ${ratio.x.toFixed(2).padStart(10)}x${ratio.by}${flag}`);
  });
  // the target: a repeated search (page and API) answers at least half what the cached listing page does
  const rps = (size, name) => results[size].find((r) => r.name === name).rps;
  for (const size of SIZES) {
    const listing = rps(size, 'listing page 40 deep (cursor)');
    const share = (name) => `${((rps(size, name) / listing) * 100).toFixed(0)}%`;
    console.log(`at ${size}: repeated search results page ${share('search results page (cancer)')}, list API ${share('list API (limit 24)')} of the cached listing page's req/s (target at least 50%)`);
  }
}

await runDatabase('PGlite (embedded)', async (size) => {
  const dataDir = `./data/bench-scale-${size}`;
  if (process.env.BENCH_RESEED === '1') fs.rmSync(dataDir, { recursive: true, force: true });
  // tops up what is missing (nothing, on a reuse) and refreshes the planner's statistics
  seed(size, { PGLITE_DIR: dataDir });
  return { env: {}, dataDir };
});
if (PG_ADMIN) {
  await runDatabase('PostgreSQL', async (size) => {
    const { url } = await pgDatabase(size);
    seed(size, { DATABASE_URL: url });
    return { env: { DATABASE_URL: url }, dataDir: `./data/bench-scale-pg-${size}` };
  });
}
