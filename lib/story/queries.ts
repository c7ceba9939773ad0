// What a story page shows besides the fundraiser itself: updates, comments, supporters, related fundraisers.
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { carts, comments, ledgerEntries, orders, updates, users } from '../db/schema';
import { fundraiserAccount } from '../payments/ledger';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { isCurrencyCode } from '../money';
import { sanitizeStoryHtml } from '../content/sanitize';
import { imagesOf, listFundraisers, publishedFundraiser, type FundraiserSummary } from '../fundraisers/queries';
import { repliesTo, type StoryReply } from '../fundraisers/comments';
import { cardImage } from '../fundraisers/rules';
import { STORY_SIMILAR_SCAN_FACTOR, STORY_SIMILAR_SCAN_PAGES } from '../constants/story';

// the story page's readers find these here; they live with the fundraiser's own reads
export { hasSupported, publishedFundraiser } from '../fundraisers/queries';
export type { StoryReply };

export interface Page<T> {
  data: T[];
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}

/** A comment with the replies of the fundraiser's people under it, oldest first. */
export interface StoryComment extends StoryReply {
  replies: StoryReply[];
}

export interface StoryUpdate {
  id: number;
  title: string | null;
  body_html: string; // sanitised
  likes_count: number;
  created_at: string;
  comments: StoryComment[];
}

export interface Supporter {
  id: number;
  name: string;
  avatar: string | null;
  amount_minor: number;
  currency: string;
  created_at: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function page<T>(data: T[], pageNo: number, perPage: number, total: number): Page<T> {
  return { data, page: pageNo, per_page: perPage, total, has_more: pageNo * perPage < total };
}

async function commentsOf(db: DbOrTx, where: ReturnType<typeof and>, limit: number, offset: number): Promise<StoryComment[]> {
  const rows = await db
    .select({ id: comments.id, body: comments.body, created_at: comments.created_at, author_name: users.full_name, author_avatar: users.avatar })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.user_id))
    .where(where)
    .orderBy(desc(comments.created_at), desc(comments.id))
    .limit(limit)
    .offset(offset);
  const replies = await repliesTo(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at), replies: replies.get(r.id) ?? [] }));
}

/** Updates newest first, each with its comments (oldest first, as a conversation reads). */
export async function storyUpdates(db: DbOrTx, fundraiserId: number, pageNo: number, perPage: number): Promise<Page<StoryUpdate>> {
  // an update held for review, or declined, is not public
  const shown = and(eq(updates.fundraiser_id, fundraiserId), eq(updates.review_status, 'published'));
  const [{ total }] = await db.select({ total: count() }).from(updates).where(shown);
  const rows = await db
    .select()
    .from(updates)
    .where(shown)
    .orderBy(desc(updates.created_at), desc(updates.id))
    .limit(perPage)
    .offset((pageNo - 1) * perPage);
  const ids = rows.map((r) => r.id);
  const updateComments = ids.length
    ? await db
        .select({ id: comments.id, update_id: comments.update_id, body: comments.body, created_at: comments.created_at, author_name: users.full_name, author_avatar: users.avatar })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.user_id))
        // replies are listed under the comment they answer, not as comments of their own
        .where(and(inArray(comments.update_id, ids), isNull(comments.parent_id)))
        .orderBy(comments.created_at, comments.id)
    : [];
  const replies = await repliesTo(db, updateComments.map((c) => c.id));
  const data = rows.map((u) => ({
    id: u.id,
    title: u.title,
    body_html: sanitizeStoryHtml(u.body_html),
    likes_count: u.likes_count,
    created_at: iso(u.created_at),
    comments: updateComments
      .filter((c) => c.update_id === u.id)
      .map(({ update_id: _u, ...c }) => ({ ...c, created_at: iso(c.created_at), replies: replies.get(c.id) ?? [] })),
  }));
  return page(data, pageNo, perPage, total);
}

/**
 * One update for its page (spec 2 campaign_update): this update when it is the fundraiser's own, else its
 * latest (an old or mistyped link still shows the news), with how many updates there are; null when it has none.
 */
export async function campaignUpdate(db: DbOrTx, fundraiserId: number, updateId: number | null): Promise<{ update: Omit<StoryUpdate, 'comments'>; total: number } | null> {
  // an update held for review, or declined, has no page (its id is no way in)
  const shown = and(eq(updates.fundraiser_id, fundraiserId), eq(updates.review_status, 'published'));
  const [{ total }] = await db.select({ total: count() }).from(updates).where(shown);
  if (!total) return null;
  const [asked] = updateId ? await db.select().from(updates).where(and(eq(updates.id, updateId), shown)) : [];
  const [u] = asked ? [asked] : await db.select().from(updates).where(shown).orderBy(desc(updates.created_at), desc(updates.id)).limit(1);
  return { update: { id: u.id, title: u.title, body_html: sanitizeStoryHtml(u.body_html), likes_count: u.likes_count, created_at: iso(u.created_at) }, total };
}

