// What sponsors and the team set up around fundraisers: coupons, events (drives) with their causes and NGOs, banners.
// The product has no function that creates these (the team writes them), so they are written as rows.
import type { Db } from '@/lib/db/client';
import { banners, coupons, eventCauses, events } from '@/lib/db/schema';
import { indianDayOf } from '@/lib/validation/drafts';
import { DAY_MS } from '@/lib/constants/time';
import { referenceData, unique } from './database';

/** A sponsor's coupon: ₹100 added to a rupee gift, once per donor, 20 gifts per fundraiser, within ₹1,00,000, for a year. */
export async function makeCoupon(db: Db, values: Partial<typeof coupons.$inferInsert> = {}) {
  const [c] = await db
    .insert(coupons)
    .values({
      code: unique('TEST').replace(/\W/g, '').toUpperCase(),
      sponsor: 'Test Sponsor',
      currency: 'INR',
      amount_minor: 10_000,
      max_uses: 1000,
      max_uses_per_donor: 1,
      max_uses_per_fundraiser: 20,
      budget_minor: 10_000_000,
      valid_until: new Date(Date.now() + 365 * DAY_MS),
      ...values,
    })
    .returning();
  return c;
}

/** A running event (drive) with its causes, each with the NGO entities taking part for it. */
export async function makeEvent(db: Db, o: { name?: string; slug?: string; causes?: { causeId: number; entityIds: number[] }[]; startsInDays?: number; endsInDays?: number } = {}) {
  await referenceData(db);
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({
      slug: o.slug ?? unique('test-drive').toLowerCase(),
      name: o.name ?? 'Test Relief Drive',
      description: 'NGOs raising together for relief.',
      starts_on: indianDayOf(new Date(now + (o.startsInDays ?? -10) * DAY_MS)),
      ends_on: indianDayOf(new Date(now + (o.endsInDays ?? 46) * DAY_MS)),
    })
    .returning();
  const rows = (o.causes ?? []).flatMap((c) => c.entityIds.map((id) => ({ event_id: event.id, cause_id: c.causeId, entity_details_id: id })));
  if (rows.length) await db.insert(eventCauses).values(rows);
  return event;
}

/** A banner of the main site (host null) unless a host is given. */
export async function makeBanner(db: Db, values: Partial<typeof banners.$inferInsert> & { title: string }) {
  const [b] = await db.insert(banners).values({ link_path: '/all-fundraisers', ...values }).returning();
  return b;
}
