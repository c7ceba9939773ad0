// Supporting fundraisers (spec 7): a supporter raises for a running fundraiser with their own title, story and
// goal. It takes the parent's cause, beneficiary and currency, and every donation to it rolls up into the parent's total
// as it settles (lib/payments/events.ts). One level only: a supporting fundraiser has no supporters of its own.
// Its words are the supporter's, not the reviewed parent's, so it goes through review like any fundraiser
// (and again when a live one's title or story changes), with the screening's flags for the reviewer; the parent's
// campaigner is told and may decline it.
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { fundraiserMedia, fundraisers, users } from '../db/schema';
import { DRAFT_TAG_PREFIX, SUPPORTING_STORY_TEXT_MIN } from '../constants/fundraisers';
import { can } from '../permissions/can';
import { enqueueMessage } from '../outbox/queue';
import { supportingDeclinedEmail, supportingStartedEmail } from '../email/fundraiser';
import { emailBrand } from '../email/brand';
import { announceFundraisersChanged } from '../cache/bus';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { toMinor } from '../money';
import { ApiError, conflict, notFound } from '../http/errors';
import { htmlToText, sanitizeStoryHtml } from '../content/sanitize';
import { endOfIndianDay } from '../validation/drafts';
import { SUPPORTING_MESSAGES, type EditSupportingInput, type StartSupportingInput } from '../validation/supporting';
import { FUNDRAISER_STATUS, fundraiserStage } from './status';
import { reviewFlagsFor } from './screen-words';
import { fundraiserChanged } from '../cache/invalidate';
import type { SupportingView } from './supporting-view';

interface Actor {
  id: number;
}


const SHORT_FROM_STORY = 200;
// the parent's pictures stand for the supporter's until they add their own (copied rows without an upload: never deleted with them)
const SHARED_IMAGE_KINDS = ['leaderboard', 'theater', 'widget'] as const;

/** The parent a supporter may raise for: running, public, and not itself a supporting fundraiser. */
async function parentFor(db: DbOrTx, parentId: number) {
  const [p] = await db.select().from(fundraisers).where(eq(fundraisers.id, parentId)).for('update');
  // drafts and reviews are private to their people: to anyone else they do not exist
  if (!p || ['draft', 'under_review', 'rejected'].includes(fundraiserStage(p))) throw notFound('Fundraiser not found');
  if (fundraiserStage(p) !== 'running') throw conflict(SUPPORTING_MESSAGES.parentNotRunning);
  if (p.is_private) throw conflict(SUPPORTING_MESSAGES.parentPrivate);
  if (p.support_campaign_id !== null) throw conflict(SUPPORTING_MESSAGES.parentIsSupporting);
  return p;
}

/** An end date the supporter chose, never after the parent's; none chosen: the parent's. */
function endDateFor(chosen: string | undefined, parentEnd: Date | null): Date | null {
  if (chosen === undefined) return parentEnd;
  const end = endOfIndianDay(chosen);
  if (parentEnd && end.getTime() > parentEnd.getTime()) throw new ApiError('validation_failed', SUPPORTING_MESSAGES.endAfterParent, { end_date: SUPPORTING_MESSAGES.endAfterParent });
  return end;
}

function storyColumns(story: string) {
  const html = sanitizeStoryHtml(story);
  const text = htmlToText(html);
  // counted after sanitising: markup alone (or a stripped script) is not a story
  if (text.length < SUPPORTING_STORY_TEXT_MIN) throw new ApiError('validation_failed', SUPPORTING_MESSAGES.story, { story: SUPPORTING_MESSAGES.story });
  return { story_description: html, short_description: text.slice(0, SHORT_FROM_STORY) };
}

