// Demo content: one fundraising event with the causes it raises for and the demo NGOs taking part (spec 7
// event, event causes, NGOs by event_id), and the main site's home banners (spec 7 banner). Idempotent: a second run
// adds nothing.
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import type { DbOrTx } from '../lib/db/client';
import { banners, entityDetails, eventCauses, events, users } from '../lib/db/schema';
import { demoImagePath } from '../lib/media/demo-images';
import { endOfIndianDay, indianDayOf } from '../lib/validation/drafts';
import { CAUSE } from '../lib/constants/fundraisers';
import { DAY_MS } from '../lib/constants/time';
import { SIP_SUBSCRIBE_PATH } from '../lib/routes';

export const DEMO_EVENT_SLUG = 'sahyog-monsoon-relief-drive';

// each cause of the drive and the demo NGOs (by name) raising for it
const DRIVE_CAUSES: { causeId: number; ngos: string[] }[] = [
  { causeId: 163, ngos: ['Annapurna Foundation', 'Green Roots India'] }, // disaster relief
  { causeId: 204, ngos: ['Annapurna Foundation'] }, // food & hunger
  { causeId: 201, ngos: ['Shiksha For All'] }, // children
];

/** The demo event, its causes and NGOs, and the main site's banners; rows already there are left as they are. */
export async function seedDemoEvents(db: DbOrTx, now = new Date()): Promise<void> {
  await db
    .insert(events)
    .values({
      slug: DEMO_EVENT_SLUG,
      name: 'Sahyog Monsoon Relief Drive',
      description: 'Floods and landslides come with every monsoon. For eight weeks, NGOs on Sahyog raise together for relief kits, community kitchens and getting children back to school.',
      starts_on: indianDayOf(new Date(now.getTime() - 10 * DAY_MS)),
      ends_on: indianDayOf(new Date(now.getTime() + 46 * DAY_MS)),
    })
    .onConflictDoNothing();
  const [event] = await db.select({ id: events.id, ends_on: events.ends_on }).from(events).where(eq(events.slug, DEMO_EVENT_SLUG));
  await db.update(events).set({ image_path: demoImagePath('disaster-relief', event.id, 'theater') }).where(and(eq(events.id, event.id), isNull(events.image_path)));

  // the demo's own NGOs (their accounts' demo emails), never a namesake another test or a real user made
  const names = [...new Set(DRIVE_CAUSES.flatMap((c) => c.ngos))];
  const ngos = await db
    .select({ id: entityDetails.id, name: entityDetails.name })
    .from(entityDetails)
    .innerJoin(users, eq(users.id, entityDetails.user_id))
    .where(and(eq(entityDetails.entity_type, 'ngo'), inArray(entityDetails.name, names), like(users.email, 'ngo%@demo.sahyog.in')));
  const ngoId = new Map(ngos.map((n) => [n.name, n.id]));
  const rows = DRIVE_CAUSES.flatMap((c) => c.ngos.flatMap((name) => (ngoId.has(name) ? [{ event_id: event.id, cause_id: c.causeId, entity_details_id: ngoId.get(name)! }] : [])));
  if (rows.length) await db.insert(eventCauses).values(rows).onConflictDoNothing();

  // the main site's banners (host null): the drive first while it runs, then monthly giving
  const mainBanners: (typeof banners.$inferInsert)[] = [
    {
      host: null,
      title: 'Sahyog Monsoon Relief Drive',
      subtitle: 'Relief kits, hot meals and school bags for flood-hit families. Give to the NGOs on the ground.',
      image_path: demoImagePath('disaster-relief', event.id, 'theater'),
      link_path: `/all-fundraisers?cause=${CAUSE.ngo}`,
      priority: 10,
      ends_at: event.ends_on ? endOfIndianDay(event.ends_on) : null,
    },
    { host: null, title: 'Give every month with SIP', subtitle: 'A small monthly gift, shared among the fundraisers that need it most.', link_path: SIP_SUBSCRIBE_PATH, priority: 0 },
  ];
  const existing = await db.select({ title: banners.title }).from(banners).where(and(isNull(banners.host), inArray(banners.title, mainBanners.map((b) => b.title))));
  const missing = mainBanners.filter((b) => !existing.some((e) => e.title === b.title));
  if (missing.length) await db.insert(banners).values(missing);
}
