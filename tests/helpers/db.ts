// Integration helpers: the real database of this test file, seeded with the demo.
import { closeDb, getDb, type Db } from '@/lib/db/client';
import { and, eq, sql } from 'drizzle-orm';
import { insertDemo } from '@/demo/seed';
import { fundraisers, users } from '@/lib/db/schema';

export async function seededDb(): Promise<Db> {
  const db = await getDb();
  // on a shared PostgreSQL another file's factories may have written first: the demo is added all the same
  const demo = await db.select({ id: users.id }).from(users).where(eq(users.email, 'campaigner1@demo.sahyog.in'));
  if (!demo.length) await insertDemo(db);
  return db;
}

export { closeDb };

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
