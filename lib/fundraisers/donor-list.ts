// A fundraiser's successful donations for the people who run it: the dashboard's recent donors, each with
// its thank-you, and every donation as CSV. A donor who chose to give anonymously stays "Anonymous" here too,
// whenever they change their mind (the flag is read at each request).
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { carts, fundraisers, orders, rewards, users } from '../db/schema';
import { assertManages } from '../permissions/can';
import { toCsv } from '../content/csv';
import { indianDayOf } from '../validation/drafts';
import { DASHBOARD_DONORS_LIMIT, DONORS_CSV_BATCH } from '../constants/dashboard';
import { MINOR_UNITS_PER_MAJOR } from '../money';

export interface DonationRecord {
  order_id: string;
  /** when it was paid (ISO) */
  date: string;
  anonymous: boolean;
  /** the donor's name, null when they gave anonymously */
  name: string | null;
  amount_minor: number;
  currency: string;
  reward: string | null;
  acknowledged_at: string | null;
  acknowledgement: string | null;
}

// newest first; a SIP month without a cart names its subscriber and is never anonymous
async function donations(db: DbOrTx, fundraiserId: number, limit: number, beforeId?: number): Promise<(DonationRecord & { id: number })[]> {
  const rows = await db
    .select({
      id: orders.id,
      order_id: orders.order_id,
      paid_at: orders.settled_at,
      created_at: orders.created_at,
      cart_name: carts.donor_name,
      account_name: users.full_name,
      anonymous: carts.is_anonymous,
      amount_minor: orders.donated_amount_minor,
      currency: orders.iso_currency,
      reward: rewards.title,
      acknowledged_at: orders.acknowledged_at,
      acknowledgement: orders.acknowledgement,
    })
    .from(orders)
    .leftJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(users, eq(users.id, orders.user_id))
    .leftJoin(rewards, eq(rewards.id, carts.reward_id))
    .where(and(eq(orders.fundraiser_id, fundraiserId), eq(orders.status, 'success'), beforeId ? lt(orders.id, beforeId) : undefined))
    .orderBy(desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    date: (r.paid_at ?? r.created_at).toISOString(),
    anonymous: r.anonymous === true,
    name: r.anonymous ? null : (r.cart_name ?? r.account_name),
    amount_minor: r.amount_minor,
    currency: r.currency,
    reward: r.reward,
    acknowledged_at: r.acknowledged_at?.toISOString() ?? null,
    acknowledgement: r.acknowledgement,
  }));
}

/** The dashboard's recent successful donations (campaigner, owner or manager only). */
export async function recentDonations(db: DbOrTx, user: { id: number }, fundraiserId: number, limit = DASHBOARD_DONORS_LIMIT): Promise<DonationRecord[]> {
  await assertManages(db, user, fundraiserId);
  return (await donations(db, fundraiserId, limit)).map(({ id: _id, ...d }) => d);
}

export const DONORS_CSV_HEADER = ['date', 'order_id', 'name', 'amount', 'currency', 'reward', 'acknowledged'] as const;
export const ANONYMOUS_DONOR = 'Anonymous';

const major = (minor: number) => `${Math.trunc(minor / MINOR_UNITS_PER_MAJOR)}.${String(Math.abs(minor) % MINOR_UNITS_PER_MAJOR).padStart(2, '0')}`;

/** Every successful donation as CSV (read in batches), and a file name for it; only for those who run the fundraiser. */
export async function donorsCsv(db: DbOrTx, user: { id: number }, fundraiserId: number): Promise<{ filename: string; csv: string }> {
  await assertManages(db, user, fundraiserId);
  const [f] = await db.select({ custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  const lines: (string | number)[][] = [[...DONORS_CSV_HEADER]];
  for (let before: number | undefined; ; ) {
    const batch = await donations(db, fundraiserId, DONORS_CSV_BATCH, before);
    for (const d of batch) lines.push([indianDayOf(new Date(d.date)), d.order_id, d.name ?? ANONYMOUS_DONOR, major(d.amount_minor), d.currency, d.reward ?? '', d.acknowledged_at ? 'yes' : 'no']);
    if (batch.length < DONORS_CSV_BATCH) break;
    before = batch[batch.length - 1].id;
  }
  // the tag is a slug already; anything else is dropped so the header stays plain ASCII
  return { filename: `donors-${(f?.custom_tag ?? String(fundraiserId)).replace(/[^A-Za-z0-9-]/g, '') || fundraiserId}.csv`, csv: toCsv(lines) };
}
