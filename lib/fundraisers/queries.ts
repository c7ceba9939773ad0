// Reading fundraisers for pages and the API. Public lists never include private fundraisers.
import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { causes, entityDetails, fundraiserMedia, fundraisers, hospitals, orders, users } from '../db/schema';
import { SUCCESSFUL_FUNDING_RATIO } from '../constants/fundraisers';
import { FUNDRAISER_LIST_DEFAULT_LIMIT, LIST_COUNT_CAP } from '../constants/listing';
import { YOUTUBE_VIDEO_ID_PATTERN } from '../validation/drafts';
import { endedSql, publishedSql, runningSql } from './status-sql';
import { keptInMemory } from '../cache/memory';

export interface MediaRef {
  cdn_path: string;
  width: number | null;
  height: number | null;
}

export interface FundraiserSummary {
  id: number;
  custom_tag: string;
  title: string;
  status_flag: number;
  end_date: string | null; // ISO: summaries pass through JSON caches
  currency: string;
  goal_minor: number;
  raised_minor: number;
  donor_count: number;
  taxexempted: boolean;
  beneficiary_tax_benefit: boolean;
  cause_id: number;
  parent_cause_id: number;
  is_private: boolean;
  short_description: string | null;
  trending_score: number;
  campaigner_name: string;
  images: { leaderboard: MediaRef | null; theater: MediaRef | null; widget: MediaRef | null };
}

export interface FundraiserDetail extends FundraiserSummary {
  story_title: string | null;
  story_description: string | null;
  beneficiary_name: string | null;
  beneficiary_relation: string | null;
  beneficiary_age: number | null;
  campaigner_id: number;
  manager_id: number | null;
  creator_entity_details_id: number | null;
  entity_details_id: number | null;
  support_campaign_id: number | null;
  cause_name: string | null;
  /** the key of the cause's name in the Causes messages */
  cause_slug: string | null;
  city: string | null;
  /** the hospital's name, once it is in the confirmed list (a hospital entered by hand waits for a reviewer) */
  hospital_name: string | null;
  hospital_city: string | null;
  /** a reviewer checked the medical estimate and the beneficiary's ID */
  documents_verified: boolean;
  /** the NGO it raises for, and that NGO's FCRA registration (null for a personal fundraiser, or without one) */
  ngo_name: string | null;
  fcra_number: string | null;
  fcra_valid_until: string | null;
  gallery: MediaRef[];
  media: { display_type_1: string | null; path: string; file_name: string | null; kind: string }[];
  /** the campaigner's YouTube video (setDraftVideo), its id checked again on reading: it goes into an embed URL */
  video: { youtube_id: string } | null;
}

const summaryColumns = {
  id: fundraisers.id,
  custom_tag: fundraisers.custom_tag,
  title: fundraisers.title,
  status_flag: fundraisers.status_flag,
  end_date: fundraisers.end_date,
  currency: fundraisers.currency,
  goal_minor: fundraisers.goal_minor,
  raised_minor: fundraisers.raised_minor,
  donor_count: fundraisers.donor_count,
  taxexempted: fundraisers.taxexempted,
  beneficiary_tax_benefit: fundraisers.beneficiary_tax_benefit,
  cause_id: fundraisers.cause_id,
  parent_cause_id: fundraisers.parent_cause_id,
  is_private: fundraisers.is_private,
  short_description: fundraisers.short_description,
  trending_score: fundraisers.trending_score,
  campaigner_name: users.full_name,
};

type SummaryRow = Omit<FundraiserSummary, 'images' | 'end_date'> & { end_date: Date | string | null };

