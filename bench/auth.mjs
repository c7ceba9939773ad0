// npm run bench:auth: what a sign-in costs on the production build, on the embedded database and on
// PostgreSQL (one run each, autocannon). Password login is scrypt-bound on purpose; the session check
// runs on every signed-in API call.
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';
import { freshPgDatabase } from './lib/pg.mjs';
import { pageScripts } from './js-size.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const DEMO_PASSWORD = 'Sahyog@2026';
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function cannon(opts) {
  return new Promise((resolve, reject) => autocannon({ duration: DURATION_S, ...opts }, (err, result) => (err ? reject(err) : resolve(result))));
}
const row = (name, r) => ({ name, rps: r['2xx'] / r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + (r.non2xx ?? 0) });

async function run(label, env) {
  const server = await startServer({ port: 3403, dataDir: './data/bench-auth', env });
  const base = server.base;
  try {
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_id: 'donor40@demo.sahyog.in', password: DEMO_PASSWORD }) });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const rows = [];
    rows.push(row('static file (/favicon.svg), 50 conn', await cannon({ url: `${base}/favicon.svg`, connections: 50 })));
    rows.push(row('session check, anonymous, 50 conn', await cannon({ url: `${base}/api/auth/session`, connections: 50 })));
    rows.push(row('session check, signed in, 50 conn', await cannon({ url: `${base}/api/auth/session`, connections: 50, headers: { cookie } })));
    // every login from another address and one of 40 accounts, so the rate limits (per address, per email) stay out of the way
    let n = 0;
    const nextLogin = (req) => {
      n += 1;
      return { ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }, body: JSON.stringify({ email_id: `donor${(n % 40) + 1}@demo.sahyog.in`, password: DEMO_PASSWORD }) };
    };
    // 40 accounts x 10 logins per 15 min (LOGIN_LIMIT_PER_EMAIL) must outlast the run
    const logins = await cannon({ url: `${base}/api/auth/login`, connections: 8, duration: Math.min(DURATION_S, 5), method: 'POST', headers: { 'content-type': 'application/json' }, requests: [{ setupRequest: nextLogin }] });
    rows.push(row('password login (scrypt), 8 conn', logins));
    console.log(`\n${label}, ${DURATION_S} s each`);
    console.log('route                                   2xx req/s     p50 ms   p99 ms   non-2xx/errors');
    for (const r of rows) console.log(`${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)}`);
    console.log(`signed-in session check / anonymous: ${((rows[2].rps / rows[1].rps) * 100).toFixed(0)}%; / static file: ${((rows[2].rps / rows[0].rps) * 100).toFixed(0)}%`);
    if (!env.DATABASE_URL) {
      const js = [await pageScripts(base, '/about-us'), await pageScripts(base, '/new/signin')];
      console.log(`sign-in page JavaScript: ${js[1].gzip_kb.toFixed(1)} kB gzip, ${(js[1].gzip_kb - js[0].gzip_kb).toFixed(1)} kB over /about-us`);
    }
  } finally {
    await server.stop();
  }
}

await run('PGlite (embedded)', {});
try {
  await run('PostgreSQL', { DATABASE_URL: await freshPgDatabase(PG_ADMIN, 'sahyog_bench_auth') });
} catch (e) {
  console.log(`\nPostgreSQL run skipped: ${e instanceof Error ? e.message : e}`);
}