/** POST start supporting fundraiser: owned by the supporter, sent for review; the parent's campaigner is told. */
export async function startSupportingFundraiser(db: Db, user: Actor, parentId: number, input: StartSupportingInput): Promise<SupportingView> {
  const made = await db.transaction(async (tx) => {
    const p = await parentFor(tx, parentId);
    const now = new Date();
    const story = storyColumns(input.story);
    const [row] = await tx
      .insert(fundraisers)
      .values({
        // a draft's address until a reviewer approves it (decideReview gives it its public custom_tag)
        custom_tag: `${DRAFT_TAG_PREFIX}${p.id}-${user.id}-${now.getTime()}`,
        title: input.title,
        story_title: input.title,
        ...story,
        goal_minor: toMinor(input.goal),
        end_date: endDateFor(input.end_date, p.end_date),
        currency: p.currency,
        status_flag: FUNDRAISER_STATUS.underReview,
        submitted_at: now,
        review_flags: reviewFlagsFor({ title: input.title, story: input.story }),
        campaigner_id: user.id,
        support_campaign_id: p.id,
        cause_id: p.cause_id,
        parent_cause_id: p.parent_cause_id,
        beneficiary_name: p.beneficiary_name,
        beneficiary_relation: p.beneficiary_relation,
        beneficiary_age: p.beneficiary_age,
        entity_details_id: p.entity_details_id,
        taxexempted: p.taxexempted,
        beneficiary_tax_benefit: p.beneficiary_tax_benefit,
        disease: p.disease,
        disease_id: p.disease_id,
        hospital_name: p.hospital_name,
        hospital_id: p.hospital_id,
        city: p.city,
      })
      .returning({ id: fundraisers.id, custom_tag: fundraisers.custom_tag });
    const images = await tx.select().from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, p.id));
    const shared = images.filter((m) => (SHARED_IMAGE_KINDS as readonly string[]).includes(m.kind));
    if (shared.length)
      await tx.insert(fundraiserMedia).values(
        shared.map((m) => ({ fundraiser_id: row.id, kind: m.kind, cdn_path: m.cdn_path, file_name: m.file_name, display_type_1: m.display_type_1, width: m.width, height: m.height, variants: m.variants, position: m.position, upload_id: null })),
      );
    await tellParentCampaigner(tx, p, { id: row.id, title: input.title }, user.id);
    return { id: row.id, custom_tag: null, title: input.title, parent_id: p.id, status: 'under_review' as const };
  });
  return made;
}

/** The parent's campaigner hears of every supporting fundraiser started for theirs, and where to decline it. */
async function tellParentCampaigner(tx: DbOrTx, parent: { id: number; title: string; campaigner_id: number }, supporting: { id: number; title: string }, supporterId: number) {
  const [owner] = await tx.select({ email: users.email, full_name: users.full_name, is_dummy_email: users.is_dummy_email }).from(users).where(eq(users.id, parent.campaigner_id));
  const [supporter] = await tx.select({ full_name: users.full_name }).from(users).where(eq(users.id, supporterId));
  if (!owner || owner.is_dummy_email) return;
  // from the template set, in the site's default language (a campaigner's is not kept)
  const origin = mainSiteOrigin(siteConfig());
  await enqueueMessage(
    tx,
    await supportingStartedEmail({ email: owner.email, name: owner.full_name, title: parent.title, fundraiserId: parent.id, customTag: '', origin, brand: await emailBrand(tx, origin), supporter: supporter?.full_name ?? null, supportingTitle: supporting.title }),
  );
}

/**
 * PUT edit supporting fundraiser: its owner only (the parent's people do not edit a supporter's words). A new title or
 * story goes (back) to review and is not public until approved; the goal and end date change in place.
 */
export async function editSupportingFundraiser(db: Db, user: Actor, parentId: number, id: number, input: EditSupportingInput): Promise<SupportingView> {
  const view = await db.transaction(async (tx) => {
    const [f] = await tx.select().from(fundraisers).where(and(eq(fundraisers.id, id), eq(fundraisers.support_campaign_id, parentId))).for('update');
    if (!f || f.campaigner_id !== user.id) throw notFound(SUPPORTING_MESSAGES.notFound);
    if (f.support_declined_at) throw conflict(SUPPORTING_MESSAGES.declined);
    const stage = fundraiserStage(f);
    if (!['running', 'under_review', 'rejected'].includes(stage)) throw conflict(SUPPORTING_MESSAGES.ended);
    const [p] = await tx.select({ end_date: fundraisers.end_date }).from(fundraisers).where(eq(fundraisers.id, parentId));
    const now = new Date();
    const set: Partial<typeof fundraisers.$inferInsert> = { updated_at: now };
    if (input.title !== undefined) Object.assign(set, { title: input.title, story_title: input.title });
    if (input.story !== undefined) Object.assign(set, storyColumns(input.story));
    if (input.goal !== undefined) set.goal_minor = toMinor(input.goal);
    if (input.end_date !== undefined) set.end_date = endDateFor(input.end_date, p.end_date);
    const wordsChanged = input.title !== undefined || input.story !== undefined;
    // a reviewer sees every word before it is public: new words, or a sent-back one changed, go to review
    if (wordsChanged || stage === 'rejected')
      Object.assign(set, {
        status_flag: FUNDRAISER_STATUS.underReview,
        submitted_at: now,
        review_reason: null,
        review_flags: reviewFlagsFor({ title: input.title ?? f.title, story: input.story ?? f.story_description }),
      });
    await tx.update(fundraisers).set(set).where(eq(fundraisers.id, id));
    const status = set.status_flag === FUNDRAISER_STATUS.underReview ? ('under_review' as const) : stage === 'running' ? ('live' as const) : ('under_review' as const);
    const published = !f.custom_tag.startsWith(DRAFT_TAG_PREFIX);
    // a live one taken back to review leaves the lists, its page and the parent's list on every server
    if (stage === 'running') await announceFundraisersChanged(tx, [id, parentId]);
    return { id, custom_tag: published ? f.custom_tag : null, title: input.title ?? f.title, parent_id: parentId, status };
  });
  await fundraiserChanged(db, id);
  // the parent's list shows the supporter's title
  await fundraiserChanged(db, parentId);
  return view;
}

