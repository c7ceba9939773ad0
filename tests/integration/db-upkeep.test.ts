// Where autovacuum does not run (PGlite always; a server with it off), the upkeep job vacuums and analyzes
// what changed, and merges the search index's pending list, which every search otherwise reads through.
import { sql } from 'drizzle-orm';
import { closeDb, databaseKind, getDb, rowsOf, type Db } from '@/lib/db/client';
import { upkeepDatabase } from '@/lib/db/upkeep';
import { productJobs, JOB } from '@/lib/jobs/definitions';
import { env } from '@/lib/env';

let db: Db;
let kind: 'pglite' | 'postgres';
const RUN = Date.now().toString(36);
const probe = `upkeep_probe_${RUN}`;
const twin = `upkeep_twin_${RUN}`;

beforeAll(async () => {
  db = await getDb();
  kind = await databaseKind();
});
afterAll(async () => {
  for (const t of [probe, twin]) await db.execute(sql.raw(`drop table if exists ${t}`));
  await closeDb();
});

const one = async <T,>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0];
// a table like fundraisers' search: a GIN index over a tsvector, loaded in bulk
async function loadSearchTable(name: string) {
  await db.execute(sql.raw(`create table ${name} (id serial primary key, doc tsvector)`));
  await db.execute(sql.raw(`create index ${name}_doc on ${name} using gin (doc)`));
  await db.execute(sql.raw(`insert into ${name} (doc) select to_tsvector('simple', 'story ' || g || ' help word' || (g % 97)) from generate_series(1, 5000) g`));
}

it('vacuums and analyzes a bulk-loaded table, and leaves its search index with no pending list', async () => {
  const autovacuum = (await one<{ v: string }>(sql`select current_setting('autovacuum') as v`))!.v;
  await loadSearchTable(probe);
  await loadSearchTable(twin);
  // the statistics of a backend reach pg_stat_user_tables once it is idle for a second
  await new Promise((r) => setTimeout(r, 1500));
  const result = await upkeepDatabase(db, kind);
  if (kind === 'postgres' && autovacuum === 'on') {
    // autovacuum keeps this database: the job leaves it to it
    expect(result).toEqual({ ran: false, vacuumed: [], analyzed: [] });
    return;
  }
  expect(result.ran).toBe(true);
  expect(result.vacuumed).toContain(`public.${probe}`);
  const stats = await one<{ last_vacuum: unknown; last_analyze: unknown }>(sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = ${probe}`);
  expect(stats?.last_vacuum).toBeTruthy();
  expect(stats?.last_analyze).toBeTruthy();
  const reltuples = await one<{ n: number }>(sql`select reltuples::int as n from pg_class where relname = ${probe}`);
  expect(reltuples?.n).toBe(5000);
  // nothing is left pending in either index (the twin too: every GIN index is merged), where the load had left pages
  for (const t of [probe, twin]) expect(Number((await one<{ n: number }>(sql`select gin_clean_pending_list(${`${t}_doc`}::regclass) as n`))!.n)).toBe(0);
});

it('a bulk-loaded GIN index does leave a pending list (what the job merges)', async () => {
  const name = `upkeep_pending_${RUN}`;
  await loadSearchTable(name);
  try {
    expect(Number((await one<{ n: number }>(sql`select gin_clean_pending_list(${`${name}_doc`}::regclass) as n`))!.n)).toBeGreaterThan(0);
  } finally {
    await db.execute(sql.raw(`drop table ${name}`));
  }
});

it('a second pass with nothing changed does nothing', async () => {
  await new Promise((r) => setTimeout(r, 1500));
  const again = await upkeepDatabase(db, kind);
  expect(again.vacuumed).not.toContain(`public.${probe}`);
  expect(again.analyzed).not.toContain(`public.${probe}`);
});

it('is one of the product jobs', () => {
  const jobs = productJobs({ db: getDb, env: env(), reconcile: async () => {} });
  expect(jobs.map((j) => j.name)).toContain(JOB.upkeepDatabase);
});
