// Server start: open (and lock) the database, apply migrations, seed the demo on an empty database.
import { databaseKind, getDb, type Db } from './client';
import { env } from '../env';
import { log } from '../observability/log';

/** The demo's seeding (demo/seed.ts), handed in by the server's start so production code never imports demo data. */
export type DemoSeed = (db: Db) => Promise<{ created: boolean; fundraisers: number }>;

export async function prepareDatabase(seedDemo: DemoSeed): Promise<void> {
  const db = await getDb();
  const kind = await databaseKind();
  if (env().SEED_ON_START === '1') {
    const started = Date.now();
    const result = await seedDemo(db);
    if (result.created) log.info(`Seeded the demo: ${result.fundraisers} fundraisers in ${Date.now() - started} ms.`);
  }
  log.info(`Database ready (${kind === 'pglite' ? `PGlite in ${env().PGLITE_DIR}` : 'PostgreSQL'}).`);
}
