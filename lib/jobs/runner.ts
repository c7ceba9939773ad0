// The job runner: jobs are rows in the database (pg-boss), claimed with SKIP LOCKED, retried with backoff, and
// taken again by another worker when their claimer dies (a claim expires). It runs on PostgreSQL through
// pg-boss's own pool and on the embedded PGlite through a small adapter over the one connection.
// Periodic jobs are "at most one per period": every instance offers the job each tick, and pg-boss's singleton
// slot (a unique index on name + period) keeps exactly one; the queue's 'singleton' policy keeps one running at a time.
import PgBoss from 'pg-boss';
import { embeddedConnection } from '../db/client';
import { env } from '../env';
import { JOB_CLAIM_EXPIRY_S, JOB_MAINTENANCE_INTERVAL_S, JOB_POLL_INTERVAL_S, JOB_RETRY_DELAY_S, JOB_RETRY_LIMIT, JOBS_SCHEMA } from '../constants/jobs';

/** What pg-boss asks of a database it does not connect to itself. */
export interface JobSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss over PGlite: statements with parameters go one at a time; its unparameterised batches
 * (BEGIN ... COMMIT) go through exec. A failed batch is rolled back at once, since the one shared
 * connection would otherwise stay in an aborted transaction for every later query.
 */
export function pgliteJobSql(client: PgliteLike): JobSql {
  return {
    async executeSql(text, values) {
      try {
        if (values?.length) return { rows: (await client.query(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

export interface JobDefinition<T extends object = object> {
  name: string;
  run: (data: T) => Promise<void>;
  /** offered every period on every instance; one of them runs it */
  everyMs?: number;
  retryLimit?: number;
}

export interface JobRunnerOptions {
  /** PostgreSQL: pg-boss's own pool; PGlite: the shared connection through pgliteJobSql */
  database: { connectionString: string } | { sql: JobSql };
  jobs: JobDefinition[];
  /** take jobs here (a server or `npm run jobs`); false only offers and sends them */
  work?: boolean;
  schema?: string;
  pollingIntervalSeconds?: number;
  claimExpirySeconds?: number;
  /** the first wait before a failed or abandoned job is tried again (it doubles each time) */
  retryDelaySeconds?: number;
  /** how often abandoned claims are expired (and old jobs archived) */
  maintenanceIntervalSeconds?: number;
  onError?: (error: unknown) => void;
  /**
   * Only this process can hold a claim (the embedded database: one process per data folder). A job still claimed
   * when it starts was claimed by a server that stopped without finishing it: it goes back to the queue at once,
   * rather than after its claim expires (10 minutes, during which a periodic job's queue runs nothing at all).
   */
  soleInstance?: boolean;
}

export interface JobRunner {
  boss: PgBoss;
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** offers every periodic job once now (the timer does this each tick) */
  offerPeriodicJobs(): Promise<void>;
  stop(): Promise<void>;
}

/** The slot a periodic job belongs to: one job per name and period, whichever instance offers it. */
const periodicSendOptions = (job: JobDefinition): PgBoss.SendOptions => ({
  singletonKey: job.name,
  singletonSeconds: Math.max(1, Math.round(job.everyMs! / 1000)),
});

export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const schema = opts.schema ?? JOBS_SCHEMA;
  const connection = 'sql' in opts.database ? { db: opts.database.sql } : { connectionString: opts.database.connectionString, max: 4 };
  // pg-boss's supervisor and cron are not used: periodic jobs come from our own ticks (below)
  const boss = new PgBoss({ ...connection, schema, supervise: true, schedule: false, maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? JOB_MAINTENANCE_INTERVAL_S });
  boss.on('error', (e) => (opts.onError ?? ((x) => console.error('[jobs]', x)))(e));
  await boss.start();
  const claimExpiry = opts.claimExpirySeconds ?? JOB_CLAIM_EXPIRY_S;
  for (const job of opts.jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      // periodic jobs: never two runs of one at once, whatever the number of instances
      policy: job.everyMs ? 'singleton' : 'standard',
      retryLimit: job.retryLimit ?? JOB_RETRY_LIMIT,
      retryDelay: opts.retryDelaySeconds ?? JOB_RETRY_DELAY_S,
      retryBackoff: true,
      expireInSeconds: claimExpiry,
    });
  }
  if (opts.soleInstance && 'sql' in opts.database) {
    // as pg-boss's own expiry does it: retried while retries remain, failed after
    await opts.database.sql.executeSql(
      `update ${schema}.job set state = (case when retry_count < retry_limit then 'retry' else 'failed' end)::${schema}.job_state, retry_count = retry_count + 1, start_after = now(), output = '{"message":"abandoned: its server stopped"}'::jsonb where state = 'active'`,
    );
  }
  if (opts.work !== false) {
    for (const job of opts.jobs) {
      await boss.work<object>(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? JOB_POLL_INTERVAL_S }, async ([j]) => job.run(j.data ?? {}));
    }
  }
  const periodic = opts.jobs.filter((j) => j.everyMs);
  const offer = (job: JobDefinition) => boss.send(job.name, {}, periodicSendOptions(job));
  const offerPeriodicJobs = async () => {
    for (const job of periodic) await offer(job);
  };
  const timers = periodic.map((job) =>
    // offered a few times per period: a missed tick (a busy or restarting instance) does not skip a run
    setInterval(() => void offer(job).catch(opts.onError ?? (() => {})), Math.max(1000, Math.floor(job.everyMs! / 4))),
  );
  for (const t of timers) t.unref();
  await offerPeriodicJobs();
  return {
    boss,
    send: (name, data, options) => boss.send(name, data, options ?? {}),
    offerPeriodicJobs,
    async stop() {
      for (const t of timers) clearInterval(t);
      await boss.stop({ graceful: true, close: !('sql' in opts.database), wait: true, timeout: 10_000 });
    },
  };
}

/** Where the job runner keeps its jobs: PostgreSQL through its own pool, or the embedded database's connection. */
export async function jobDatabase(): Promise<{ connectionString: string } | { sql: JobSql }> {
  const pglite = await embeddedConnection();
  return pglite ? { sql: pgliteJobSql(pglite) } : { connectionString: env().DATABASE_URL! };
}
