// The job runner: jobs are rows in the database (pg-boss), claimed with SKIP LOCKED, retried with backoff, and
// taken again by another worker when their claimer dies (a claim expires). It runs on PostgreSQL through
// pg-boss's own pool and on the embedded PGlite through a small adapter over the one connection.
// Periodic jobs are "at most one per period": every instance offers the job each tick, and pg-boss's singleton
// slot (a unique index on name + period) keeps exactly one; the queue's 'singleton' policy keeps one running at a time.
// Their claims are short and renewed while a run lasts (a heartbeat, which pg-boss 10 lacks), so a worker killed
// mid-run holds its queue for seconds, not for the 10 minutes a one-off job's claim lasts.
import PgBoss from 'pg-boss';
import { embeddedConnection } from '../db/client';
import { currentRequestId, log, withRequestId } from '../observability/log';
import { metrics } from '../observability/metrics';
import { env } from '../env';
import {
  JOB_CLAIM_EXPIRY_S,
  JOB_HEARTBEAT_S,
  JOB_MAINTENANCE_INTERVAL_S,
  JOB_PERIODIC_CLAIM_S,
  JOB_PERIODIC_RETRY_DELAY_S,
  JOB_POLL_INTERVAL_S,
  JOB_RETRY_DELAY_S,
  JOB_RETRY_LIMIT,
  JOB_STOP_WAIT_MS,
  JOBS_SCHEMA,
} from '../constants/jobs';

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
  /** a one-off job's claim; a periodic run is renewed for at most this long */
  claimExpirySeconds?: number;
  /** the first wait before a failed or abandoned job is tried again (it doubles each time) */
  retryDelaySeconds?: number;
  /** a periodic job's claim, renewed every heartbeatSeconds while its run lasts, and its first retry delay */
  periodicClaimSeconds?: number;
  heartbeatSeconds?: number;
  periodicRetryDelaySeconds?: number;
  /** how often abandoned claims are expired (and old jobs archived) */
  maintenanceIntervalSeconds?: number;
  onError?: (error: unknown) => void;
  /**
   * Only this process can hold a claim (the embedded database: one process per data folder). A job still claimed
   * when it starts was claimed by a server that stopped without finishing it: it goes back to the queue at once,
   * rather than after its claim expires (a one-off job's in 10 minutes; a periodic job's once its short claim lapses).
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
  const onError = opts.onError ?? ((error: unknown) => log.error({ err: error }, 'Job runner error'));
  boss.on('error', (e) => onError(e));
  await boss.start();
  const claimExpiry = opts.claimExpirySeconds ?? JOB_CLAIM_EXPIRY_S;
  const periodicClaim = opts.periodicClaimSeconds ?? JOB_PERIODIC_CLAIM_S;
  for (const job of opts.jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      // periodic jobs: never two runs of one at once, whatever the number of instances
      policy: job.everyMs ? 'singleton' : 'standard',
      retryLimit: job.retryLimit ?? JOB_RETRY_LIMIT,
      retryDelay: job.everyMs ? (opts.periodicRetryDelaySeconds ?? JOB_PERIODIC_RETRY_DELAY_S) : (opts.retryDelaySeconds ?? JOB_RETRY_DELAY_S),
      retryBackoff: true,
      expireInSeconds: job.everyMs ? periodicClaim : claimExpiry,
    });
  }
  if (opts.soleInstance && 'sql' in opts.database) {
    // as pg-boss's own expiry does it: retried while retries remain, failed after
    await opts.database.sql.executeSql(
      `update ${schema}.job set state = (case when retry_count < retry_limit then 'retry' else 'failed' end)::${schema}.job_state, retry_count = retry_count + 1, start_after = now(), output = '{"message":"abandoned: its server stopped"}'::jsonb where state = 'active'`,
    );
  }
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? JOB_POLL_INTERVAL_S;
  const takers: PeriodicTaker[] = [];
  if (opts.work !== false) {
    const jobSql: JobSql = 'sql' in opts.database ? opts.database.sql : boss.getDb();
    const times = { pollMs: pollingIntervalSeconds * 1000, heartbeatMs: (opts.heartbeatSeconds ?? JOB_HEARTBEAT_S) * 1000, claimSeconds: periodicClaim, longestRunMs: claimExpiry * 1000 };
    for (const job of opts.jobs) {
      if (job.everyMs) takers.push(takePeriodicRuns(boss, jobSql, schema, job, times, onError));
      else await boss.work<object>(job.name, { pollingIntervalSeconds }, async ([j]) => runCounted(job, j.id, j.data ?? {}));
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
    // a job sent while a request runs carries its id, so the job's log lines name the request that started it
    send: (name, data, options) => boss.send(name, { request_id: currentRequestId(), ...data }, options ?? {}),
    offerPeriodicJobs,
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(takers.map((t) => t.stop()));
      await boss.stop({ graceful: true, close: !('sql' in opts.database), wait: true, timeout: JOB_STOP_WAIT_MS });
    },
  };
}

interface PeriodicTaker {
  stop(): Promise<void>;
}

interface PeriodicTimes {
  pollMs: number;
  heartbeatMs: number;
  claimSeconds: number;
  /** renewals stop past this: a run stuck this long is given up to its claim's expiry */
  longestRunMs: number;
}

