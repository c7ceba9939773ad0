// A draft's review: what it must hold before review, sending it (it is not public until approved), the reviewers'
// queue, and the reviewer's decision, the one place a fundraiser goes live (with its real custom_tag) or is sent back.
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { fundraiserMedia, fundraisers, reviewOutcomes, users } from '../db/schema';
import { approvalBlockers, proofDocumentsOf } from './proof';
import { DRAFT_TAG_PREFIX, PROOF_DOCUMENT_KINDS, REVIEW_SEND_BACK_CATEGORIES, STORY_TEXT_MIN } from '../constants/fundraisers';
import { ApiError, conflict, notFound } from '../http/errors';
import { can } from '../permissions/can';
import { htmlToText } from '../content/sanitize';
import { purposeOf, REVIEW_MESSAGES } from './wizard';
import { FUNDRAISER_STATUS } from './status';
import { slugify } from './custom-tag';
import { enqueueMessage } from '../outbox/queue';
import { fundraiserChangesEmail, fundraiserLiveEmail } from '../email/fundraiser';
import { emailBrand } from '../email/brand';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { reviewFlagsFor } from './screen-words';
import { draftView, draftViews, type DraftView } from './draft-view';
import { editableDraft } from './drafts';

interface Actor {
  id: number;
}

/** What a draft still lacks before review, field by field (empty when it may be submitted). */
export async function missingForReview(db: DbOrTx, id: number, now: Date = new Date()): Promise<Record<string, string>> {
  const [f] = await db.select().from(fundraisers).where(eq(fundraisers.id, id));
  const missing: Record<string, string> = {};
  const purpose = purposeOf(f);
  if (f.title.trim().length === 0) missing.title = REVIEW_MESSAGES.title;
  if (htmlToText(f.story_description).length < STORY_TEXT_MIN) missing.story = REVIEW_MESSAGES.story;
  if (f.goal_minor <= 0) missing.goal = REVIEW_MESSAGES.goal;
  if (!f.end_date || f.end_date.getTime() <= now.getTime()) missing.end_date = REVIEW_MESSAGES.end_date;
  if (f.cause_id === f.parent_cause_id) missing.cause_id = REVIEW_MESSAGES.cause_id;
  if (purpose !== 'ngo' && !f.beneficiary_name) missing.beneficiary_name = REVIEW_MESSAGES.beneficiary_name;
  if (purpose === 'medical') {
    if (!f.disease_id) missing.disease_id = REVIEW_MESSAGES.disease_id;
    if (!f.hospital_id) missing.hospital_id = REVIEW_MESSAGES.hospital_id;
    if (!f.hospitalisation_status) missing.hospitalisation_status = REVIEW_MESSAGES.hospitalisation_status;
    // the proof a reviewer checks before the story may say "documents verified"
    const kinds = new Set((await proofDocumentsOf(db, id)).map((d) => d.kind));
    for (const kind of PROOF_DOCUMENT_KINDS) if (!kinds.has(kind)) missing[kind] = REVIEW_MESSAGES[kind];
  }
  const [cover] = await db.select({ id: fundraiserMedia.id }).from(fundraiserMedia).where(and(eq(fundraiserMedia.fundraiser_id, id), eq(fundraiserMedia.kind, 'leaderboard'))).limit(1);
  if (!cover) missing.cover = REVIEW_MESSAGES.cover;
  return missing;
}

/** Submits the draft for review ("Under review"; the spec's URL is PUT campaigns/{id}/publish): not public until approved. */
export async function submitForReview(db: Db, user: Actor, id: number): Promise<DraftView> {
  await db.transaction(async (tx) => {
    const f = await editableDraft(tx, user, id);
    const missing = await missingForReview(tx, id);
    if (Object.keys(missing).length) throw new ApiError('validation_failed', 'Please complete the fundraiser before sending it for review', missing);
    const now = new Date();
    await tx
      .update(fundraisers)
      .set({ status_flag: FUNDRAISER_STATUS.underReview, submitted_at: now, review_reason: null, review_flags: reviewFlagsFor({ title: f.title, short_description: f.short_description, story: f.story_description }), wizard_step: 'review', updated_at: now })
      .where(eq(fundraisers.id, id));
  });
  return (await draftView(db, id, { withMedia: true }))!;
}

