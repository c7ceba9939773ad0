// npm run jobs: a worker that takes the product's jobs beside (or instead of) the servers, on PostgreSQL.
// The embedded database belongs to the one server process that opened it, which runs the jobs itself.
import { closeDb, getDb } from '../lib/db/client';
import { env, missingSessionSecret } from '../lib/env';
import { productJobs } from '../lib/jobs/definitions';
import { jobDatabase, startJobRunner } from '../lib/jobs/runner';
import { reconcileNow } from '../lib/payments/reconcile-schedule';
import { log } from '../lib/observability/log';
import { reportError } from '../lib/observability/report';
// what settled orders and moved mandates mean for SIPs and insurance, before anything settles
import '../lib/reactions';

async function main() {
  // the unsubscribe links in the email this worker sends are signed with a key derived from it: one key on every machine
  const refusal = missingSessionSecret();
  if (refusal) {
    // a refusal before anything starts: one plain line on stderr for the operator, as npm start's
    console.error(refusal);
    process.exit(1);
  }
  // read from the configuration: opening the embedded database would migrate it, or find it held by the server
  if (!env().DATABASE_URL) {
    console.error('npm run jobs needs DATABASE_URL (PostgreSQL): on the embedded database, npm start runs the jobs itself.');
    process.exit(2);
  }
  // reconciliation here runs outside Next: what it settles reaches the servers' cached pages through the cache bus (lib/cache/bus.ts)
  const jobs = productJobs({ db: getDb, env: env(), reconcile: async () => void (await reconcileNow()) });
  const runner = await startJobRunner({ database: await jobDatabase(), jobs, onError: (error) => void reportError(error, { task: 'jobs' }) });
  log.info({ jobs: jobs.map((j) => j.name) }, 'Taking jobs');
  const stop = async () => {
    await runner.stop();
    await closeDb();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((e) => {
  log.fatal({ err: e }, 'npm run jobs stopped');
  process.exit(1);
});
