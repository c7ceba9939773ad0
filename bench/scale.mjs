// npm run bench:scale (issue 16): the same routes against 1,000 and 100,000 fundraisers in one run, on the embedded
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
async function coldRenders(base, url, id, n = 30) {
  const times = [];
  for (let i = 0; i < n; i++) {
    await fetch(`${base}/api/internal/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-revalidate-secret': SECRET }, body: JSON.stringify({ fundraiser_id: id }) });
    const t = performance.now();
    const r = await fetch(url);
    await r.text();
    if (!r.ok) throw new Error(`${url} answered ${r.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { rps: 1000 / times[Math.floor(n / 2)], p50: Math.round(times[Math.floor(n / 2)]), p99: Math.round(times[n - 1]), bad: 0 };
}

async function measure(base) {
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
  const routes = [
    ['list API (limit 24)', `/api/fundraisers?limit=24`],
    ['search API, common word (help)', `/api/fundraisers?q=help&limit=24`],
    // one fundraiser has it at every size (bench/lib/seed-scale.ts)
    ['search API, rare word', `/api/fundraisers?q=${RARE_WORD}&limit=24`],
    ['search results page (cancer)', `/all-fundraisers?q=cancer`],
    ['listing page 40 deep (cursor)', `/all-fundraisers?cursor=${cursor}`],
    ['cause filter API (cause 48)', `/api/fundraisers?cause=48&limit=24`],
    ['sitemap file 1', `/sitemaps/fundraisers/1.xml`],
    ['sitemap last file', lastFile],
    ['portfolio, donor with 500 gifts', `/portfolio`, { cookie }],
    ['health (one trivial query)', `/api/health`],
  ];
  // the same searches with a new address each request: past the micro-cache, what the query itself costs
  const uncached = [
    ['list API, uncached', `/api/fundraisers?limit=24`],
    ['search API, common word, uncached', `/api/fundraisers?q=help&limit=24`],
    ['search API, rare word, uncached', routes[2][1]],
    ['search results page, uncached', `/all-fundraisers?q=cancer`],
    ['sitemap last file, uncached', lastFile],
  ];
  const out = [];
  for (const [name, url, headers] of routes) {
    await fetch(`${base}${url}`, { headers }).then((r) => r.text());
    out.push({ name, ...row(await cannon({ url: `${base}${url}`, headers })) });
  }
  for (const [name, url] of uncached) {
    let n = 0;
    const fresh = (req) => ({ ...req, path: `${url}${url.includes('?') ? '&' : '?'}bench_nonce=${++n}` });
    out.push({ name, ...row(await cannon({ url: `${base}${url}`, requests: [{ setupRequest: fresh }] })) });
  }
  // the same story at every size (the demo's first, by id): the list's first differs between catalogues, and a story with
  // more donors, updates or comments renders slower whatever the catalogue's size
  const story = await firstStory(base);
  out.push({ name: 'story render after expiry (one at a time)', ...(await coldRenders(base, `${base}/stories/${story.custom_tag}`, story.id)) });
  return out;
}

async function runSize(label, size, env, dataDir) {
  const server = await startServer({ port: 3410, dataDir, fresh: false, env: { REVALIDATE_SECRET: SECRET, SEED_ON_START: '0', PER_ADDRESS_LIMIT_SCALE: '1000', ...env } });
  try {
    return await measure(server.base);
  } finally {
    await server.stop();
  }
}

async function runDatabase(label, databaseFor) {
  const results = {};
  for (const size of SIZES) {
    console.log(`${label}: ${size} fundraisers`);
    const { env, dataDir } = await databaseFor(size);
    results[size] = await runSize(label, size, env, dataDir);
  }
  const [small, big] = SIZES;
  console.log(`\n${label}, ${CONNECTIONS} connections, ${DURATION_S} s per route`);
  console.log(`route                                      ${String(small).padStart(7)} req/s   p50   p99   ${String(big).padStart(7)} req/s   p50   p99   p50 ratio`);
  results[small].forEach((a, i) => {
    const b = results[big][i];
    const cols = (r) => `${r.rps.toFixed(0).padStart(13)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)}`;
    const flag = a.bad || b.bad ? `  (non-2xx/errors: ${a.bad}/${b.bad})` : '';
    const ratio = ratioOf(a, b);
    console.log(`${a.name.padEnd(42)} ${cols(a)} ${cols(b)} ${ratio.x.toFixed(2).padStart(10)}x${ratio.by}${flag}`);
  });
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
