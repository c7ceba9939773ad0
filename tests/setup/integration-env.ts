// Each integration test file gets its own database: a PGlite data folder copied from the run's migrated one, or a
// PostgreSQL database copied from the run's migrated template (integration-global-setup.ts), dropped at the file's end.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
  const folder = path.join(process.env.TEST_PGLITE_FOLDER!, `f${process.env.JEST_WORKER_ID ?? 0}_${randomBytes(4).toString('hex')}`);
  fs.cpSync(path.join(process.env.TEST_PGLITE_FOLDER!, 'migrated'), folder, { recursive: true });
  process.env.TEST_FILE_PGLITE_DIR = folder;
  process.env.PGLITE_DIR = folder;
}
import '@/lib/reactions';