/** The reviewers' queue: everything under review, oldest first. */
export async function reviewQueue(db: DbOrTx): Promise<DraftView[]> {
  const rows = await db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.status_flag, FUNDRAISER_STATUS.underReview)).orderBy(asc(fundraisers.submitted_at), asc(fundraisers.id));
  const views = await draftViews(db, rows.map((r) => r.id), { withMedia: true });
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return views.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** A unique public address for the title; a taken or non-latin one gets the fundraiser's id. */
export async function customTagFor(db: DbOrTx, title: string, id: number): Promise<string> {
  const base = slugify(title) || 'fundraiser';
  const [taken] = await db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.custom_tag, base)).limit(1);
  return taken ? `${base}-${id}` : base;
}

/** Who hears of a review and where its links point: the main site (a fundraiser belongs to no partner's domain). */
async function reviewOutcomeFacts(db: DbOrTx, f: { id: number; title: string; custom_tag: string }, owner: { email: string; full_name: string }) {
  const origin = mainSiteOrigin(siteConfig());
  return { email: owner.email, name: owner.full_name, title: f.title, fundraiserId: f.id, customTag: f.custom_tag, origin, brand: await emailBrand(db, origin) };
}

export type ReviewDecision = { decision: 'approve' } | { decision: 'send_back'; reason: string; category?: (typeof REVIEW_SEND_BACK_CATEGORIES)[number] };

/** A reviewer approves, which publishes the fundraiser (live, real custom_tag, campaigner told), or sends it back with a reason. */
export async function decideReview(db: Db, reviewer: Actor, id: number, decision: ReviewDecision): Promise<DraftView> {
  await db.transaction(async (tx) => {
    if (!(await can(tx, reviewer, 'fundraiser.review', { kind: 'platform' }))) throw notFound('Draft not found');
    const [f] = await tx.select().from(fundraisers).where(eq(fundraisers.id, id)).for('update');
    if (!f) throw notFound('Draft not found');
    // only one under review, and never by one of its own people
    if (!(await can(tx, reviewer, 'fundraiser.review', { kind: 'fundraiser', id }))) throw conflict('This fundraiser is not waiting for your review');
    const [owner] = await tx.select({ email: users.email, full_name: users.full_name, is_dummy_email: users.is_dummy_email }).from(users).where(eq(users.id, f.campaigner_id));
    const now = new Date();
    if (decision.decision === 'approve') {
      // a medical fundraiser goes live only with its hospital confirmed and its documents checked
      // (a supporting one raises for its parent, whose proof was checked)
      const blockers = purposeOf(f) === 'medical' && f.support_campaign_id === null ? await approvalBlockers(tx, f) : [];
      if (blockers.length) throw conflict(blockers.join('. '));
      const tag = f.custom_tag.startsWith(DRAFT_TAG_PREFIX) ? await customTagFor(tx, f.title, f.id) : f.custom_tag;
      await tx
        .update(fundraisers)
        .set({ status_flag: FUNDRAISER_STATUS.live, custom_tag: tag, published_at: f.published_at ?? now, reviewed_at: now, reviewed_by: reviewer.id, review_reason: null, updated_at: now })
        .where(eq(fundraisers.id, id));
      if (!owner.is_dummy_email)
        await enqueueMessage(tx, await fundraiserLiveEmail({ ...(await reviewOutcomeFacts(tx, f, owner)), customTag: tag }));
      // listings, the sitemap and the story page show it from now, on every server
      await announceFundraisersChanged(tx, [id]);
      await tx.insert(reviewOutcomes).values({ fundraiser_id: id, decision: 'approved', decided_at: now });
    } else {
      await tx.insert(reviewOutcomes).values({ fundraiser_id: id, decision: 'sent_back', category: decision.category ?? 'other', decided_at: now });
      await tx
        .update(fundraisers)
        .set({ status_flag: FUNDRAISER_STATUS.rejected, reviewed_at: now, reviewed_by: reviewer.id, review_reason: decision.reason, updated_at: now })
        .where(eq(fundraisers.id, id));
      if (!owner.is_dummy_email)
        await enqueueMessage(tx, await fundraiserChangesEmail({ ...(await reviewOutcomeFacts(tx, f, owner)), reason: decision.reason }));
    }
  });
  // the other servers hear it on the bus at commit; this one expires at once (a new live fundraiser joins the lists)
  if (decision.decision === 'approve') await invalidateFundraiser(id);
  return (await draftView(db, id, { withMedia: true }))!;
}
