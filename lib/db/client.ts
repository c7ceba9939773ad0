// One database handle per process: PGlite in ./data by default, PostgreSQL when DATABASE_URL is set.
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { env } from '../env';
import { lockDataFolder } from './lock';
import { log } from '../observability/log';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

interface Handle {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool */
  pool?: import('pg').Pool;
  /** the embedded database's one connection, which the job runner shares */
  pglite?: import('@electric-sql/pglite').PGlite;
  close: () => Promise<void>;
}

// Next bundles instrumentation, pages and route handlers separately: keep one handle per process.
const HANDLE_KEY = Symbol.for('sahyog.db.handle');
type GlobalWithHandle = typeof globalThis & { [HANDLE_KEY]?: Promise<Handle> };
const g = globalThis as GlobalWithHandle;

/** The rows of a raw `execute`: node-postgres answers a result object, other drivers an array. */
export const rowsOf = <T,>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows: T[] }).rows ?? []));

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib', 'db', 'migrations');

async function open(): Promise<Handle> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    throw new Error('No page may read the database during next build: mark it dynamic.');
  }
  const { DATABASE_URL, PGLITE_DIR } = env();
  if (DATABASE_URL) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: DATABASE_URL, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // an idle connection the database ended (a restart, pg_terminate_backend) is an 'error' event: unheard, it would end
    // the process. The pool has already dropped that connection; the next query opens a fresh one
    pool.on('error', (error) => log.warn({ err: error }, 'Database: an idle connection was closed by the server; the next query opens a new one.'));
    // Several processes (test workers, servers) may start together: migrate under an advisory lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    return { kind: 'postgres', pool, close: () => pool.end() };
  }
  const inMemory = PGLITE_DIR === 'memory://';
  const release = inMemory ? () => {} : lockDataFolder(path.resolve(PGLITE_DIR));
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = inMemory ? new PGlite() : new PGlite(path.resolve(PGLITE_DIR));
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: 'pglite',
    pglite: client,
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function handle(): Promise<Handle> {
  if (!g[HANDLE_KEY]) {
    g[HANDLE_KEY] = open().catch((e) => {
      g[HANDLE_KEY] = undefined;
      throw e;
    });
  }
  return g[HANDLE_KEY]!;
}

// Each copy of this module (Next's bundles, our server's fast lane) wraps the one pool in its own drizzle: drizzle knows
// its own tables by instanceof, another copy's only by walking their prototypes, which cost the fast lane a tenth of its CPU
let own: { of: Handle; db: Promise<Db> } | undefined;

async function drizzleHere(h: Handle): Promise<Db> {
  if (h.pool) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    return drizzle(h.pool, { schema }) as unknown as Db;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  return drizzle(h.pglite!, { schema }) as unknown as Db;
}

/** The database, migrated. */
export async function getDb(): Promise<Db> {
  const h = await handle();
  if (own?.of !== h) own = { of: h, db: drizzleHere(h) };
  return own.db;
}

/** PostgreSQL's pool counts for the metrics scrape; null on the embedded database or before the database opened (a scrape never opens it). */
export async function poolUsage(): Promise<{ total: number; idle: number; waiting: number } | null> {
  const opened = g[HANDLE_KEY];
  const pool = opened ? (await opened.catch(() => null))?.pool : undefined;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

export async function databaseKind(): Promise<Handle['kind']> {
  return (await handle()).kind;
}

/** The embedded database's one connection (the job runner shares it), or null on PostgreSQL. */
export async function embeddedConnection(): Promise<import('@electric-sql/pglite').PGlite | null> {
  const h = await handle();
  return h.kind === 'pglite' ? h.pglite! : null;
}

export async function closeDb(): Promise<void> {
  const h = g[HANDLE_KEY];
  g[HANDLE_KEY] = undefined;
  if (h) await (await h).close();
}

export async function pingDatabase(): Promise<{ ok: boolean; kind: Handle['kind'] | 'unknown'; latency_ms: number; error?: string }> {
  const started = performance.now();
  try {
    const h = await handle();
    await (await getDb()).execute(sql`select 1`);
    return { ok: true, kind: h.kind, latency_ms: Math.round(performance.now() - started) };
  } catch (e) {
    return { ok: false, kind: 'unknown', latency_ms: Math.round(performance.now() - started), error: (e as Error).message };
  }
}
