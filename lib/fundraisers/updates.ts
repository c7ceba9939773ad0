// Posting an update: the campaigner's news appears on the story's updates tab at once (its pages
// expire on every server) and goes by email, through the outbox, to each donor of the fundraiser once.
// One the screening flags waits for a reviewer first, neither public nor emailed.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { carts, fundraisers, orders, updates, users } from '../db/schema';
import { DASHBOARD_HELD_UPDATES_LIMIT, UPDATE_TEXT_MIN } from '../constants/dashboard';
import { ApiError, conflict, notFound } from '../http/errors';
import { assertManages, can } from '../permissions/can';
import type { ScreeningFlag } from '../content/screening';
import { htmlToText, sanitizeStoryHtml, truncateText } from '../content/sanitize';
import { enqueueMessage } from '../outbox/queue';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { DEFAULT_LOCALE, isLocale, localizedPath } from '../i18n/locales';
import { campaignUpdatePath } from '../routes';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { UPDATE_MESSAGES, type UpdateInput } from '../validation/updates';
import { PUBLISHED_FLAGS } from './status';
import { updateOptOutUrl, withoutOptedOut } from './update-opt-out';
import { donorUpdateEmail } from '../email/campaigner';
import { heldChangeEmail } from '../email/fundraiser';
import { emailBrand } from '../email/brand';
import { answerUpdateRequests } from './update-requests';
import { updateReviewFlags } from './screen-words';
import type { HeldDecision } from './live-edits';

/** Donors of the fundraiser with a real address (not a phone-only placeholder), once each, with their latest gift's language. */
async function donorAddresses(db: DbOrTx, fundraiserId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([carts.donor_email, users.is_dummy_email], { email: carts.donor_email, dummy: users.is_dummy_email, locale: carts.locale, cartId: carts.id })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(users, eq(users.id, carts.user_id))
    .where(and(eq(orders.fundraiser_id, fundraiserId), inArray(orders.status, ['success'])))
    .orderBy(carts.donor_email, users.is_dummy_email, desc(carts.id));
  const latest = new Map<string, { locale: string; cartId: number }>();
  for (const r of rows) {
    if (r.dummy || !r.email) continue;
    const email = r.email.trim().toLowerCase();
    // the same address typed in another case: its latest gift's language wins
    if ((latest.get(email)?.cartId ?? 0) < r.cartId) latest.set(email, { locale: r.locale, cartId: r.cartId });
  }
  return new Map([...latest].map(([email, { locale }]) => [email, locale]));
}

/** The language of each address's latest gift made signed in (askers of an update are signed in), where there is one. */
async function accountLocales(db: DbOrTx, emails: string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await db
    .selectDistinctOn([users.id], { email: users.email, locale: carts.locale })
    .from(users)
    .innerJoin(orders, eq(orders.user_id, users.id))
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .where(inArray(sql`lower(${users.email})`, emails))
    .orderBy(users.id, desc(orders.created_at));
  return new Map(rows.map((r) => [r.email.trim().toLowerCase(), r.locale]));
}

/** The addresses grouped by language (English where none is known), each group's translator loaded once. */
function byLocale(emails: string[], localeOf: Map<string, string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const email of emails) {
    const asked = localeOf.get(email);
    const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
    const group = groups.get(locale);
    if (group) group.push(email);
    else groups.set(locale, [email]);
  }
  return groups;
}

/** What postUpdate did: public and emailed, or held for a reviewer with what the screening found (emailed to nobody yet). */
export interface PostedUpdate {
  id: number;
  emailed: number;
  held: boolean;
  review_flags: ScreeningFlag[];
}

type UpdateRow = typeof updates.$inferSelect;

/**
 * Inside the transaction that makes update `row` public: every donor (less the opted-out) and every asker is emailed
 * once, in their language; the story's pages expire on every server at commit.
 */