/**
 * Takes a periodic job's runs one at a time: fetch, run, complete or fail, as pg-boss's own worker does, but renewing
 * the short claim while the run lasts. pg-boss's worker would fail a run that outlasts its claim, while it still ran.
 */
function takePeriodicRuns(boss: PgBoss, jobSql: JobSql, schema: string, job: JobDefinition, times: PeriodicTimes, onError: (error: unknown) => void): PeriodicTaker {
  // the claim runs claimSeconds from now, whenever the run started (pg-boss expires a claim at started_on + expire_in)
  const renew = (id: string) =>
    jobSql.executeSql(`update ${schema}.job set expire_in = (now() - started_on) + $3::int * interval '1 second' where name = $1 and id = $2 and state = 'active'`, [job.name, id, times.claimSeconds]);
  const runOnce = async () => {
    const [claimed] = await boss.fetch<object>(job.name);
    if (!claimed) return;
    const started = Date.now();
    const heartbeat = setInterval(() => {
      if (Date.now() - started > times.longestRunMs) return clearInterval(heartbeat);
      void renew(claimed.id).catch(onError);
    }, times.heartbeatMs);
    try {
      await runCounted(job, claimed.id, claimed.data ?? {});
      await boss.complete(job.name, claimed.id);
    } catch (error) {
      onError(error);
      // tried again after the queue's retry delay, as pg-boss's worker does with a handler that throws
      await boss.fail(job.name, claimed.id, { message: error instanceof Error ? error.message : String(error) }).catch(onError);
    } finally {
      clearInterval(heartbeat);
    }
  };
  let running: Promise<void> | null = null;
  const poll = setInterval(() => {
    if (running) return;
    running = runOnce()
      .catch(onError)
      .finally(() => (running = null));
  }, times.pollMs);
  return {
    async stop() {
      clearInterval(poll);
      if (running) await Promise.race([running, new Promise((r) => setTimeout(r, JOB_STOP_WAIT_MS).unref())]);
    },
  };
}

/** One run of a job: counted, and logged under the request id it was sent with (else one of its own). */
async function runCounted(job: JobDefinition, id: string, data: object): Promise<void> {
  metrics.jobRuns.inc({ job: job.name });
  const sentWith = (data as { request_id?: unknown }).request_id;
  try {
    return await withRequestId(typeof sentWith === 'string' ? sentWith : `job-${id}`, () => job.run(data));
  } catch (error) {
    metrics.jobFailures.inc({ job: job.name });
    throw error;
  }
}

/** Where the job runner keeps its jobs: PostgreSQL through its own pool, or the embedded database's connection. */
export async function jobDatabase(): Promise<{ connectionString: string } | { sql: JobSql }> {
  const pglite = await embeddedConnection();
  return pglite ? { sql: pgliteJobSql(pglite) } : { connectionString: env().DATABASE_URL! };
}
