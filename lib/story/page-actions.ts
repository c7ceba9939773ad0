// spec 7 fundraiser page calls that write: the Contribute click (kept as a system event, answered with where to pay)
// and the campaign visit (counted once per visitor, fundraiser and day in India).
import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { systemEvents } from '../db/schema';
import { recordSystemEvent } from './service';
import { trackingTitle } from '../validation/story';
import { indianDayOf } from '../validation/drafts';
import type { CampaignVisitSchema, ContributeNowSchema } from '../validation/listings';
import { localizedPath } from '../i18n/locales';
import { paymentPath } from '../routes';
import { CONTRIBUTE_EVENT, VISIT_EVENT } from '../constants/story';
import { INDIA_UTC_OFFSET } from '../constants/time';

/** spec 7 contribute-now: the click is kept like any collected event; the answer is the payment page to open. */
export async function contributeNow(
  db: Db,
  f: { id: number; custom_tag: string; title: string },
  input: z.output<typeof ContributeNowSchema> & { currency: string; origin: string },
): Promise<{ path: string; currency: string; origin: string }> {
  await recordSystemEvent(db, {
    event_name: CONTRIBUTE_EVENT,
    event_type: 'fundraiser',
    event_type_id: String(f.id),
    page_name: input.page_name ?? 'story',
    // spec 9: a campaign title is cut to 20 characters for tracking
    info_1: trackingTitle(f.title),
    info_2: input.currency,
    info_3: input.origin,
    referrer_page: input.referrer_page ?? null,
    device: input.device ?? null,
    utm: input.utm ?? null,
  });
  // spec 3 payment params: the origin travels as `or`, as the payment page reads it
  const path = `${paymentPath(f)}&${new URLSearchParams({ currency: input.currency, or: input.origin })}`;
  return { path: input.locale ? localizedPath(input.locale, path) : path, currency: input.currency, origin: input.origin };
}

/** Midnight in India on the day this moment falls on: visits are counted per Indian calendar day, as the dashboard charts them. */
const startOfIndianDay = (now: Date) => new Date(`${indianDayOf(now)}T00:00:00${INDIA_UTC_OFFSET}`);

/**
 * spec 7 campaign visit, once per visitor, fundraiser and day: kept as the campaign_visit event actions/collect
 * writes (the visitor's cookie id in info_4). The answer says whether this visit was counted.
 */
export async function recordCampaignVisit(db: Db, f: { id: number; title: string }, visitorId: string, input: z.output<typeof CampaignVisitSchema>, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // two tabs opening the story together must not both count: one visitor and fundraiser at a time
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit:${f.id}:${visitorId}`}))`);
    const [seen] = await tx
      .select({ id: systemEvents.id })
      .from(systemEvents)
      .where(
        and(
          eq(systemEvents.event_name, VISIT_EVENT),
          eq(systemEvents.event_type, 'fundraiser'),
          eq(systemEvents.event_type_id, String(f.id)),
          eq(systemEvents.info_4, visitorId),
          gte(systemEvents.created_at, startOfIndianDay(now)),
        ),
      )
      .limit(1);
    if (seen) return false;
    await recordSystemEvent(tx, {
      event_name: VISIT_EVENT,
      event_type: 'fundraiser',
      event_type_id: String(f.id),
      page_name: input.page_name ?? 'story',
      info_1: f.title,
      info_4: visitorId,
      referrer_page: input.referrer_page ?? null,
      device: input.device ?? null,
      utm: input.utm ?? null,
    });
    return true;
  });
}