const isoDate = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The first leaderboard, theater and widget picture of each fundraiser (by position), for cards, stories and share previews. */
export async function imagesOf(db: DbOrTx, ids: number[]): Promise<Map<number, FundraiserSummary['images']>> {
  const byId = new Map<number, FundraiserSummary['images']>();
  if (!ids.length) return byId;
  const media = await db
    .select({ fundraiser_id: fundraiserMedia.fundraiser_id, kind: fundraiserMedia.kind, cdn_path: fundraiserMedia.cdn_path, width: fundraiserMedia.width, height: fundraiserMedia.height })
    .from(fundraiserMedia)
    .where(and(inArray(fundraiserMedia.fundraiser_id, ids), inArray(fundraiserMedia.kind, ['leaderboard', 'theater', 'widget'])))
    .orderBy(fundraiserMedia.position, fundraiserMedia.id);
  for (const m of media) {
    const images = byId.get(m.fundraiser_id) ?? { leaderboard: null, theater: null, widget: null };
    const kind = m.kind as keyof FundraiserSummary['images'];
    if (!images[kind]) images[kind] = { cdn_path: m.cdn_path, width: m.width, height: m.height };
    byId.set(m.fundraiser_id, images);
  }
  return byId;
}

async function attachImages(db: DbOrTx, rows: SummaryRow[]): Promise<FundraiserSummary[]> {
  if (!rows.length) return [];
  const byId = await imagesOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, end_date: isoDate(r.end_date), images: byId.get(r.id) ?? { leaderboard: null, theater: null, widget: null } }));
}

