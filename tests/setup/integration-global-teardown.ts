// Removes what integration-global-setup made, so a second run on the same TEST_DATABASE_URL starts clean.
import fs from 'node:fs';
import { databaseOf, dropTestDatabases, onAdminDatabase } from './start-databases';

export default async function integrationGlobalTeardown(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await onAdminDatabase((c) => dropTestDatabases(c, databaseOf(url)));
  if (process.env.TEST_PGLITE_FOLDER) fs.rmSync(process.env.TEST_PGLITE_FOLDER, { recursive: true, force: true });
}
