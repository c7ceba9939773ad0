// A live fundraiser's words (title, short description, story) change from its dashboard. When the screening
// finds something in the new words that the public ones did not have (an outside link or picture, a UPI ID, a phone
// number, bank details), the change is held: the public words stay (a live fundraiser keeps taking donations), the
// change waits in fundraiser_edits, and a reviewer approves it (public, pages expire) or declines it with a reason the
// campaigner reads on the dashboard. A clean change is public at once, as before, and kept for the record.
import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { fundraiserEdits, fundraisers, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { can } from '../permissions/can';
import { sanitizeStoryHtml } from '../content/sanitize';
import type { ScreeningFlag } from '../content/screening';
import { enqueueMessage } from '../outbox/queue';
import { heldChangeEmail } from '../email/fundraiser';
import { emailBrand } from '../email/brand';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { fundraiserStage } from './status';
import { newReviewFlags } from './screen-words';

/** The words a live fundraiser's people may change; anything else of theirs (goal, end date) changes in place. */
export const LIVE_WORD_FIELDS = ['title', 'short_description', 'story_description'] as const;
export type LiveWordField = (typeof LIVE_WORD_FIELDS)[number];
export type LiveWords = Partial<Record<LiveWordField, string>>;

export const HELD_CHANGE_MESSAGES = {
  notWaiting: 'This change is no longer waiting for review: reload to see what is',
  ended: 'This fundraiser has ended: its words can no longer change',
} as const;

type FundraiserRow = typeof fundraisers.$inferSelect;
type EditRow = typeof fundraiserEdits.$inferSelect;

/** The public words of a fundraiser, as the screening and the diff read them. */
const publicWords = (f: Pick<FundraiserRow, 'title' | 'short_description' | 'story_description'>): Required<Record<LiveWordField, string>> => ({
  title: f.title,
  short_description: f.short_description ?? '',
  story_description: f.story_description ?? '',
});

/** The fields an edit row changes (its null columns are left as they are). */
const wordsOf = (e: EditRow): LiveWords => Object.fromEntries(LIVE_WORD_FIELDS.flatMap((k) => (e[k] === null ? [] : [[k, e[k]]])));

const columnsFor = (words: LiveWords) => ({
  ...(words.title !== undefined ? { title: words.title, story_title: words.title } : {}),
  ...(words.short_description !== undefined ? { short_description: words.short_description } : {}),
  ...(words.story_description !== undefined ? { story_description: words.story_description } : {}),
});

async function pendingEditOf(tx: DbOrTx, fundraiserId: number): Promise<EditRow | undefined> {
  const [row] = await tx.select().from(fundraiserEdits).where(and(eq(fundraiserEdits.fundraiser_id, fundraiserId), eq(fundraiserEdits.status, 'pending'))).for('update');
  return row;
}

export type LiveWordsOutcome = 'published' | 'held' | 'unchanged';

/**
 * Called by updateDraft, inside its transaction, with the fundraiser row locked: the words a live fundraiser's person
 * sent (the story as they typed it, unsanitised, so a picture the sanitiser drops is still seen). A change already
 * waiting is the base of the next one (the dashboard shows the waiting words), and is replaced by it.
 */
export async function changeLiveWords(tx: DbOrTx, user: { id: number }, f: FundraiserRow, sent: { title?: string; short_description?: string; story?: string }): Promise<LiveWordsOutcome> {
  const current = publicWords(f);
  const waiting = await pendingEditOf(tx, f.id);
  const sentWords: LiveWords = {
    ...(sent.title !== undefined ? { title: sent.title } : {}),
    ...(sent.short_description !== undefined ? { short_description: sent.short_description } : {}),
    ...(sent.story !== undefined ? { story_description: sanitizeStoryHtml(sent.story) } : {}),
  };
  const merged = { ...(waiting ? wordsOf(waiting) : {}), ...sentWords };
  // only what differs from the public words is a change (words typed back as they were are not)
  const proposed: LiveWords = Object.fromEntries(Object.entries(merged).filter(([k, v]) => v !== current[k as LiveWordField]));
  // the raw story is screened when it was sent now; a waiting story was screened (and its flags kept) when it was sent
  const proposedStoryRaw = sent.story ?? proposed.story_description;
  const next = { ...current, ...proposed };
  const flags = newReviewFlags(
    { title: next.title, short_description: next.short_description, story: proposedStoryRaw ?? current.story_description },
    { title: current.title, short_description: current.short_description, story: current.story_description },
  );
  const now = new Date();
  if (waiting) await tx.update(fundraiserEdits).set({ status: 'replaced', decided_at: now }).where(eq(fundraiserEdits.id, waiting.id));
  if (!Object.keys(proposed).length) return 'unchanged';
  // a supporting fundraiser's words are never public unreviewed: its every change waits, flagged or not
  const held = flags.length > 0 || f.support_campaign_id !== null;
  await tx.insert(fundraiserEdits).values({
    fundraiser_id: f.id,
    author_id: user.id,
    title: proposed.title ?? null,
    short_description: proposed.short_description ?? null,
    story_description: proposed.story_description ?? null,
    status: held ? 'pending' : 'published',
    review_flags: flags,
    submitted_at: now,
    decided_at: held ? null : now,
  });
  if (held) return 'held';
  await tx.update(fundraisers).set({ ...columnsFor(proposed), updated_at: now }).where(eq(fundraisers.id, f.id));
  return 'published';
}

/** One changed field of a held change: the public words and the proposed ones, for a reviewer to compare. */
export interface ChangedWords {
  field: LiveWordField;
  before: string;
  after: string;
}

export interface HeldEditView {
  id: number;
  fundraiser_id: number;
  /** the public title (a proposed title is among `changes`) */
  fundraiser_title: string;
  custom_tag: string;
  campaigner: string;
  submitted_at: string;
  review_flags: ScreeningFlag[];
  changes: ChangedWords[];
}

function heldView(e: EditRow, f: FundraiserRow, campaigner: string): HeldEditView {
  const current = publicWords(f);
  const words = wordsOf(e);
  return {
    id: e.id,
    fundraiser_id: f.id,
    fundraiser_title: f.title,
    custom_tag: f.custom_tag,
    campaigner,
    submitted_at: e.submitted_at.toISOString(),
    review_flags: e.review_flags as ScreeningFlag[],
    changes: LIVE_WORD_FIELDS.flatMap((field) => (words[field] === undefined ? [] : [{ field, before: current[field], after: words[field]! }])),
  };
}

/** Held changes waiting for a reviewer, oldest first (of some fundraisers, or all). */
export async function heldEdits(db: DbOrTx, fundraiserIds?: number[]): Promise<HeldEditView[]> {
  if (fundraiserIds && !fundraiserIds.length) return [];
  const rows = await db
    .select({ e: fundraiserEdits, f: fundraisers, campaigner: users.full_name })
    .from(fundraiserEdits)
    .innerJoin(fundraisers, eq(fundraisers.id, fundraiserEdits.fundraiser_id))
    .innerJoin(users, eq(users.id, fundraisers.campaigner_id))
    .where(and(eq(fundraiserEdits.status, 'pending'), fundraiserIds ? inArray(fundraiserEdits.fundraiser_id, fundraiserIds) : undefined))
    .orderBy(asc(fundraiserEdits.submitted_at), asc(fundraiserEdits.id));
  return rows.map(({ e, f, campaigner }) => heldView(e, f, campaigner));
}

/** What the dashboard says about the latest change of words: waiting (with what was found), or declined (with why). */
export interface LatestEditView {
  id: number;
  status: 'pending' | 'declined';
  review_flags: ScreeningFlag[];
  /** the waiting words, which the dashboard's form shows so the next change builds on them */
  words: LiveWords;
  submitted_at: string;
  decided_at: string | null;
  decline_reason: string | null;
}

/** The latest change of a fundraiser's words when the campaigner must hear of it (waiting or declined), for its people only. */
export async function latestEditFor(db: DbOrTx, user: { id: number }, fundraiserId: number): Promise<LatestEditView | null> {
  if (!(await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id: fundraiserId }))) throw notFound('Fundraiser not found');
  const [e] = await db.select().from(fundraiserEdits).where(eq(fundraiserEdits.fundraiser_id, fundraiserId)).orderBy(desc(fundraiserEdits.id)).limit(1);
  // a published or approved change, or one withdrawn by typing the public words back, needs no word on the dashboard
  if (!e || (e.status !== 'pending' && e.status !== 'declined')) return null;
  return {
    id: e.id,
    status: e.status,
    review_flags: e.review_flags as ScreeningFlag[],
    words: wordsOf(e),
    submitted_at: e.submitted_at.toISOString(),
    decided_at: e.decided_at?.toISOString() ?? null,
    decline_reason: e.decline_reason,
  };
}

