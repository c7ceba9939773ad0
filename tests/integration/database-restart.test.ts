// The database ends this process's connections (PostgreSQL restarted, or pg_terminate_backend): the process carries
// on, and the next query gets a fresh connection.
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { closeDb, databaseKind, getDb, rowsOf, type Db } from '@/lib/db/client';
import { capturedLogLines, logMark } from '../helpers/captured-logs';

let db: Db;
beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  await closeDb();
});

/** Ends every other connection to this file's database, as a database restart does; answers how many. */
async function terminateOtherConnections(): Promise<number> {
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

it('idle pooled connections ended by the database do not end the process: each is logged, and the next query opens a fresh one', async () => {
  if ((await databaseKind()) === 'pglite') {
    // the embedded database is one connection inside this process: nothing outside it can end it
    expect(rowsOf<{ n: number }>(await db.execute(sql`select 1 as n`))).toEqual([{ n: 1 }]);
    return;
  }
  // three connections in the pool, idle once these answer
  await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
  const before = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0].pid;
  const mark = logMark();
  const logged = () => capturedLogLines(mark).filter((l) => String(l.msg).startsWith('Database: an idle connection was closed by the server'));
  const ended = await terminateOtherConnections();
  expect(ended).toBeGreaterThanOrEqual(3);
  // the pool hears each idle connection end, and logs it as a warning with the database's reason
  const until = Date.now() + 5_000;
  while (logged().length < ended && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(logged()).toHaveLength(ended);
  expect(logged()[0]).toMatchObject({ level: 40, err: { message: expect.stringMatching(/terminating connection due to administrator command/) } });
  const after = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0].pid;
  expect(after).not.toBe(before);
  expect(rowsOf<{ n: number }>(await db.execute(sql`select 1 as n`))).toEqual([{ n: 1 }]);
});