/** Fundraiser summaries (as lists answer them) for these ids, in the order given; unknown ids are left out. */
export async function summariesInOrder(db: DbOrTx, ids: number[]): Promise<FundraiserSummary[]> {
  if (!ids.length) return [];
  const rows = await db.select(summaryColumns).from(fundraisers).innerJoin(users, eq(users.id, fundraisers.campaigner_id)).where(inArray(fundraisers.id, ids));
  const byId = new Map((await attachImages(db, rows)).map((f) => [f.id, f]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface ListOptions {
  limit?: number;
  cursor?: string | null;
  page?: number | null;
  cause?: number | null;
  status?: 'active' | 'all';
  /** words to find in title, story summary, beneficiary and city (PostgreSQL full-text search, GIN index) */
  q?: string | null;
  urgent?: boolean;
  /** ended fundraisers that reached the success ratio (spec 4 and 5), whatever their stored flag says */
  successStory?: boolean;
  /** fundraisers raising for this one (support_campaign_id) */
  supportOf?: number | null;
  now?: Date;
  /** counted up to this many (LIST_COUNT_CAP; tests use a small one) */
  countCap?: number;
}

export interface ListResult {
  data: FundraiserSummary[];
  /** the matches, counted up to LIST_COUNT_CAP */
  total: number;
  /** more than LIST_COUNT_CAP match: total is the cap ("1,000+") */
  total_capped: boolean;
  next_cursor: string | null;
}

// Keyset cursor over (trending_score desc, id desc): stays fast at any depth.
export function encodeCursor(score: number, id: number): string {
  return Buffer.from(`${score}.${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { score: number; id: number } | null {
  const [score, id] = Buffer.from(cursor, 'base64url').toString().split('.').map(Number);
  return Number.isInteger(score) && Number.isInteger(id) ? { score, id } : null;
}

// Counting 100,000 rows costs ~100 ms on PGlite while the page itself takes ~2 ms: totals are
// shown for orientation only, so each filter's count is reused for a minute.
const COUNT_TTL_MS = 60_000;
const counts = new Map<string, { total: number; at: number }>();

/** The matches counted up to one past the cap: the scan stops there, however many match. */
async function cachedCount(db: DbOrTx, key: string, where: SQL | undefined, cap: number): Promise<number> {
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const matches = db.select({ one: sql`1` }).from(fundraisers).where(where).limit(cap + 1).as('matches');
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(matches);
  counts.set(key, { total, at: Date.now() });
  return total;
}

/** Tests and writers that must see exact totals at once. */
export function forgetFundraiserCounts(): void {
  counts.clear();
}
keptInMemory('fundraisers', forgetFundraiserCounts);

// spec 5: successful funding is raised over target above the ratio; a success story has finished raising
function successStoryCondition(now: Date): SQL {
  return and(endedSql(now), gt(fundraisers.goal_minor, 0), sql`${fundraisers.raised_minor}::float8 > ${fundraisers.goal_minor}::float8 * ${SUCCESSFUL_FUNDING_RATIO}::float8`)!;
}

export async function listFundraisers(db: DbOrTx, opts: ListOptions = {}): Promise<ListResult> {
  const limit = opts.limit ?? FUNDRAISER_LIST_DEFAULT_LIMIT;
  const cap = opts.countCap ?? LIST_COUNT_CAP;
  // drafts, fundraisers under review and rejected ones are never listed
  const filters: SQL[] = [eq(fundraisers.is_private, false), publishedSql()];
  if (opts.status === 'active') filters.push(runningSql(opts.now ?? new Date()));
  if (opts.cause) filters.push(or(eq(fundraisers.cause_id, opts.cause), eq(fundraisers.parent_cause_id, opts.cause))!);
  if (opts.q?.trim()) filters.push(sql`${fundraisers.search} @@ websearch_to_tsquery('simple', ${opts.q.trim()})`);
  if (opts.urgent) filters.push(eq(fundraisers.is_urgent, true));
  if (opts.successStory) filters.push(successStoryCondition(opts.now ?? new Date()));
  if (opts.supportOf) filters.push(eq(fundraisers.support_campaign_id, opts.supportOf));
  const where = and(...filters);
  const pageFilters = [...filters];
  const cursor = opts.cursor ? decodeCursor(opts.cursor) : null;
  if (cursor) {
    pageFilters.push(
      or(lt(fundraisers.trending_score, cursor.score), and(eq(fundraisers.trending_score, cursor.score), lt(fundraisers.id, cursor.id)))!,
    );
  }
  const total = await cachedCount(db, JSON.stringify({ c: opts.cause ?? null, s: opts.status ?? 'all', q: opts.q?.trim() || null, u: !!opts.urgent, ss: !!opts.successStory, so: opts.supportOf ?? null, cap }), where, cap);
  // Many matches (past the count's cap) are best found by walking the ranking index: a page of them lies a few rows in.
  // Few are best found by the search index and sorted, where that walk would pass the whole catalogue (a rare word at
  // 100,000: 300 ms against 15). The planner guesses the same share for every word, so the count decides, and for few
  // matches the ranking is put out of the index's reach (trending_score + 0 orders the same, and matches no index)
  const fewMatches = Boolean(opts.q?.trim()) && total <= cap;
  const query = db
    .select(summaryColumns)
    .from(fundraisers)
    .innerJoin(users, eq(users.id, fundraisers.campaigner_id))
    .where(and(...pageFilters))
    .orderBy(fewMatches ? desc(sql`${fundraisers.trending_score} + 0`) : desc(fundraisers.trending_score), desc(fundraisers.id))
    .limit(limit + 1);
  const rows = await (opts.page && !cursor ? query.offset((opts.page - 1) * limit) : query);
  const hasMore = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    data: await attachImages(db, pageRows),
    total: Math.min(total, cap),
    total_capped: total > cap,
    next_cursor: hasMore && last ? encodeCursor(last.trending_score, last.id) : null,
  };
}

export async function trendingFundraisers(db: DbOrTx, limit: number, now = new Date()): Promise<FundraiserSummary[]> {
  return (await listFundraisers(db, { limit, status: 'active', now })).data;
}

function youtubeVideoOf(media: { kind: string; display_type_1: string | null; cdn_path: string }[]): FundraiserDetail['video'] {
  const row = media.find((m) => m.kind === 'video' && m.display_type_1 === 'youtube' && YOUTUBE_VIDEO_ID_PATTERN.test(m.cdn_path));
  return row ? { youtube_id: row.cdn_path } : null;
}

async function detailWhere(db: DbOrTx, where: SQL): Promise<FundraiserDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      story_title: fundraisers.story_title,
      story_description: fundraisers.story_description,
      beneficiary_name: fundraisers.beneficiary_name,
      beneficiary_relation: fundraisers.beneficiary_relation,
      beneficiary_age: fundraisers.beneficiary_age,
      campaigner_id: fundraisers.campaigner_id,
      manager_id: fundraisers.manager_id,
      creator_entity_details_id: fundraisers.creator_entity_details_id,
      entity_details_id: fundraisers.entity_details_id,
      support_campaign_id: fundraisers.support_campaign_id,
      cause_name: causes.info_1,
      cause_slug: causes.slug,
      city: fundraisers.city,
      hospital_name: sql<string | null>`case when ${hospitals.confirmed} then ${fundraisers.hospital_name} end`,
      hospital_city: sql<string | null>`case when ${hospitals.confirmed} then ${hospitals.city} end`,
      documents_verified: sql<boolean>`${fundraisers.documents_checked_at} is not null`,
      ngo_name: entityDetails.name,
      fcra_number: entityDetails.fcra_number,
      fcra_valid_until: entityDetails.fcra_valid_until,
    })
    .from(fundraisers)
    .innerJoin(users, eq(users.id, fundraisers.campaigner_id))
    .leftJoin(causes, eq(causes.id, fundraisers.cause_id))
    .leftJoin(hospitals, eq(hospitals.id, fundraisers.hospital_id))
    .leftJoin(entityDetails, and(eq(entityDetails.id, fundraisers.entity_details_id), eq(entityDetails.entity_type, 'ngo')))
    .where(where)
    .limit(1);
  if (!row) return null;
  const [withImages] = await attachImages(db, [row]);
  const media = await db
    .select({ kind: fundraiserMedia.kind, cdn_path: fundraiserMedia.cdn_path, width: fundraiserMedia.width, height: fundraiserMedia.height, file_name: fundraiserMedia.file_name, display_type_1: fundraiserMedia.display_type_1 })
    .from(fundraiserMedia)
    .where(eq(fundraiserMedia.fundraiser_id, row.id))
    .orderBy(fundraiserMedia.position, fundraiserMedia.id);
  return {
    ...row,
    end_date: withImages.end_date,
    images: withImages.images,
    gallery: media.filter((m) => m.kind === 'gallery').map((m) => ({ cdn_path: m.cdn_path, width: m.width, height: m.height })),
    media: media.map((m) => ({ kind: m.kind, path: m.cdn_path, file_name: m.file_name, display_type_1: m.display_type_1 })),
    video: youtubeVideoOf(media),
  };
}

// Stories, the fundraiser API and the payment page see published fundraisers only; a draft is its campaigner's.
export const fundraiserByTag = (db: DbOrTx, tag: string) => detailWhere(db, and(eq(fundraisers.custom_tag, tag), publishedSql())!);

/** The id behind a published custom_tag (stories are addressed by tag, caches are tagged by id). */
export async function fundraiserIdByTag(db: DbOrTx, tag: string): Promise<number | null> {
  const [row] = await db.select({ id: fundraisers.id }).from(fundraisers).where(and(eq(fundraisers.custom_tag, tag), publishedSql())).limit(1);
  return row?.id ?? null;
}
export const fundraiserById = (db: DbOrTx, id: number) => detailWhere(db, and(eq(fundraisers.id, id), publishedSql())!);

/** Spec 6: only people who supported a fundraiser see more than its first page of supporters. */
export async function hasSupported(db: DbOrTx, fundraiserId: number, userId: number | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.fundraiser_id, fundraiserId), eq(orders.user_id, userId), eq(orders.status, 'success')))
    .limit(1);
  return Boolean(row);
}

/** A published fundraiser's public facts (a draft or one under review does not exist for visitors). */
export async function publishedFundraiser(db: DbOrTx, id: number): Promise<{ id: number; is_private: boolean; custom_tag: string; title: string } | null> {
  const [row] = await db.select({ id: fundraisers.id, is_private: fundraisers.is_private, custom_tag: fundraisers.custom_tag, title: fundraisers.title }).from(fundraisers).where(and(eq(fundraisers.id, id), publishedSql())).limit(1);
  return row ?? null;
}
