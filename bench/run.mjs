// npm run bench: the production build on the embedded database with 10,000 fundraisers, measured with
// autocannon (50 connections) in one run, so the ratios compare like with like on a noisy machine.
import autocannon from 'autocannon';
import { seedDatabase, startServer } from './lib/server.mjs';
import { pageScripts } from './js-size.mjs';

const FUNDRAISERS = Number(process.env.BENCH_FUNDRAISERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SECRET = 'bench-revalidate-secret-0123456789';
const DATA_DIR = './data/bench';

function cannon(url, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const summary = (name, r) => ({
  name,
  rps: r.requests.average,
  p99: r.latency.p99,
  p50: r.latency.p50,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
});

async function revalidate(base, id) {
  const r = await fetch(`${base}/api/internal/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-revalidate-secret': SECRET }, body: JSON.stringify({ fundraiser_id: id }) });
  if (!r.ok) throw new Error(`revalidate answered ${r.status}`);
}

console.log(`Seeding ${FUNDRAISERS} fundraisers into ${DATA_DIR}…`);
seedDatabase(DATA_DIR, FUNDRAISERS);
const server = await startServer({ port: 3402, dataDir: DATA_DIR, fresh: false, env: { REVALIDATE_SECRET: SECRET, SEED_ON_START: '0' } });
const base = server.base;
try {
  const list = await (await fetch(`${base}/api/fundraisers?limit=1&status=active`)).json();
  const f = list.data[0];
  const story = `${base}/stories/${f.custom_tag}`;
  // warm: the first render fills the page cache
  for (const u of [story, `${base}/all-fundraisers`, `${base}/favicon.svg`, `${base}/about-us`]) await fetch(u).then((r) => r.text());

  const rows = [];
  rows.push(summary('static file (/favicon.svg)', await cannon(`${base}/favicon.svg`)));
  rows.push(summary('about-us page, cached (near-empty page)', await cannon(`${base}/about-us`)));
  rows.push(summary('story page, cached', await cannon(story)));
  // the page's cache expired every 250 ms while 50 connections read it: each expiry costs one render
  const churn = setInterval(() => revalidate(base, f.id).catch(() => {}), 250);
  rows.push(summary('story page, expired every 250 ms', await cannon(story)));
  clearInterval(churn);
  rows.push(summary('listing page (/all-fundraisers)', await cannon(`${base}/all-fundraisers`)));

  // single renders right after an expiry, one at a time (no load): what the first visitor waits
  const cold = [];
  for (let i = 0; i < 15; i++) {
    await revalidate(base, f.id);
    const t = performance.now();
    await fetch(story).then((r) => r.text());
    cold.push(performance.now() - t);
  }
  cold.sort((a, b) => a - b);

  console.log(`\n${FUNDRAISERS} fundraisers, ${CONNECTIONS} connections, ${DURATION_S} s each, story ${f.custom_tag}`);
  console.log('route                                     req/s     p50 ms   p99 ms   errors');
  for (const r of rows) console.log(`${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)}`);
  const ratio = rows[2].rps / rows[0].rps;
  console.log(`\nstory (cached) / static file req/s: ${(ratio * 100).toFixed(0)}% (target at least 50%)`);
  console.log(`story (cached) / about-us (cached) req/s: ${((rows[2].rps / rows[1].rps) * 100).toFixed(0)}% (what the story adds over Next's cached-page floor)`);
  console.log(`first render after expiry, no load: median ${cold[Math.floor(cold.length / 2)].toFixed(0)} ms, max ${cold[cold.length - 1].toFixed(0)} ms`);

  const js = [];
  for (const p of ['/about-us', `/stories/${f.custom_tag}`, '/all-fundraisers', '/', '/fundraiser-listing']) js.push(await pageScripts(base, p));
  console.log('\nJavaScript loaded first (gzip kB)      scripts   gzip kB   over /about-us');
  for (const r of js) {
    const name = r.path.length > 38 ? `${r.path.slice(0, 35)}...` : r.path;
    console.log(`${name.padEnd(38)} ${String(r.scripts).padStart(7)} ${r.gzip_kb.toFixed(1).padStart(9)} ${(r.gzip_kb - js[0].gzip_kb).toFixed(1).padStart(10)}`);
  }
  console.log(`story page JavaScript over the empty page: ${(js[1].gzip_kb - js[0].gzip_kb).toFixed(1)} kB gzip (target at most 25 kB)`);
} finally {
  await server.stop();
}
