// Applies the drizzle-kit migrations to the configured database (PGlite folder or DATABASE_URL).
import { closeDb, databaseKind, getDb } from '../lib/db/client';

async function main() {
  await getDb();
  console.log(`Migrations applied (${await databaseKind()}).`);
  await closeDb();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