/** Comments on the fundraiser itself (not on an update, not replies), newest first, each with its replies. */
export async function storyComments(db: DbOrTx, fundraiserId: number, pageNo: number, perPage: number): Promise<Page<StoryComment>> {
  const where = and(eq(comments.fundraiser_id, fundraiserId), isNull(comments.update_id), isNull(comments.parent_id));
  const [{ total }] = await db.select({ total: count() }).from(comments).where(where);
  return page(await commentsOf(db, where, perPage, (pageNo - 1) * perPage), pageNo, perPage, total);
}

export interface SupporterOptions {
  page: number;
  perPage: number;
  /** show every amount in this currency (spec 7 conversion=1) */
  convertTo?: string;
  /** only supporters newer than this order id (the ticker asks for fresh ones) */
  beforeId?: number;
}

/**
 * Successful donations, newest first; anonymous donors keep their amount but not their name. A monthly SIP's share that
 * reached this fundraiser (one SIP month may be split over several) is listed too, under its subscriber's
 * name, with the amount this fundraiser received.
 */
export async function storySupporters(db: DbOrTx, fundraiserId: number, opts: SupporterOptions): Promise<Page<Supporter>> {
  const before = opts.beforeId ? lt(orders.id, opts.beforeId) : undefined;
  const gifts = db
    .select({ id: orders.id, amount_minor: orders.donated_amount_minor, currency: sql<string>`${orders.iso_currency}`.as('currency'), created_at: orders.created_at, name: carts.donor_name, anonymous: carts.is_anonymous, avatar: users.avatar })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(users, eq(users.id, orders.user_id))
    .where(and(eq(orders.fundraiser_id, fundraiserId), eq(orders.status, 'success'), before));
  const sipShares = db
    .select({ id: orders.id, amount_minor: ledgerEntries.amount_minor, currency: sql<string>`${ledgerEntries.currency}`.as('currency'), created_at: orders.created_at, name: users.full_name, anonymous: sql<boolean>`false`.as('anonymous'), avatar: users.avatar })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.order_id, ledgerEntries.group_id))
    .innerJoin(users, eq(users.id, orders.user_id))
    .where(and(eq(ledgerEntries.account, fundraiserAccount(fundraiserId)), eq(ledgerEntries.kind, 'donation'), eq(orders.kind, 'sip'), eq(orders.status, 'success'), before));
  const all = unionAll(gifts, sipShares).as('supporters');
  const [{ total }] = await db.select({ total: count() }).from(all);
  const rows = await db
    .select()
    .from(all)
    .orderBy(desc(all.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  const target = opts.convertTo && isCurrencyCode(opts.convertTo) ? opts.convertTo : null;
  const rates = target ? await currentRatesMicros(db) : null;
  const data = rows.map((r) => ({
    id: r.id,
    name: r.anonymous ? '' : r.name,
    avatar: r.anonymous ? null : r.avatar,
    amount_minor: target && rates ? convertMinor(r.amount_minor, rates[r.currency], rates[target]) : r.amount_minor,
    currency: target ?? r.currency,
    created_at: iso(r.created_at),
  }));
  return page(data, opts.page, opts.perPage, total);
}

// titles that differ only in case or spacing read as the same fundraiser
const sameTitleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** Running public fundraisers of the same cause, the most trending first, one per title and none titled like this one. */
export async function similarFundraisers(db: DbOrTx, f: { id: number; cause_id: number; title: string }, limit: number): Promise<FundraiserSummary[]> {
  const seenTitles = new Set([sameTitleKey(f.title)]);
  const similar: FundraiserSummary[] = [];
  let cursor: string | null = null;
  // the demo and real data repeat titles, so more pages are read until enough distinct ones are found
  for (let pageNo = 0; pageNo < STORY_SIMILAR_SCAN_PAGES; pageNo++) {
    const batch = await listFundraisers(db, { cause: f.cause_id, status: 'active', limit: limit * STORY_SIMILAR_SCAN_FACTOR, cursor });
    for (const s of batch.data) {
      const key = sameTitleKey(s.title);
      if (s.id === f.id || seenTitles.has(key)) continue;
      seenTitles.add(key);
      similar.push(s);
      if (similar.length === limit) return similar;
    }
    cursor = batch.next_cursor;
    if (!cursor) break;
  }
  return similar;
}

/** Peer fundraisers raising for this one (their support_campaign_id points here). */
export async function supportingFundraisers(db: DbOrTx, fundraiserId: number, limit: number): Promise<FundraiserSummary[]> {
  const { data } = await listFundraisers(db, { supportOf: fundraiserId, status: 'all', limit });
  return data;
}

/** The picture a public fundraiser's share preview is made from (leaderboard, then theater, then widget); null when private or unknown. */
export async function shareSourceImage(db: DbOrTx, id: number): Promise<string | null> {
  const f = await publishedFundraiser(db, id);
  if (!f || f.is_private) return null;
  return cardImage((await imagesOf(db, [id])).get(id) ?? { leaderboard: null, theater: null, widget: null });
}

