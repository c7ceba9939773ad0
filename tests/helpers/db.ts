// Integration helpers: this file's own database (tests/setup/integration-env.ts) and calling route handlers.
import fs from 'node:fs';
import { closeDb } from '@/lib/db/client';
import { onAdminDatabase, quoteIdent } from '../setup/start-databases';

export { closeDb };

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
