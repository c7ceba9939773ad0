// npm run bench:ceiling: one process's cached story against its ceiling, a bare node:http server in a child process
// sending the same gzip bytes with the same headers, loaded alternately in one run (a noisy machine moves both alike).
// Knobs: BENCH_ROUNDS (3), BENCH_SECONDS (5, each load), BENCH_CONNECTIONS (50), BENCH_PORT (3550; the bare server
// takes the next port), BENCH_CPU_PROFILE=dir (the server writes a V8 CPU profile there when it stops).
import http from 'node:http';
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';
import { startBareServer } from './lib/bare-server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APP_PORT = Number(process.env.BENCH_PORT ?? 3550);
const BARE_PORT = APP_PORT + 1;
const gzip = { 'accept-encoding': 'gzip' };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cannon = (url) => new Promise((resolve, reject) => autocannon({ url, headers: gzip, connections: CONNECTIONS, duration: SECONDS }, (err, r) => (err ? reject(err) : resolve(r))));
const okRps = (r) => r['2xx'] / r.duration;
const failed = (r) => r.errors + r.timeouts + (r.non2xx ?? 0);

/** The answer as a browser asking for gzip gets it: raw header pairs and body bytes. */
const answer = (url) =>
  new Promise((resolve, reject) => {
    http.get(url, { headers: gzip }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.rawHeaders, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

// no jobs in this process: they share its event loop with the load measured (the collapse of a run's third round,
// ~70 req/s with a p99 of seconds, comes without them too: not explained yet)
const server = await startServer({ port: APP_PORT, dataDir: './data/bench-ceiling', noBuild: true, env: { JOBS: '0' } });
let bare = null;
try {
  const list = await (await fetch(`${server.base}/api/fundraisers?limit=20&status=active`)).json();
  const story = `${server.base}/stories/${list.data[0].custom_tag}`;
  // warm: Next renders and caches it, the fill keeps it, the next visits are micro-cache hits
  for (let i = 0; i < 5; i++) await answer(story);
  const raw = await answer(story);
  const hit = raw.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'x-micro-cache');
  if (hit < 0 || raw.headers[hit + 1] !== 'HIT') throw new Error('the story is not a micro-cache hit after warming');
  // the ceiling: the same header lines (each connection's own aside) and bytes, nothing else done per request
  bare = await startBareServer(BARE_PORT, raw);
  console.log(`\nstory ${story}: ${raw.body.length} gzip bytes, ${raw.headers.length / 2} headers; ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections`);
  console.log('round   bare req/s  bare p99   story req/s  story p99   story/bare   failed');
  const ratios = [];
  const bareRps = [];
  const storyRps = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const b = await cannon(`http://127.0.0.1:${BARE_PORT}/`);
    const s = await cannon(story);
    const ratio = okRps(s) / okRps(b);
    ratios.push(ratio);
    bareRps.push(okRps(b));
    storyRps.push(okRps(s));
    console.log(`${String(round).padStart(5)} ${okRps(b).toFixed(0).padStart(12)} ${String(b.latency.p99).padStart(9)} ${okRps(s).toFixed(0).padStart(13)} ${String(s.latency.p99).padStart(10)} ${`${(ratio * 100).toFixed(0)}%`.padStart(12)} ${String(failed(b) + failed(s)).padStart(8)}`);
  }
  console.log(`median: bare ${median(bareRps).toFixed(0)} req/s, story ${median(storyRps).toFixed(0)} req/s, story/bare ${(median(ratios) * 100).toFixed(0)}% (target at least 90%)`);
} finally {
  bare?.kill();
  await server.stop();
}
