// Run by tsx from the integration globalSetup: builds the database each test file starts from, migrated once.
// PGlite: makes a data folder (<folder>/migrated). PostgreSQL: fills a template database.
// Usage: tsx tests/setup/make-start-databases.ts pglite <folder> | postgres <migrated-url>
import path from 'node:path';
import * as schema from '../../lib/db/schema';

const MIGRATIONS = path.join(process.cwd(), 'lib', 'db', 'migrations');

async function pglite(folder: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const migrated = new PGlite(path.join(folder, 'migrated'));
  await migrate(drizzle(migrated, { schema }), { migrationsFolder: MIGRATIONS });
  await migrated.close();
}

async function postgres(migratedUrl: string) {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: migratedUrl, max: 1 });
  await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS });
  await pool.end();
}

const [mode, ...args] = process.argv.slice(2);
(mode === 'pglite' ? pglite(args[0]) : postgres(args[0])).catch((e) => {
  console.error(e);
  process.exit(1);
});
