// After a file's last hook (integration-environment.js calls this): its PostgreSQL database is checked against the
// ledger when CI asks (TEST_LEDGER_CHECK=1), then dropped; its PGlite folder is removed.
import { closeDb, getDb } from '@/lib/db/client';
import { dropFileDatabase, removeFilePgliteFolder } from '../helpers/db';

(globalThis as Record<symbol, unknown>)[Symbol.for('sahyog.test.fileTeardown')] = async () => {
  if (!process.env.TEST_FILE_DATABASE) {
    await closeDb();
    return removeFilePgliteFolder();
  }
  let problems = '';
  if (process.env.TEST_LEDGER_CHECK === '1') {
    const { checkLedger } = await import('@/lib/payments/ledger-check');
    const r = await checkLedger(await getDb());
    const found = Object.entries(r).filter(([, list]) => Array.isArray(list) && list.length);
    if (found.length) problems = `ledger check on ${process.env.TEST_FILE_DATABASE}: ${JSON.stringify(Object.fromEntries(found)).slice(0, 2000)}`;
  }
  await closeDb();
  await dropFileDatabase();
  if (problems) throw new Error(problems);
};
