// Names shared by the integration globalSetup, globalTeardown and each test file's own PostgreSQL database.
import { Client } from 'pg';

/** The database name of a PostgreSQL URL. */
export const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** The same server with another database. */
export function urlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export const templateName = (base: string) => `${base}_tpl`;

/** Runs statements on TEST_DATABASE_URL's own database, which only administers the others. */
export async function onAdminDatabase<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops the templates and any file database a crashed run left behind, so a run starts from nothing of the last. */
export async function dropTestDatabases(c: Client, base: string): Promise<void> {
  const { rows } = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${base}_`]);
  for (const { datname } of rows) await c.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
}
