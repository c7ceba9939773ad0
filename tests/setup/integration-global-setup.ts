// Migrates once per run and keeps what each integration file starts from: a migrated PGlite data folder in a temp
// folder, or a migrated PostgreSQL template database next to TEST_DATABASE_URL's. No file starts from the demo.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { databaseOf, dropTestDatabases, onAdminDatabase, quoteIdent, templateName, urlOf } from './start-databases';

const run = promisify(execFile);
const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
const script = path.join(process.cwd(), 'tests', 'setup', 'make-start-databases.ts');

export default async function integrationGlobalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const base = databaseOf(url);
    const template = templateName(base);
    await onAdminDatabase(async (c) => {
      await dropTestDatabases(c, base);
      await c.query(`create database ${quoteIdent(template)}`);
    });
    await run(tsx, [script, 'postgres', urlOf(url, template)], { maxBuffer: 1 << 24 });
    // the workers forked after this inherit the name
    process.env.TEST_TEMPLATE_DATABASE = template;
    return;
  }
  // in memory where the machine has it: every file copies its start and writes its pages there
  const shm = '/dev/shm';
  const parent = fs.existsSync(shm) && fs.statSync(shm).isDirectory() ? shm : os.tmpdir();
  const folder = fs.mkdtempSync(path.join(parent, 'sahyog-test-db-'));
  await run(tsx, [script, 'pglite', folder], { maxBuffer: 1 << 24 });
  process.env.TEST_PGLITE_FOLDER = folder;
}
