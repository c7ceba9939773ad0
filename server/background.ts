// Background work of the server process: the job runner (lib/jobs: reconciliation, SIP charges, the outbox, rate
// refreshes, upkeep; each period on one instance only) and the cache bus (another process's committed change expires
// this server's pages too). Both call lib/ here, in this process; what they expire goes into Next's tags map
// (server/next-tags.ts), as for the fast lane, and the micro-cache empties as it does after any expiry.
import { INTERNAL_TASK_HEADER } from '../lib/constants/server';
import { INTERNAL_TASK_PATH } from '../lib/routes';
import { env } from '../lib/env';
import { databaseKind, getDb } from '../lib/db/client';
import { jobDatabase, startJobRunner } from '../lib/jobs/runner';
import { productJobs } from '../lib/jobs/definitions';
import { reportError } from '../lib/observability/report';
import { log } from '../lib/observability/log';
import { metrics } from '../lib/observability/metrics';
import { instanceId, listenToCacheBus, type CacheBusMessage } from '../lib/cache/bus';
import { expireEverything, invalidateBrands, invalidateFundraiser, invalidateRates, withExpiryOutsideNext, type TagExpiry } from '../lib/cache/invalidate';
import type { ListenTimings } from '../lib/db/listen';
import { markBusListening } from '../lib/observability/readiness';
import { reconcileNow } from '../lib/payments/reconcile-schedule';
import { runSipChargeDue } from '../lib/sip/charge-due';
import { mainSiteOrigin } from '../lib/whitelabel/site';
import { siteConfig } from '../lib/whitelabel/resolve';

export interface BackgroundSite {
  /** this server's port, where its own task route answers */
  port: number;
  /** the token the task route answers (a secret of this process) */
  taskToken: string;
  /** Next's tags map, or null when this Next keeps its tags where our server cannot reach them */
  expiry: TagExpiry | null;
}

/** Starts the jobs (none with JOBS=0: a web-only server); answers the way to stop them. */
export async function startBackgroundJobs(site: BackgroundSite): Promise<() => Promise<void>> {
  return env().JOBS === '0' ? jobsElsewhere() : startJobs(site.expiry, throughNext(site));
}

/**
 * Runs a task inside Next through this server's own route: only when Next's tags map is out of reach, since then only
 * revalidateTag in a Next request can expire cached pages.
 */
function throughNext({ port, taskToken }: BackgroundSite) {
  return async (task: 'reconcile' | 'sip-charge-due' | 'expire', body?: unknown) => {
    const headers: Record<string, string> = { [INTERNAL_TASK_HEADER]: taskToken };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`http://127.0.0.1:${port}${INTERNAL_TASK_PATH}/${task}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!r.ok) throw new Error(`The ${task} task answered ${r.status}`);
  };
}

async function startJobs(expiry: TagExpiry | null, inNext: ReturnType<typeof throughNext>): Promise<() => Promise<void>> {
  // loaded here, at start-up: under tsx a module's first load compiles it on the main thread, which stalled every
  // request for seconds when the first charge run loaded the SIP code
  const chargeSips = async () => {
    const r = await runSipChargeDue(await getDb(), { origin: mainSiteOrigin(siteConfig()) });
    if (r.notices || r.placed || r.skipped || r.awaitingMandate || r.lapsed || r.errors) log.info({ sip_charge_run: r }, 'SIP charge run');
  };
  const host = expiry
    ? { reconcile: async () => void (await reconcileNow()), chargeSips }
    : { reconcile: () => inNext('reconcile'), chargeSips: () => inNext('sip-charge-due') };
  const jobs = productJobs({ db: getDb, env: env(), ...host }).map((job) => (expiry ? { ...job, run: (data: object) => withExpiryOutsideNext(expiry, () => job.run(data)) } : job));
  // on the embedded database this server is the only one: a claim left by the one before it (killed mid-run) is released now
  const soleInstance = (await databaseKind()) === 'pglite';
  const runner = await startJobRunner({ database: await jobDatabase(), jobs, soleInstance, onError: (error) => void reportError(error, { task: 'jobs' }) });
  log.info(`Jobs: ${jobs.map((j) => `${j.name} every ${Math.round((j.everyMs ?? 0) / 1000)} s`).join(', ')}.`);
  return () => runner.stop();
}

// JOBS=0: a web-only server; the jobs worker (`npm run jobs`) or the servers without JOBS=0 take the jobs
async function jobsElsewhere(): Promise<() => Promise<void>> {
  if ((await databaseKind()) === 'pglite') log.warn('Jobs: none (JOBS=0), and on the embedded database no other process may run them: nothing reconciles payments or charges SIPs.');
  else log.info('Jobs: none in this process (JOBS=0); npm run jobs takes them.');
  return async () => {};
}

/**
 * Follows the cache bus: another process's committed change (a payment settled by another server or by `npm run jobs`,
 * a comment elsewhere, a partner's brand) expires this server's cached pages and in-memory reads too. After the bus
 * connection was lost and came back, everything is expired, since what was announced meanwhile was missed. Answers
 * once it listens, so a server that follows it before it listens never serves a change it did not hear.
 */
export async function followCacheBus(site: BackgroundSite, timings?: Partial<ListenTimings>): Promise<() => Promise<void>> {
  const self = instanceId();
  const inNext = throughNext(site);
  const { expiry } = site;
  const outsideNext = (work: () => Promise<void>) => withExpiryOutsideNext(expiry!, work);
  const apply = async (message: CacheBusMessage): Promise<void> => {
    if ('fundraisers' in message) {
      const { fundraisers } = message;
      if (!expiry) return inNext('expire', { fundraisers });
      return outsideNext(async () => {
        for (const id of fundraisers) await invalidateFundraiser(id);
      });
    }
    if (message.changed === 'rates') return invalidateRates();
    return expiry ? outsideNext(invalidateBrands) : inNext('expire', { what: 'brands' });
  };
  const catchUp = () => (expiry ? outsideNext(expireEverything) : inNext('expire', { what: 'everything' }));
  const failed = (error: unknown) => void reportError(error, { task: 'cache-bus' });
  const stop = await listenToCacheBus(
    (message) => {
      // this process expired its own pages when it wrote
      if (message.from === self) return;
      // a clock behind the writer's would read as a negative lag: counted as none
      if (message.at !== undefined) metrics.busLag.observe(Math.max(0, Date.now() - message.at) / 1000);
      void apply(message).catch(failed);
    },
    {
      timings,
      up: (again) => {
        markBusListening(true);
        if (!again) return;
        void catchUp().then(() => log.warn('Cache bus: listening again after a lost connection; expired every cached page, the micro-cache and the in-memory reads, since changes announced meanwhile were missed.'), failed);
      },
      down: (reason) => {
        markBusListening(false);
        log.warn(`Cache bus: connection lost (${reason}); opening another.`);
      },
    },
  );
  return async () => {
    await stop();
    markBusListening(false);
  };
}
