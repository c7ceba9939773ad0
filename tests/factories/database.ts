// A test file's own database as the product starts it: migrated, with the reference lists (causes, rates) and no demo.
import { getDb, type Db } from '@/lib/db/client';
import { seedReference } from '@/demo/seed';

export async function referenceData(db: Db): Promise<void> {
  await seedReference(db);
}

/** This file's database, migrated and holding the reference lists only: everything else a test makes itself. */
export async function freshDb(): Promise<Db> {
  const db = await getDb();
  await referenceData(db);
  return db;
}

const run = Date.now().toString(36);
let seq = 0;

/** A name no other row of this run has (files may share one PostgreSQL database). */
export const unique = (prefix: string) => `${prefix}-${run}-${++seq}`;