async function sendToDonors(tx: DbOrTx, fundraiserId: number, f: { title: string; custom_tag: string }, row: Pick<UpdateRow, 'id' | 'title' | 'body_html'>): Promise<number> {
  // donors who unsubscribed from this fundraiser's updates get none
  const donors = await donorAddresses(tx, fundraiserId);
  const to = await withoutOptedOut(tx, fundraiserId, [...donors.keys()]);
  // spec 7: this answers every open "ask for update"; askers get it too, once each (even after an opt-out: they just asked)
  const askers = await answerUpdateRequests(tx, fundraiserId, row.id, to);
  to.push(...askers);
  const localeOf = new Map([...donors, ...(await accountLocales(tx, askers))]);
  const text = truncateText(htmlToText(row.body_html), 600);
  const origin = mainSiteOrigin(siteConfig());
  const brand = await emailBrand(tx, origin);
  for (const [locale, recipients] of byLocale(to, localeOf)) {
    // to the update's own page (spec 2 campaign_update), in the donor's language, with Contribute (origin up)
    const updateUrl = `${origin}${localizedPath(locale, campaignUpdatePath(f.custom_tag, row.id))}`;
    // from the template set, each with the recipient's own signed opt-out link
    for (const recipient of recipients)
      await enqueueMessage(
        tx,
        await donorUpdateEmail({ locale, recipient, text, fundraiserTitle: f.title, updateTitle: row.title, updateUrl, optOutUrl: updateOptOutUrl(origin, f.custom_tag, fundraiserId, recipient), brand }),
      );
  }
  await announceFundraisersChanged(tx, [fundraiserId]);
  return to.length;
}

/**
 * POST updates: the campaigner's news, public and emailed at once. An update whose words the screening
 * flags (and the fundraiser's approved words did not already have) is held: not on the story, emailed to nobody, until
 * a reviewer approves it (decideHeldUpdate).
 */
export async function postUpdate(db: Db, user: { id: number }, fundraiserId: number, input: UpdateInput): Promise<PostedUpdate> {
  await assertManages(db, user, fundraiserId);
  const html = sanitizeStoryHtml(input.body);
  if (htmlToText(html).length < UPDATE_TEXT_MIN) throw new ApiError('validation_failed', UPDATE_MESSAGES.body, { body: UPDATE_MESSAGES.body });
  const result = await db.transaction(async (tx) => {
    const [f] = await tx
      .select({ title: fundraisers.title, custom_tag: fundraisers.custom_tag, status_flag: fundraisers.status_flag, short_description: fundraisers.short_description, story_description: fundraisers.story_description })
      .from(fundraisers)
      .where(eq(fundraisers.id, fundraiserId));
    if (!PUBLISHED_FLAGS.includes(f.status_flag)) throw conflict('Updates can be posted once the fundraiser is live');
    // the text as typed: a picture the sanitiser drops is still seen
    const flags = updateReviewFlags({ title: input.title, body: input.body }, { title: f.title, short_description: f.short_description, story: f.story_description });
    const held = flags.length > 0;
    const [row] = await tx
      .insert(updates)
      .values({ fundraiser_id: fundraiserId, author_id: user.id, title: input.title || null, body_html: html, review_status: held ? 'held' : 'published', review_flags: held ? flags : null })
      .returning();
    if (held) return { id: row.id, emailed: 0, held, review_flags: flags };
    return { id: row.id, emailed: await sendToDonors(tx, fundraiserId, f, row), held, review_flags: [] };
  });
  if (!result.held) await invalidateFundraiser(fundraiserId);
  return result;
}

export const HELD_UPDATE_MESSAGES = {
  notWaiting: 'This update is no longer waiting for review',
} as const;

export interface HeldUpdateView {
  id: number;
  fundraiser_id: number;
  fundraiser_title: string;
  custom_tag: string;
  campaigner: string;
  status: 'held' | 'declined';
  title: string | null;
  /** sanitised, as the story would show it */
  body_html: string;
  review_flags: ScreeningFlag[];
  review_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

async function updatesNotPublished(db: DbOrTx, where: SQL | undefined, order: 'oldest' | 'newest', limit?: number): Promise<HeldUpdateView[]> {
  const query = db
    .select({ u: updates, f: { title: fundraisers.title, custom_tag: fundraisers.custom_tag }, campaigner: users.full_name })
    .from(updates)
    .innerJoin(fundraisers, eq(fundraisers.id, updates.fundraiser_id))
    .innerJoin(users, eq(users.id, fundraisers.campaigner_id))
    .where(where)
    .orderBy(...(order === 'oldest' ? [asc(updates.created_at), asc(updates.id)] : [desc(updates.created_at), desc(updates.id)]));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ u, f, campaigner }) => ({
    id: u.id,
    fundraiser_id: u.fundraiser_id,
    fundraiser_title: f.title,
    custom_tag: f.custom_tag,
    campaigner,
    status: u.review_status === 'declined' ? 'declined' : 'held',
    title: u.title,
    body_html: u.body_html,
    review_flags: (u.review_flags ?? []) as ScreeningFlag[],
    review_reason: u.review_reason,
    created_at: u.created_at.toISOString(),
    reviewed_at: u.reviewed_at?.toISOString() ?? null,
  }));
}

