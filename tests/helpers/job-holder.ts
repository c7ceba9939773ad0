// A jobs worker in a process of its own, for tests/integration/jobs-worker-killed.test.ts: it takes one periodic job,
// whose run never ends, says "running" once it holds the claim, and keeps renewing that claim until it is killed.
// Run with tsx: DATABASE_URL=... tsx tests/helpers/job-holder.ts <schema> <job name>
import { startJobRunner } from '../../lib/jobs/runner';
import { KILLED_WORKER_TIMES } from './job-times';

async function main() {
  const [schema, name] = process.argv.slice(2);
  const run = () => {
    process.stdout.write('running\n');
    return new Promise<void>(() => {});
  };
  await startJobRunner({ database: { connectionString: process.env.DATABASE_URL! }, jobs: [{ name, everyMs: 60_000, run }], schema, ...KILLED_WORKER_TIMES });
}

void main();
