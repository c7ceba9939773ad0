// Supporting fundraisers (spec 7, issue 13): a supporter raises for a running fundraiser with their own title, story and
// goal. It takes the parent's cause, beneficiary and currency, goes live at once (the parent was reviewed; the money
// reaches the parent's beneficiary), and every donation to it rolls up into the parent's total as it settles
// (lib/payments/events.ts). One level only: a supporting fundraiser has no supporters of its own.
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { fundraiserMedia, fundraisers } from '../db/schema';
import { DRAFT_TAG_PREFIX, SUPPORTING_STORY_TEXT_MIN } from '../constants';
import { toMinor } from '../money';
import { ApiError, conflict, notFound } from '../http/errors';
import { htmlToText, sanitizeStoryHtml } from '../content/sanitize';
import { endOfIndianDay } from '../validation/drafts';
import { SUPPORTING_MESSAGES, type EditSupportingInput, type StartSupportingInput } from '../validation/supporting';
import { FUNDRAISER_STATUS, fundraiserStage } from './status';
import { customTagFor } from './drafts';
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

/** POST start supporting fundraiser: live at once, owned by the supporter. */
export async function startSupportingFundraiser(db: Db, user: Actor, parentId: number, input: StartSupportingInput): Promise<SupportingView> {
  const made = await db.transaction(async (tx) => {
    const p = await parentFor(tx, parentId);
    const now = new Date();
    const [row] = await tx
      .insert(fundraisers)
      .values({
        custom_tag: `${DRAFT_TAG_PREFIX}${p.id}-${user.id}-${now.getTime()}`,
        title: input.title,
        story_title: input.title,
        ...storyColumns(input.story),
        goal_minor: toMinor(input.goal),
        end_date: endDateFor(input.end_date, p.end_date),
        currency: p.currency,
        status_flag: FUNDRAISER_STATUS.live,
        published_at: now,
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
      .returning({ id: fundraisers.id });
    const tag = await customTagFor(tx, input.title, row.id);
    await tx.update(fundraisers).set({ custom_tag: tag }).where(eq(fundraisers.id, row.id));
    const images = await tx.select().from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, p.id));
    const shared = images.filter((m) => (SHARED_IMAGE_KINDS as readonly string[]).includes(m.kind));
    if (shared.length)
      await tx.insert(fundraiserMedia).values(
        shared.map((m) => ({ fundraiser_id: row.id, kind: m.kind, cdn_path: m.cdn_path, file_name: m.file_name, display_type_1: m.display_type_1, width: m.width, height: m.height, variants: m.variants, position: m.position, upload_id: null })),
      );
    return { id: row.id, custom_tag: tag, title: input.title, parent_id: p.id };
  });
  // the parent's story lists it from now, and the lists show a new live fundraiser
  await fundraiserChanged(db, parentId);
  await fundraiserChanged(db, made.id);
  return made;
}

/** PUT edit supporting fundraiser: its owner only (the parent's people do not edit a supporter's words). */
export async function editSupportingFundraiser(db: Db, user: Actor, parentId: number, id: number, input: EditSupportingInput): Promise<SupportingView> {
  const view = await db.transaction(async (tx) => {
    const [f] = await tx.select().from(fundraisers).where(and(eq(fundraisers.id, id), eq(fundraisers.support_campaign_id, parentId))).for('update');
    if (!f || f.campaigner_id !== user.id) throw notFound(SUPPORTING_MESSAGES.notFound);
    if (fundraiserStage(f) !== 'running') throw conflict(SUPPORTING_MESSAGES.ended);
    const [p] = await tx.select({ end_date: fundraisers.end_date }).from(fundraisers).where(eq(fundraisers.id, parentId));
    const set: Partial<typeof fundraisers.$inferInsert> = { updated_at: new Date() };
    if (input.title !== undefined) Object.assign(set, { title: input.title, story_title: input.title });
    if (input.story !== undefined) Object.assign(set, storyColumns(input.story));
    if (input.goal !== undefined) set.goal_minor = toMinor(input.goal);
    if (input.end_date !== undefined) set.end_date = endDateFor(input.end_date, p.end_date);
    await tx.update(fundraisers).set(set).where(eq(fundraisers.id, id));
    return { id, custom_tag: f.custom_tag, title: input.title ?? f.title, parent_id: parentId };
  });
  await fundraiserChanged(db, id);
  // the parent's list shows the supporter's title
  await fundraiserChanged(db, parentId);
  return view;
}

/** A supporting fundraiser's money is the parent's beneficiary's: withdrawals and payout accounts belong to the parent. */
export async function assertNotSupporting(db: DbOrTx, fundraiserId: number): Promise<void> {
  const [f] = await db.select({ parent: fundraisers.support_campaign_id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  if (f?.parent) throw conflict(SUPPORTING_MESSAGES.noWithdrawals);
}
