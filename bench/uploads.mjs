// npm run bench:uploads: valid large pictures from several accounts at once must not stall the server.
// Four signed-in accounts send 24 uploads of a 7000x7000 PNG (about 150 kB on the wire, 49 MP once decoded: just
// under the pixel cap) all at once, while one client asks /api/health in a loop; the p99 of /api/health idle and
// during the load, and how many uploads were accepted or refused, are printed.
import sharp from 'sharp';
import { startServer } from './lib/server.mjs';

const ACCOUNTS = 4;
const UPLOADS = 24;
const SIDE = 7000;
const IDLE_HEALTH_CHECKS = 200;
const DEMO_PASSWORD = 'Sahyog@2026';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function healthLatency(base) {
  const t = performance.now();
  const r = await fetch(`${base}/api/health`);
  await r.arrayBuffer();
  return performance.now() - t;
}

async function signIn(base, email) {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_id: email, password: DEMO_PASSWORD }) });
  if (!r.ok) throw new Error(`login of ${email} answered ${r.status}`);
  return r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

// a flat-coloured poster compresses to ~150 kB yet decodes to 49 million pixels
const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#e8a33d' } }).png({ compressionLevel: 9 }).toBuffer();
const server = await startServer({ port: 3407, dataDir: './data/bench-uploads' });
const base = server.base;
try {
  const cookies = [];
  for (let i = 0; i < ACCOUNTS; i++) cookies.push(await signIn(base, `donor${i + 1}@demo.sahyog.in`));
  // warm: the health route and the upload route compiled and loaded once
  for (let i = 0; i < 20; i++) await healthLatency(base);

  const idle = [];
  for (let i = 0; i < IDLE_HEALTH_CHECKS; i++) idle.push(await healthLatency(base));

  const upload = async (i) => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), `poster-${i}.png`);
    const t = performance.now();
    const r = await fetch(`${base}/api/users/me/avatar`, { method: 'POST', headers: { cookie: cookies[i % ACCOUNTS], origin: base }, body: form });
    const body = await r.json().catch(() => null);
    return { status: r.status, ms: performance.now() - t, retryAfter: r.headers.get('retry-after'), message: body?.error?.message };
  };
  const during = [];
  let loading = true;
  const started = performance.now();
  const uploads = Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(i))).finally(() => (loading = false));
  const prober = (async () => {
    while (loading) during.push(await healthLatency(base));
  })();
  const results = await uploads;
  await prober;
  const wall = performance.now() - started;

  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const accepted = results.filter((r) => r.status === 201);
  const refused = results.filter((r) => r.status === 429);
  console.log(`\n${UPLOADS} uploads of a ${SIDE}x${SIDE} PNG (${(png.length / 1024).toFixed(0)} kB) from ${ACCOUNTS} accounts at once`);
  console.log(`answers: ${Object.entries(byStatus).map(([s, n]) => `${n} x ${s}`).join(', ')}; all answered in ${(wall / 1000).toFixed(1)} s`);
  console.log(`accepted: ${accepted.length}${accepted.length ? `, slowest ${(Math.max(...accepted.map((r) => r.ms)) / 1000).toFixed(1)} s` : ''}`);
  console.log(`refused (429): ${refused.length}${refused.length ? `, Retry-After ${refused[0].retryAfter} s, "${refused[0].message}"` : ''}`);
  for (const r of results.filter((r) => r.status !== 201 && r.status !== 429).slice(0, 3)) console.log(`other answer: ${r.status} ${r.message ?? ''}`);
  console.log('\n/api/health            checks    p50 ms    p99 ms    max ms');
  for (const [name, values] of [['idle', idle], ['during the uploads', during]]) {
    console.log(`${name.padEnd(22)} ${String(values.length).padStart(6)} ${percentile(values, 50).toFixed(0).padStart(9)} ${percentile(values, 99).toFixed(0).padStart(9)} ${Math.max(...values).toFixed(0).padStart(9)}`);
  }
  console.log(`\n/api/health p99: idle ${percentile(idle, 99).toFixed(0)} ms, during the uploads ${percentile(during, 99).toFixed(0)} ms`);
} finally {
  await server.stop();
}
