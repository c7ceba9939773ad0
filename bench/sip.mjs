// npm run bench:sip: on PostgreSQL, 10,000 SIPs due under active sandbox mandates, then
// `npm run sip:charge-due` started twice at the same moment (two processes, as on two servers). Prints the orders placed,
// SIPs charged twice, whether the ledger equals the raised totals (lib/payments/ledger-check.ts) and charges per second.
// Figures only: nothing here passes or fails. DATABASE_URL picks the database; otherwise one is created on 127.0.0.1:5432.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const SIPS = Number(process.env.BENCH_SIPS ?? 10_000);
// runs started at once (the acceptance asks for two)
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const PG_HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
const PG_USER = process.env.BENCH_PG_USER ?? 'postgres';
const DB_NAME = 'sahyog_bench_sip';
const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');

/** DATABASE_URL as given, or a fresh database made with createdb (dropped first if an earlier run left it). */
async function benchDatabase() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = new pg.Client({ connectionString: `postgres://${PG_USER}@${PG_HOST}:5432/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.end();
  const made = spawnSync('createdb', ['-h', PG_HOST, '-U', PG_USER, DB_NAME], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`createdb failed: ${made.stderr}`);
  return `postgres://${PG_USER}@${PG_HOST}:5432/${DB_NAME}`;
}

const url = await benchDatabase();
const env = {
  ...process.env,
  DATABASE_URL: url,
  // the sandbox gateway on PostgreSQL, with fixed secrets (no ./data needed)
  SANDBOX_GATEWAY: '1',
  SANDBOX_GATEWAY_SECRET: 'bench-sip-sandbox-secret-0123456789',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-sip-session-secret-0123456789abcdef',
};

// migrations and the demo (its running fundraisers are where the SIPs' causes go)
const seeded = spawnSync(tsx, ['scripts/seed.ts'], { env, encoding: 'utf8' });
if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}${seeded.stderr}`);

const db = new pg.Client({ connectionString: url });
await db.connect();
const one = async (text, values) => (await db.query(text, values)).rows[0];

// 10,000 donors, each with an active sandbox mandate and a two-cause SIP (₹300 medical, ₹200 animals) due an hour ago
const seedStarted = performance.now();
const runTag = Date.now().toString(36);
await db.query('begin');
await db.query(
  `insert into users (full_name, email) select 'Bench SIP ' || g, 'bench-sip-' || $2 || '-' || g || '@example.com' from generate_series(1, $1::int) g`,
  [SIPS, runTag],
);
await db.query(
  `insert into mandates (user_id, gateway, gateway_mandate_id, method, status, currency, max_amount_minor, authorised_at)
   select id, 'sandbox', 'sbx_mdt_bench_' || id, 'UPIRECURRING', 'active', 'INR', 150000, now() from users where email like $1`,
  [`bench-sip-${runTag}-%`],
);
await db.query(
  `insert into subscriptions (user_id, sip_cause, currency, amount_minor, status_flag, payment_gateway, mandate_id, next_payment_date)
   select m.user_id, 'medical', 'INR', 50000, 1, 'sandbox', m.id, now() - interval '1 hour'
   from mandates m join users u on u.id = m.user_id where u.email like $1`,
  [`bench-sip-${runTag}-%`],
);
await db.query(
  `insert into subscription_lines (subscription_id, sip_cause, amount_minor)
   select s.id, c.cause, c.amount from subscriptions s join users u on u.id = s.user_id
   cross join (values ('medical', 30000), ('animals', 20000)) as c(cause, amount) where u.email like $1`,
  [`bench-sip-${runTag}-%`],
);
await db.query('commit');
const mine = `select s.id from subscriptions s join users u on u.id = s.user_id where u.email like '${`bench-sip-${runTag}-%`.replace(/'/g, "''")}'`;
const { due } = await one(`select count(*)::int as due from (${mine}) m`);
console.log(`seeded ${due} SIPs due (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`);

// two charge runs started at the same moment, as on two servers
const started = performance.now();
const runs = await Promise.all(
  Array.from({ length: RUNS }, (_, i) => i + 1).map(
    (n) =>
      new Promise((resolve) => {
        const child = spawn(tsx, ['--conditions=react-server', 'scripts/sip-charge-due.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ n, code, out, seconds: (performance.now() - started) / 1000 }));
      }),
  ),
);
const wall = Math.max(...runs.map((r) => r.seconds));

const placed = await one(`select count(*)::int as n, count(*) filter (where status = 'success')::int as paid, count(*) filter (where status = 'failed')::int as failed,
  count(*) filter (where status in ('created', 'pending'))::int as open from orders where kind = 'sip' and subscription_id in (${mine})`);
const twice = await one(`select count(*)::int as n from (select subscription_id, period from orders where kind = 'sip' and status = 'success' and subscription_id in (${mine}) group by 1, 2 having count(*) > 1) t`);
const triesTwice = await one(`select count(*)::int as n from (select subscription_id, period from orders where kind = 'sip' and subscription_id in (${mine}) group by 1, 2 having count(*) > 1) t`);
const money = await one(`select
    (select coalesce(sum(donated_amount_minor), 0) from orders where kind = 'sip' and status = 'success' and subscription_id in (${mine}))::bigint as charged,
    (select coalesce(sum(l.amount_minor), 0) from ledger_entries l join orders o on o.order_id = l.group_id where o.kind = 'sip' and o.subscription_id in (${mine}))::bigint as ledger,
    (select count(distinct split_part(l.account, ':', 2)) from ledger_entries l join orders o on o.order_id = l.group_id where o.kind = 'sip' and l.account like 'fundraiser:%' and o.subscription_id in (${mine}))::int as fundraisers`);
const moved = await one(`select count(*)::int as n from subscriptions where id in (${mine}) and next_payment_date > now()`);
await db.end();
const ledger = spawnSync(tsx, ['scripts/check-ledger.ts'], { env, encoding: 'utf8' });

console.log(`\nPostgreSQL, ${due} SIPs due, sip:charge-due started ${RUNS === 2 ? 'twice' : `${RUNS} times`} at once`);
for (const r of runs) {
  const line = r.out.split('\n').find((l) => l.startsWith('SIP_RUN '));
  const s = line ? JSON.parse(line.slice('SIP_RUN '.length)) : null;
  console.log(`  run ${r.n}: exit ${r.code}, ${s ? `${s.placed} placed, ${s.alreadyPlaced} found placed by the other run, ${s.errors} errors` : r.out.trim().split('\n').slice(-3).join(' | ')}, ${r.seconds.toFixed(1)} s`);
}
console.log(`  orders placed: ${placed.n} (${placed.paid} paid, ${placed.failed} failed, ${placed.open} not settled)`);
console.log(`  SIPs charged twice for a month: ${twice.n}`);
console.log(`  SIPs with more than one order for a month: ${triesTwice.n}`);
console.log(`  SIPs whose next payment date moved on: ${moved.n}`);
console.log(`  money charged ${money.charged} paise, ledger lines of those orders ${money.ledger} paise, reaching ${money.fundraisers} fundraisers`);
console.log(`  ledger equal to totals (check:ledger): ${ledger.status === 0 ? 'yes' : 'no'}; ${ledger.stdout.trim().split('\n').slice(0, 2).join('; ')}`);
console.log(`  charges per second (all runs together, wall clock): ${(placed.paid / wall).toFixed(1)}`);
