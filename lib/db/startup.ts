// Server start: open (and lock) the database, apply migrations, seed the demo on an empty database.
import { databaseKind, getDb } from './client';
import { seedDemo } from './seed';
import { env } from '../env';

export async function prepareDatabase(): Promise<void> {
  const db = await getDb();
  const kind = await databaseKind();
  if (env().SEED_ON_START === '1') {
    const started = Date.now();
    const result = await seedDemo(db);
    if (result.created) console.log(`Seeded the demo: ${result.fundraisers} fundraisers in ${Date.now() - started} ms.`);
  }
  console.log(`Database ready (${kind === 'pglite' ? `PGlite in ${env().PGLITE_DIR}` : 'PostgreSQL'}).`);
}