/**
 * The parent's campaigner (or anyone who manages the parent) declines a supporting fundraiser, waiting for review or
 * live: it is not public from now and never goes live; the supporter is told. Money it already raised stays the parent's.
 */
export async function declineSupportingFundraiser(db: Db, user: Actor, parentId: number, id: number): Promise<SupportingView> {
  const view = await db.transaction(async (tx) => {
    if (!(await can(tx, user, 'fundraiser.manage', { kind: 'fundraiser', id: parentId }))) throw notFound(SUPPORTING_MESSAGES.notFound);
    const [f] = await tx.select().from(fundraisers).where(and(eq(fundraisers.id, id), eq(fundraisers.support_campaign_id, parentId))).for('update');
    if (!f) throw notFound(SUPPORTING_MESSAGES.notFound);
    if (f.support_declined_at) throw conflict(SUPPORTING_MESSAGES.declined);
    const stage = fundraiserStage(f);
    if (stage !== 'under_review' && stage !== 'running' && stage !== 'rejected') throw conflict(SUPPORTING_MESSAGES.ended);
    const [parent] = await tx.select({ title: fundraisers.title }).from(fundraisers).where(eq(fundraisers.id, parentId));
    const now = new Date();
    await tx
      .update(fundraisers)
      .set({ status_flag: FUNDRAISER_STATUS.rejected, support_declined_at: now, review_reason: SUPPORTING_MESSAGES.declined, updated_at: now })
      .where(eq(fundraisers.id, id));
    if (stage === 'running') await announceFundraisersChanged(tx, [id, parentId]);
    const [supporter] = await tx.select({ email: users.email, full_name: users.full_name, is_dummy_email: users.is_dummy_email }).from(users).where(eq(users.id, f.campaigner_id));
    if (supporter && !supporter.is_dummy_email)
      await enqueueMessage(
        tx,
        await supportingDeclinedEmail({
          email: supporter.email,
          name: supporter.full_name,
          title: f.title,
          fundraiserId: id,
          customTag: '',
          origin: mainSiteOrigin(siteConfig()),
          brand: await emailBrand(tx, mainSiteOrigin(siteConfig())),
          parentTitle: parent.title,
          parentTag: await publicTagOf(tx, parentId),
        }),
      );
    return { id, custom_tag: null, title: f.title, parent_id: parentId, status: 'declined' as const };
  });
  await fundraiserChanged(db, id);
  await fundraiserChanged(db, parentId);
  return view;
}

async function publicTagOf(tx: DbOrTx, id: number): Promise<string> {
  const [row] = await tx.select({ custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, id));
  return row.custom_tag;
}

/** A supporting fundraiser's money is the parent's beneficiary's: withdrawals and payout accounts belong to the parent. */
export async function assertNotSupporting(db: DbOrTx, fundraiserId: number): Promise<void> {
  const [f] = await db.select({ parent: fundraisers.support_campaign_id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  if (f?.parent) throw conflict(SUPPORTING_MESSAGES.noWithdrawals);
}

export interface SupportingForCampaigner {
  id: number;
  title: string;
  supporter: string;
  status: 'under_review' | 'live' | 'rejected' | 'declined' | 'ended';
  /** its public address once approved */
  custom_tag: string | null;
  raised_minor: number;
  currency: string;
}

/** The dashboard's list of the supporting fundraisers raising for one of the user's fundraisers, newest first. */
export async function supportingForCampaigner(db: DbOrTx, user: Actor, parentId: number): Promise<SupportingForCampaigner[]> {
  if (!(await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id: parentId }))) throw notFound('Fundraiser not found');
  const rows = await db
    .select({ f: fundraisers, supporter: users.full_name })
    .from(fundraisers)
    .innerJoin(users, eq(users.id, fundraisers.campaigner_id))
    .where(eq(fundraisers.support_campaign_id, parentId))
    .orderBy(desc(fundraisers.created_at), desc(fundraisers.id));
  return rows.flatMap(({ f, supporter }) => {
    const stage = fundraiserStage(f);
    if (stage === 'draft') return [];
    const status = f.support_declined_at ? 'declined' : stage === 'running' ? 'live' : stage;
    return [{ id: f.id, title: f.title, supporter, status, custom_tag: f.custom_tag.startsWith(DRAFT_TAG_PREFIX) ? null : f.custom_tag, raised_minor: f.raised_minor, currency: f.currency }];
  });
}
