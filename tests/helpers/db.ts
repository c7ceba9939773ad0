// Integration helpers: the real database of this test file, seeded with the demo.
import { closeDb, getDb, type Db } from '@/lib/db/client';
import { and, eq, sql } from 'drizzle-orm';
import { seedDemo } from '@/lib/db/seed';
import { fundraisers, ledgerEntries, orders } from '@/lib/db/schema';

export async function seededDb(): Promise<Db> {
  const db = await getDb();
  await seedDemo(db);
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

/**
 * Inserts an order as the product would leave it: a successful one is also in the ledger and in its
 * fundraiser's totals (other test files on the shared PostgreSQL database check that these agree).
 */
export async function insertOrder(db: Db, row: typeof orders.$inferInsert) {
  const [order] = await db.insert(orders).values(row).returning();
  if (order.status === 'success') {
    const [f] = await db.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, order.campaign_id));
    await db.insert(ledgerEntries).values({ group_id: order.order_id, account: `fundraiser:${order.campaign_id}`, kind: 'donation', amount_minor: order.credited_amount_minor, currency: f.currency });
    await db
      .update(fundraisers)
      .set({ raised_minor: sql`${fundraisers.raised_minor} + ${order.credited_amount_minor}`, donor_count: sql`${fundraisers.donor_count} + 1` })
      .where(eq(fundraisers.id, order.campaign_id));
  }
  return order;
}
