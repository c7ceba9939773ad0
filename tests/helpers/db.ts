// Integration helpers: the real database of this test file, seeded with the demo.
import fs from 'node:fs';
import path from 'node:path';
import { closeDb, getDb, type Db } from '@/lib/db/client';
import { and, eq, sql } from 'drizzle-orm';
import { insertDemo } from '@/demo/seed';
import { fundraisers, users } from '@/lib/db/schema';
import { onAdminDatabase, quoteIdent } from '../setup/start-databases';

/** True once this file's database is open (the handle lives on globalThis, shared by every copy of the client module). */
const dbOpened = () => Boolean((globalThis as Record<symbol, unknown>)[Symbol.for('sahyog.db.handle')]);

export async function seededDb(): Promise<Db> {
  if (!dbOpened()) await startFromDemo();
  const db = await getDb();
  // on a shared PostgreSQL another file's factories may have written first: the demo is added all the same
  const demo = await db.select({ id: users.id }).from(users).where(eq(users.email, 'campaigner1@demo.sahyog.in'));
  if (!demo.length) await insertDemo(db);
  return db;
}

export { closeDb };

// The run seeded the demo once (integration-global-setup.ts): a file that has not opened its database yet starts from that copy.
async function startFromDemo(): Promise<void> {
  const folder = process.env.TEST_FILE_PGLITE_DIR;
  if (folder && !process.env.DATABASE_URL) {
    removeFilePgliteFolder();
    fs.cpSync(path.join(process.env.TEST_PGLITE_FOLDER!, 'demo'), folder, { recursive: true });
    return;
  }
  const template = process.env.TEST_DEMO_TEMPLATE_DATABASE;
  if (template && process.env.TEST_FILE_DATABASE) {
    await dropFileDatabase();
    await onAdminDatabase((c) => c.query(`create database ${quoteIdent(process.env.TEST_FILE_DATABASE!)} template ${quoteIdent(template)}`));
  }
}

/** Removes this file's own PGlite folder (copied by tests/setup/integration-env.ts). */
export function removeFilePgliteFolder(): void {
  const folder = process.env.TEST_FILE_PGLITE_DIR;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}

/** Drops this file's own PostgreSQL database (made by tests/setup/integration-env.ts). */
export async function dropFileDatabase(): Promise<void> {
  const name = process.env.TEST_FILE_DATABASE;
  if (!name) return;
  // never with (force): that ends a connection the file is still closing (a listener, a job pool) and fails the file;
  // one still in use after a second is left to the global teardown, which drops every file database once workers exit
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      await onAdminDatabase((c) => c.query(`drop database if exists ${quoteIdent(name)}`));
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006') throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Calls a route handler the way Next does. */
export async function call<P extends Record<string, string>>(
  handler: (req: Request, ctx: { params: Promise<P> }) => Promise<Response>,
  url: string,
  params: P = {} as P,
  init?: RequestInit,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await handler(new Request(new URL(url, 'http://localhost'), init), { params: Promise.resolve(params) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** A running, public fundraiser in rupees: what most donation tests give to. */
export async function openInrFundraiser(db: Db) {
  const [f] = await db
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.is_private, false), eq(fundraisers.status_flag, 1), sql`${fundraisers.end_date} > now()`, eq(fundraisers.currency, 'INR')))
    .limit(1);
  return f;
}
