// At a file's end: its PostgreSQL database is checked against the ledger when CI asks (TEST_LEDGER_CHECK=1) and dropped.
import { closeDb, getDb } from '@/lib/db/client';
import { dropFileDatabase } from '../helpers/db';

afterAll(async () => {
  if (!process.env.TEST_FILE_DATABASE) return;
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
});
