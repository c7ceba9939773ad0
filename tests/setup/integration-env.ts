// Each integration test file gets its own database: an in-memory PGlite started from the run's migrated dump, or a
// PostgreSQL database copied from the run's migrated template (integration-global-setup.ts), dropped at the file's end.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { databaseOf, urlOf } from './start-databases';

const url = process.env.TEST_DATABASE_URL;
if (url && process.env.TEST_TEMPLATE_DATABASE) {
  const name = `${databaseOf(url)}_f${process.env.JEST_WORKER_ID ?? 0}_${randomBytes(4).toString('hex')}`;
  // made before the file's code runs, so a database read at import time finds it
  execFileSync('createdb', [`--maintenance-db=${url}`, '-T', process.env.TEST_TEMPLATE_DATABASE, name]);
  process.env.TEST_FILE_DATABASE = name;
  process.env.DATABASE_URL = urlOf(url, name);
} else if (url) {
  process.env.DATABASE_URL = url;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = 'memory://';
}
import '@/lib/reactions';
