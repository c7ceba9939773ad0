// bench:statements' measuring half (run with tsx; DATABASE_URL names a fresh PostgreSQL database): the server's CPU per
// statement, through drizzle and through pg alone, 50 in flight on a pool of 10 as in the server.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import { closeDb, getDb } from '../../lib/db/client';
import { seedDemo } from '../../demo/seed';
import * as schema from '../../lib/db/schema';

const N = Number(process.env.BENCH_STATEMENTS ?? 10000);
const IN_FLIGHT = 50;

async function cpuPerStatement(fn: () => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await fn();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => { while (next++ < N) await fn(); }));
  const cpu = process.cpuUsage(c0);
  return { us: (cpu.user + cpu.system) / N, perS: (N / (performance.now() - t0)) * 1000 };
}

async function main() {
  await seedDemo(await getDb());
  await closeDb();
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const db = drizzle(pool, { schema });
  const { orders, fundraisers } = schema;
  const [o] = await db.select({ order_id: orders.order_id }).from(orders).limit(1);
  const [f] = await db.select({ id: fundraisers.id }).from(fundraisers).limit(1);
  const five = { id: orders.id, order_id: orders.order_id, status: orders.status, fundraiser_id: orders.fundraiser_id, donated_amount_minor: orders.donated_amount_minor };
  const text = 'select "id", "order_id", "status", "fundraiser_id", "donated_amount_minor" from "orders" where "orders"."order_id" = $1';
  const prepared = db.select(five).from(orders).where(eq(orders.order_id, sql.placeholder('order_id'))).prepare('bench_order_five');
  const cases: [string, () => Promise<unknown>][] = [
    ['pg: select 1', () => pool.query('select 1')],
    ['pg: an order, 5 columns', () => pool.query(text, [o.order_id])],
    ['drizzle, prepared once: an order, 5 columns', () => prepared.execute({ order_id: o.order_id })],
    ['drizzle: an order, 5 columns', () => db.select(five).from(orders).where(eq(orders.order_id, o.order_id))],
    ['drizzle: an order, all 33 columns', () => db.select().from(orders).where(eq(orders.order_id, o.order_id))],
    ['drizzle: a fundraiser total moved (update)', () => db.update(fundraisers).set({ raised_minor: sql`${fundraisers.raised_minor} + 0` }).where(eq(fundraisers.id, f.id))],
  ];
  console.log(`${N} statements each, ${IN_FLIGHT} in flight, pool of 10; the second of two rounds`);
  const rounds: { us: number; perS: number }[][] = [[], []];
  for (const round of rounds) for (const [, fn] of cases) round.push(await cpuPerStatement(fn));
  cases.forEach(([name], i) => console.log(`  ${name.padEnd(46)} ${rounds[1][i].us.toFixed(0).padStart(5)} µs of CPU per statement (first round ${rounds[0][i].us.toFixed(0)}), ${rounds[1][i].perS.toFixed(0)}/s`));
  await pool.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