export type HeldDecision = { decision: 'approve' } | { decision: 'send_back'; reason: string };

/** The campaigner's email: what the reviewer decided on their change of words. */
async function tellCampaigner(tx: DbOrTx, f: FundraiserRow, title: string, decision: HeldDecision) {
  const [owner] = await tx.select({ email: users.email, full_name: users.full_name, is_dummy_email: users.is_dummy_email }).from(users).where(eq(users.id, f.campaigner_id));
  if (!owner || owner.is_dummy_email) return;
  // from the template set; a campaigner's language is not kept, so the site's default
  const origin = mainSiteOrigin(siteConfig());
  const facts = { email: owner.email, name: owner.full_name, title: decision.decision === 'approve' ? title : f.title, fundraiserId: f.id, customTag: f.custom_tag, origin, brand: await emailBrand(tx, origin) };
  await enqueueMessage(tx, await heldChangeEmail(facts, { what: 'edit', ...decision }));
}

/** A reviewer approves a held change (its words go public, pages expire) or declines it with a reason for the campaigner. */
export async function decideHeldEdit(db: Db, reviewer: { id: number }, fundraiserId: number, editId: number, decision: HeldDecision): Promise<{ id: number; status: 'approved' | 'declined'; custom_tag: string }> {
  const result = await db.transaction(async (tx) => {
    if (!(await can(tx, reviewer, 'fundraiser.review', { kind: 'platform' }))) throw notFound('Fundraiser not found');
    const [f] = await tx.select().from(fundraisers).where(eq(fundraisers.id, fundraiserId)).for('update');
    if (!f) throw notFound('Fundraiser not found');
    // never one of its own people
    if (!(await can(tx, reviewer, 'fundraiser.review_change', { kind: 'fundraiser', id: fundraiserId }))) throw conflict(HELD_CHANGE_MESSAGES.notWaiting);
    const e = await pendingEditOf(tx, fundraiserId);
    // the reviewer decides on the words they read: a newer change replaced this one
    if (!e || e.id !== editId) throw conflict(HELD_CHANGE_MESSAGES.notWaiting);
    const now = new Date();
    if (decision.decision === 'approve') {
      if (fundraiserStage(f) !== 'running') throw conflict(HELD_CHANGE_MESSAGES.ended);
      const words = wordsOf(e);
      await tx.update(fundraisers).set({ ...columnsFor(words), updated_at: now }).where(eq(fundraisers.id, fundraiserId));
      await tx.update(fundraiserEdits).set({ status: 'approved', decided_at: now, decided_by: reviewer.id }).where(eq(fundraiserEdits.id, e.id));
      await tellCampaigner(tx, f, words.title ?? f.title, decision);
      // the story, lists, sitemap and AMP show the new words on every server
      await announceFundraisersChanged(tx, [fundraiserId]);
      return { id: e.id, status: 'approved' as const, custom_tag: f.custom_tag };
    }
    await tx.update(fundraiserEdits).set({ status: 'declined', decided_at: now, decided_by: reviewer.id, decline_reason: decision.reason }).where(eq(fundraiserEdits.id, e.id));
    await tellCampaigner(tx, f, f.title, decision);
    return { id: e.id, status: 'declined' as const, custom_tag: f.custom_tag };
  });
  if (result.status === 'approved') await invalidateFundraiser(fundraiserId);
  return result;
}
