// Run by tsx from the integration globalSetup: builds the databases each test file starts from, migrated once.
// PGlite: makes two data folders (migrated; migrated with the demo). PostgreSQL: fills two template databases.
// Usage: tsx tests/setup/make-start-databases.ts pglite <folder> | postgres <migrated-url> <demo-url>
import fs from 'node:fs';
import path from 'node:path';
import * as schema from '../../lib/db/schema';
import { insertDemo } from '../../demo/seed';
import type { Db } from '../../lib/db/client';

const MIGRATIONS = path.join(process.cwd(), 'lib', 'db', 'migrations');

async function pglite(folder: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const migrated = new PGlite(path.join(folder, 'migrated'));
  await migrate(drizzle(migrated, { schema }), { migrationsFolder: MIGRATIONS });
  await migrated.close();
  // each file copies a folder (tens of ms) where loading a dump into memory cost it ~2 s of CPU
  fs.cpSync(path.join(folder, 'migrated'), path.join(folder, 'demo'), { recursive: true });
  const demo = new PGlite(path.join(folder, 'demo'));
  await insertDemo(drizzle(demo, { schema }) as unknown as Db);
  await demo.close();
}

async function postgres(migratedUrl: string, demoUrl: string) {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  for (const url of [migratedUrl, demoUrl]) {
    const pool = new Pool({ connectionString: url, max: 1 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    if (url === demoUrl) await insertDemo(db as unknown as Db);
    await pool.end();
  }
}

const [mode, ...args] = process.argv.slice(2);
(mode === 'pglite' ? pglite(args[0]) : postgres(args[0], args[1])).catch((e) => {
  console.error(e);
  process.exit(1);
});
