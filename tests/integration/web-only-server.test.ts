// JOBS=0 makes a web-only server: its background work runs no job (the jobs worker, `npm run jobs`, takes them) and
// still follows the cache bus, so another process's change expires its pages.
import { sql } from 'drizzle-orm';
import { closeDb, getDb, rowsOf, type Db } from '@/lib/db/client';
import { resetEnvForTests } from '@/lib/env';
import { CACHE_CHANNEL } from '@/lib/constants/cache';
import { JOBS_SCHEMA } from '@/lib/constants/jobs';
import { JOB } from '@/lib/jobs/definitions';
import { CACHE_TAGS } from '@/lib/cache/tags';
import { followCacheBus, startBackgroundJobs } from '@/server/background';

let db: Db;
const jobsBefore = process.env.JOBS;
beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  // an unset variable stays unset (assigning undefined would set the string "undefined")
  if (jobsBefore === undefined) delete process.env.JOBS;
  else process.env.JOBS = jobsBefore;
  resetEnvForTests();
  await closeDb();
});

/** This server's background work, with what it expires written down (Next's tags map, in the real server). */
async function background(jobs: string | undefined) {
  if (jobs === undefined) delete process.env.JOBS;
  else process.env.JOBS = jobs;
  resetEnvForTests();
  const expired: string[][] = [];
  const site = { port: 1, taskToken: 'unused: Next\'s tags map is in reach', expiry: async (tags: string[]) => void expired.push(tags) };
  // as server/serve.ts starts them: the bus first, then the jobs
  const stopBus = await followCacheBus(site);
  const stopJobs = await startBackgroundJobs(site);
  return { expired, stop: async () => void (await Promise.all([stopJobs(), stopBus()])) };
}

/** How many runs of the reconciliation the job tables hold (none when no runner ever started here). */
async function reconcileJobs(): Promise<number> {
  const [{ table }] = rowsOf<{ table: string | null }>(await db.execute(sql`select to_regclass(${`${JOBS_SCHEMA}.job`})::text as table`));
  if (!table) return 0;
  return rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${JOBS_SCHEMA}.job where name = '${JOB.reconcilePayments}'`)))[0].n;
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
};

it('with JOBS=0 the server runs no job, and another process\'s change still expires its pages', async () => {
  const web = await background('0');
  try {
    // a runner offers every periodic job as it starts: nothing here did
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await reconcileJobs()).toBe(0);
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ from: 'another-server', fundraisers: [424242] })})`);
    await until(() => web.expired.length > 0);
    expect(web.expired).toEqual([[CACHE_TAGS.fundraiser(424242), CACHE_TAGS.fundraiserLists]]);
  } finally {
    await web.stop();
  }
  // the same server without JOBS=0 offers the jobs at once
  const full = await background(undefined);
  try {
    expect(await reconcileJobs()).toBe(1);
  } finally {
    await full.stop();
  }
}, 60_000);
