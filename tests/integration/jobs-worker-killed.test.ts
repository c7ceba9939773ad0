// kill -9 of the process holding a periodic job's claim (a server or `npm run jobs` lost mid-run): while it lived its
// heartbeat kept the claim, and once it is dead another worker takes the job within seconds, where a 10-minute claim
// stalled the queue. The product's times are 20 s and 5 s; here 2 s and half a second.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDb, databaseKind, getDb, rowsOf, type Db } from '@/lib/db/client';
import { jobDatabase, startJobRunner, type JobRunner } from '@/lib/jobs/runner';
import { KILLED_WORKER_TIMES } from '../helpers/job-times';

const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
const schema = `jobs_killed_${Date.now().toString(36)}`;
let db: Db;
let runner: JobRunner | undefined;

beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  await runner?.stop();
  if ((await databaseKind()) === 'postgres') await db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
  await closeDb();
});

const states = async (name: string) => rowsOf<{ state: string }>(await db.execute(sql.raw(`select state from ${schema}.job where name = '${name}' order by created_on`))).map((r) => r.state);

it('a worker killed mid-run frees its periodic job within seconds, and another worker runs it once', async () => {
  if ((await databaseKind()) === 'pglite') {
    // the embedded database belongs to one process, which runs the jobs itself: no second worker may start on it
    const r = spawnSync(tsx, ['--conditions=react-server', 'scripts/jobs.ts'], { env: { ...process.env, NODE_OPTIONS: '', PGLITE_DIR: 'memory://' }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/npm run jobs needs DATABASE_URL \(PostgreSQL\)/);
    return;
  }
  const name = `held-${Date.now().toString(36)}`;
  const holder = spawn(tsx, ['tests/helpers/job-holder.ts', schema, name], { env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (d: Buffer) => d.toString().includes('running') && resolve());
      holder.once('exit', (code) => reject(new Error(`the holder exited (${code}) before it ran`)));
      setTimeout(() => reject(new Error('the holder never ran')), 30_000).unref();
    });
    let done = 0;
    runner = await startJobRunner({ database: await jobDatabase(), jobs: [{ name, everyMs: 60_000, run: async () => void done++ }], schema, ...KILLED_WORKER_TIMES });
    // alive, the holder renews its claim: twice the claim's length later, nobody else has run the job
    await new Promise((r) => setTimeout(r, 2 * KILLED_WORKER_TIMES.periodicClaimSeconds * 1000));
    expect(done).toBe(0);
    expect(await states(name)).toEqual(['active']);
    process.kill(-holder.pid!, 'SIGKILL');
    const killedAt = Date.now();
    // claim 2 s + a maintenance pass (1 s) + the retry delay (1-2 s) + polling, about 5 s on a quiet machine. The wait is
    // the bound, not a stopwatch (a loaded CI machine took 12 s): the product's own 20 s claim, or the queue's 10-minute
    // expiry this test was written against, would miss it
    while (done === 0 && Date.now() - killedAt < 15_000) await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await states(name)).toEqual(['completed']);
  } finally {
    if (holder.exitCode === null && holder.signalCode === null) process.kill(-holder.pid!, 'SIGKILL');
  }
}, 90_000);
