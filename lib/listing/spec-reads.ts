// spec 7 listings beside the home page's own: the banner of a site, trending in a visitor's order, urgent fundraisers,
// the trending success story, and fundraising events with the causes and NGOs taking part.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { banners, causes, entityDetails, eventCauses, events, fundraisers, orders } from '../db/schema';
import { listFundraisers, summariesInOrder, type FundraiserSummary } from '../fundraisers/queries';
import { endedSql, runningSql } from '../fundraisers/status-sql';
import { isSuccessfullyFunded } from '../fundraisers/rules';
import { TRENDING_STORY_SCAN_BATCH, TRENDING_STORY_SCAN_PAGES, TRENDING_STORY_WINDOW_DAYS } from '../constants/listing';
import { BANNERS_MAX } from '../constants/site';
import { DAY_MS } from '../constants/time';

/**
 * spec 7 trending with cookie id: one visitor always sees the top trending set in the same order of their own (each
 * fundraiser ranked by a hash of the visitor's id and its own id, so a newcomer to the set leaves the others' order
 * alone); a visitor without the cookie sees the plain trending order.
 */
export function orderForVisitor<T extends { id: number }>(list: readonly T[], visitorId: string | null): T[] {
  if (!visitorId) return [...list];
  const rank = (id: number) => createHash('sha256').update(`${visitorId}:${id}`).digest('hex');
  return list
    .map((item) => ({ item, key: rank(item.id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => r.item);
}

/**
 * Urgent: running public fundraisers with an end date, short of their goal, the most urgent first. Urgency is the
 * share of the goal still missing per day left (days rounded up, as daysLeft counts them): ending soonest and
 * furthest from goal both raise it.
 */
export async function urgentFundraisers(db: DbOrTx, limit: number, now = new Date()): Promise<FundraiserSummary[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const daysToGo = sql`greatest(ceil(extract(epoch from (${fundraisers.end_date} - ${at})) / ${DAY_MS / 1000}), 1)`;
  const missingShare = sql`(1 - ${fundraisers.raised_minor}::float8 / ${fundraisers.goal_minor}::float8)`;
  const rows = await db
    .select({ id: fundraisers.id })
    .from(fundraisers)
    .where(and(eq(fundraisers.is_private, false), runningSql(now), isNotNull(fundraisers.end_date), gt(fundraisers.goal_minor, 0), lt(fundraisers.raised_minor, fundraisers.goal_minor)))
    .orderBy(desc(sql`${missingShare} / ${daysToGo}`), asc(fundraisers.end_date), desc(fundraisers.id))
    .limit(limit);
  return summariesInOrder(db, rows.map((r) => r.id));
}

/** spec 7 success stories: the home page's own list (ended, raised over goal above the ratio), most trending first. */
export async function successStories(db: DbOrTx, limit: number, now = new Date()): Promise<FundraiserSummary[]> {
  return (await listFundraisers(db, { limit, status: 'all', successStory: true, now })).data;
}

/**
 * spec 7 trending story: among success stories, the one most supporters gave to over the last days; when no success
 * story had supporters lately, the best of the home page's success stories.
 */
export async function trendingSuccessStory(db: DbOrTx, now = new Date()): Promise<FundraiserSummary | null> {
  const since = new Date(now.getTime() - TRENDING_STORY_WINDOW_DAYS * DAY_MS);
  const supporters = sql<number>`count(${orders.id})::int`;
  for (let pageNo = 0; pageNo < TRENDING_STORY_SCAN_PAGES; pageNo++) {
    // ended public fundraisers by their recent supporters; the success ratio is the rule of lib/fundraisers/rules.ts
    const recent = await db
      .select({ id: fundraisers.id, raised_minor: fundraisers.raised_minor, goal_minor: fundraisers.goal_minor, supporters })
      .from(orders)
      .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
      .where(and(eq(orders.status, 'success'), gte(orders.settled_at, since), lte(orders.settled_at, now), eq(fundraisers.is_private, false), endedSql(now)))
      .groupBy(fundraisers.id)
      .orderBy(desc(supporters), desc(fundraisers.id))
      .limit(TRENDING_STORY_SCAN_BATCH)
      .offset(pageNo * TRENDING_STORY_SCAN_BATCH);
    const story = recent.find((f) => isSuccessfullyFunded(f.raised_minor, f.goal_minor));
    if (story) return (await summariesInOrder(db, [story.id]))[0] ?? null;
    if (recent.length < TRENDING_STORY_SCAN_BATCH) break;
  }
  return (await successStories(db, 1, now))[0] ?? null;
}

export interface HomeBanner {
  id: number;
  title: string;
  subtitle: string | null;
  image_path: string | null;
  link_path: string;
  locale: string | null;
  priority: number;
  /** whose banner this is: the partner site's own, or the main site's (also the fallback for a partner without one) */
  site: 'partner' | 'main';
}

/**
 * spec 7 GET banner: the banners shown now to this site in this language, best first (priority, then one written for
 * the language before one for every language). A partner site without a banner of its own gets the main site's.
 */
export async function homeBanners(db: DbOrTx, opts: { partnerHost: string | null; locale: string; now?: Date }): Promise<HomeBanner[]> {
  const now = opts.now ?? new Date();
  const shownNow = and(
    or(isNull(banners.starts_at), lte(banners.starts_at, now)),
    or(isNull(banners.ends_at), gt(banners.ends_at, now)),
    or(isNull(banners.locale), eq(banners.locale, opts.locale)),
  );
  const of = async (host: string | null): Promise<HomeBanner[]> => {
    const rows = await db
      .select({ id: banners.id, title: banners.title, subtitle: banners.subtitle, image_path: banners.image_path, link_path: banners.link_path, locale: banners.locale, priority: banners.priority })
      .from(banners)
      .where(and(host === null ? isNull(banners.host) : eq(banners.host, host), shownNow))
      .orderBy(desc(banners.priority), sql`${banners.locale} is null`, desc(banners.id))
      .limit(BANNERS_MAX);
    return rows.map((r) => ({ ...r, site: host === null ? 'main' : 'partner' }));
  };
  if (opts.partnerHost) {
    const own = await of(opts.partnerHost);
    if (own.length) return own;
  }
  return of(null);
}

export interface FundraisingEvent {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  image_path: string | null;
  starts_on: string | null;
  ends_on: string | null;
}

/** spec 7 GET event: by its id or its slug. */
export async function fundraisingEvent(db: DbOrTx, ref: { id: number } | { slug: string }): Promise<FundraisingEvent | null> {
  const [row] = await db
    .select({ id: events.id, slug: events.slug, name: events.name, description: events.description, image_path: events.image_path, starts_on: events.starts_on, ends_on: events.ends_on })
    .from(events)
    .where('id' in ref ? eq(events.id, ref.id) : eq(events.slug, ref.slug))
    .limit(1);
  return row ?? null;
}

export interface EventCause {
  id: number;
  info_1: string;
  slug: string;
  parent_id: number | null;
  /** the NGOs taking part for this cause, by name */
  ngos: { id: number; name: string; city: string | null; has_80g: boolean }[];
}

/** spec 7 GET event causes: the causes an event raises for, each with the NGOs taking part for it. */
export async function causesOfEvent(db: DbOrTx, eventId: number): Promise<EventCause[]> {
  const rows = await db
    .select({ cause_id: causes.id, info_1: causes.info_1, slug: causes.slug, parent_id: causes.parent_id, ngo_id: entityDetails.id, ngo_name: entityDetails.name, ngo_city: entityDetails.city, ngo_80g: entityDetails.has_80g })
    .from(eventCauses)
    .innerJoin(causes, eq(causes.id, eventCauses.cause_id))
    .leftJoin(entityDetails, eq(entityDetails.id, eventCauses.entity_details_id))
    .where(eq(eventCauses.event_id, eventId))
    .orderBy(asc(causes.id), asc(entityDetails.name));
  const byCause = new Map<number, EventCause>();
  for (const r of rows) {
    const cause = byCause.get(r.cause_id) ?? { id: r.cause_id, info_1: r.info_1, slug: r.slug, parent_id: r.parent_id, ngos: [] };
    if (r.ngo_id !== null) cause.ngos.push({ id: r.ngo_id, name: r.ngo_name!, city: r.ngo_city, has_80g: r.ngo_80g! });
    byCause.set(r.cause_id, cause);
  }
  return [...byCause.values()];
}

