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
import { instanceId, listenForFundraiserChanges } from '../lib/cache/bus';
import { invalidateFundraiser, withExpiryOutsideNext, type TagExpiry } from '../lib/cache/invalidate';
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

/** Starts the jobs (unless JOBS=0) and the cache bus; answers the way to stop both. */
export async function startBackgroundWork(site: BackgroundSite): Promise<() => Promise<void>> {
  const inNext = throughNext(site);
  const stopJobs = env().JOBS === '0' ? await jobsElsewhere() : await startJobs(site.expiry, inNext);
  const stopFollowing = await followCacheBus(site.expiry, inNext);
  return async () => void (await Promise.allSettled([stopJobs(), stopFollowing()]));
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
    if (r.notices || r.placed || r.skipped || r.awaitingMandate || r.lapsed || r.errors) console.log(`SIP charge run: ${JSON.stringify(r)}`);
  };
  const host = expiry
    ? { reconcile: async () => void (await reconcileNow()), chargeSips }
    : { reconcile: () => inNext('reconcile'), chargeSips: () => inNext('sip-charge-due') };
  const jobs = productJobs({ db: getDb, env: env(), ...host }).map((job) => (expiry ? { ...job, run: (data: object) => withExpiryOutsideNext(expiry, () => job.run(data)) } : job));
  // on the embedded database this server is the only one: a claim left by the one before it (killed mid-run) is released now
  const soleInstance = (await databaseKind()) === 'pglite';
  const runner = await startJobRunner({ database: await jobDatabase(), jobs, soleInstance, onError: (error) => void reportError(error, { task: 'jobs' }) });
  console.log(`Jobs: ${jobs.map((j) => `${j.name} every ${Math.round((j.everyMs ?? 0) / 1000)} s`).join(', ')}.`);
  return () => runner.stop();
}

// JOBS=0: a web-only server; the jobs worker (`npm run jobs`) or the servers without JOBS=0 take the jobs
async function jobsElsewhere(): Promise<() => Promise<void>> {
  if ((await databaseKind()) === 'pglite') console.warn('Jobs: none (JOBS=0), and on the embedded database no other process may run them: nothing reconciles payments or charges SIPs.');
  else console.log('Jobs: none in this process (JOBS=0); npm run jobs takes them.');
  return async () => {};
}

// Another process's committed change (a payment settled by another server or by `npm run jobs`, a comment elsewhere)
// expires this server's cached pages too
async function followCacheBus(expiry: TagExpiry | null, inNext: ReturnType<typeof throughNext>): Promise<() => Promise<void>> {
  const self = instanceId();
  const expire = async (fundraisers: number[]) => {
    if (!expiry) return inNext('expire', { fundraisers });
    await withExpiryOutsideNext(expiry, async () => {
      for (const id of fundraisers) await invalidateFundraiser(id);
    });
  };
  return listenForFundraiserChanges(({ from, fundraisers }) => {
    // this process expired its own pages when it wrote
    if (from === self) return;
    void expire(fundraisers).catch((error: unknown) => void reportError(error, { task: 'cache-bus' }));
  });
}