/** Held updates waiting for a reviewer, oldest first (of some fundraisers, or all). */
export async function heldUpdates(db: DbOrTx, fundraiserIds?: number[]): Promise<HeldUpdateView[]> {
  if (fundraiserIds && !fundraiserIds.length) return [];
  return updatesNotPublished(db, and(eq(updates.review_status, 'held'), fundraiserIds ? inArray(updates.fundraiser_id, fundraiserIds) : undefined), 'oldest');
}

/** The dashboard's updates that are not public: waiting for review, or declined with the reviewer's reason. */
export async function unpublishedUpdatesFor(db: DbOrTx, user: { id: number }, fundraiserId: number): Promise<HeldUpdateView[]> {
  await assertManages(db, user, fundraiserId);
  return updatesNotPublished(db, and(eq(updates.fundraiser_id, fundraiserId), inArray(updates.review_status, ['held', 'declined'])), 'newest', DASHBOARD_HELD_UPDATES_LIMIT);
}

/** A reviewer approves a held update (on the story and emailed to the donors now) or declines it with a reason for the campaigner. */
export async function decideHeldUpdate(db: Db, reviewer: { id: number }, fundraiserId: number, updateId: number, decision: HeldDecision): Promise<{ id: number; status: 'published' | 'declined'; emailed: number; custom_tag: string }> {
  const result = await db.transaction(async (tx) => {
    if (!(await can(tx, reviewer, 'fundraiser.review', { kind: 'platform' }))) throw notFound('Fundraiser not found');
    const [u] = await tx.select().from(updates).where(and(eq(updates.id, updateId), eq(updates.fundraiser_id, fundraiserId))).for('update');
    if (!u) throw notFound('Update not found');
    if (u.review_status !== 'held' || !(await can(tx, reviewer, 'fundraiser.review_change', { kind: 'fundraiser', id: fundraiserId }))) throw conflict(HELD_UPDATE_MESSAGES.notWaiting);
    const [f] = await tx.select({ title: fundraisers.title, custom_tag: fundraisers.custom_tag, campaigner_id: fundraisers.campaigner_id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
    const now = new Date();
    if (decision.decision === 'approve') {
      await tx.update(updates).set({ review_status: 'published', reviewed_at: now, reviewed_by: reviewer.id }).where(eq(updates.id, u.id));
      return { id: u.id, status: 'published' as const, emailed: await sendToDonors(tx, fundraiserId, f, u), custom_tag: f.custom_tag };
    }
    await tx.update(updates).set({ review_status: 'declined', reviewed_at: now, reviewed_by: reviewer.id, review_reason: decision.reason }).where(eq(updates.id, u.id));
    const [owner] = await tx.select({ email: users.email, full_name: users.full_name, is_dummy_email: users.is_dummy_email }).from(users).where(eq(users.id, f.campaigner_id));
    if (owner && !owner.is_dummy_email) {
      // from the template set, in the site's default language (a campaigner's is not kept)
      const origin = mainSiteOrigin(siteConfig());
      const facts = { email: owner.email, name: owner.full_name, title: f.title, fundraiserId, customTag: f.custom_tag, origin, brand: await emailBrand(tx, origin) };
      await enqueueMessage(tx, await heldChangeEmail(facts, { what: 'update', decision: 'send_back', reason: decision.reason }));
    }
    return { id: u.id, status: 'declined' as const, emailed: 0, custom_tag: f.custom_tag };
  });
  if (result.status === 'published') await invalidateFundraiser(fundraiserId);
  return result;
}
