// Fundraisers at each stage of their life. Drafts, review and approval go through the product's own steps
// (createDraft, updateDraft, submitForReview, decideReview); a running or ended one that a test only gives to is
// written as approval leaves it, because the review path needs a cover upload and proof for every medical one.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { causes, fundraiserMedia, fundraisers } from '@/lib/db/schema';
import { hashPin } from '@/lib/fundraisers/pin';
import { postUpdate } from '@/lib/fundraisers/updates';
import { addComment } from '@/lib/story/service';
import { causeSlugForArt } from '@/demo/art';
import { demoImagePath } from '@/lib/media/demo-images';
import { createDraft, updateDraft } from '@/lib/fundraisers/drafts';
import { decideReview, submitForReview } from '@/lib/fundraisers/review';
import { endFundraiserEarly } from '@/lib/fundraisers/end';
import { CAUSE } from '@/lib/constants/fundraisers';
import { DAY_MS } from '@/lib/constants/time';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import type { DraftFields } from '@/lib/validation/drafts';
import { referenceData, unique } from './database';
import { makeNgo, makeReviewer, makeUser } from './users';

type FundraiserRow = typeof fundraisers.$inferSelect;
type FundraiserValues = Partial<typeof fundraisers.$inferInsert>;

const NGO_CHILDREN_CAUSE = 201;
const STORY = '<p>This fundraiser needs your help to reach its goal: every gift, however small, takes it closer.</p>';

const rowOf = async (db: Db, id: number): Promise<FundraiserRow> => (await db.select().from(fundraisers).where(eq(fundraisers.id, id)))[0];

/** A running public rupee fundraiser of a new campaigner (an individual) unless the values say otherwise. */
export async function makeFundraiser(db: Db, values: FundraiserValues = {}): Promise<FundraiserRow> {
  await referenceData(db);
  const campaigner_id = values.campaigner_id ?? (await makeUser(db, 'Test Campaigner')).id;
  const tag = unique('test');
  const [f] = await db
    .insert(fundraisers)
    .values({
      custom_tag: tag,
      title: `Test fundraiser ${tag}`,
      status_flag: FUNDRAISER_STATUS.live,
      end_date: new Date(Date.now() + 30 * DAY_MS),
      currency: 'INR',
      goal_minor: 10_000_000,
      cause_id: CAUSE.personalMedical,
      parent_cause_id: CAUSE.personalMedical,
      ...values,
      campaigner_id,
    })
    .returning();
  return f;
}

/** A running fundraiser of an NGO (a new one unless given), raising for its entity. */
export async function makeNgoFundraiser(db: Db, values: FundraiserValues = {}, ngo?: Awaited<ReturnType<typeof makeNgo>>): Promise<FundraiserRow> {
  const { user, entity } = ngo ?? (await makeNgo(db));
  return makeFundraiser(db, { campaigner_id: user.id, entity_details_id: entity.id, parent_cause_id: CAUSE.ngo, cause_id: NGO_CHILDREN_CAUSE, ...values });
}

/** A fundraiser whose campaigner ended it early (endFundraiserEarly): published, taking no more gifts. */
export async function makeEndedFundraiser(db: Db, values: FundraiserValues = {}): Promise<FundraiserRow> {
  const f = await makeFundraiser(db, values);
  await endFundraiserEarly(db, { id: f.campaigner_id }, f.id, new Date(Date.now() - 1000));
  return rowOf(db, f.id);
}

/** A draft as the wizard's first step leaves it (createDraft), of a new individual campaigner unless one is given. */
export async function makeDraft(db: Db, o: { campaignerId?: number; parentCauseId?: number; fields?: DraftFields } = {}): Promise<FundraiserRow> {
  await referenceData(db);
  const campaignerId = o.campaignerId ?? (await makeUser(db, 'Test Campaigner')).id;
  const parent = o.parentCauseId ?? CAUSE.creative;
  const draft = await createDraft(db, { id: campaignerId }, { parent_cause_id: parent, dock: { parent_cause_id: parent, ...(o.fields ?? {}) } });
  return rowOf(db, draft.id);
}

/**
 * An NGO draft with every step filled and its cover, sent to review (submitForReview). An NGO's is used because a
 * medical one also needs a confirmed hospital and checked documents before approval.
 */
export async function makeUnderReview(db: Db, o: { campaignerId?: number; fields?: DraftFields } = {}): Promise<FundraiserRow> {
  const campaignerId = o.campaignerId ?? (await makeNgo(db)).user.id;
  const draft = await makeDraft(db, { campaignerId, parentCauseId: CAUSE.ngo });
  const endDate = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
  await updateDraft(db, { id: campaignerId }, draft.id, { cause_id: NGO_CHILDREN_CAUSE, title: `Test fundraiser ${unique('review')}`, story: STORY, goal: 100_000, end_date: endDate, ...(o.fields ?? {}) });
  // the cover's upload is the media pipeline's work (draft-media tests); review only asks that one exists
  await db.insert(fundraiserMedia).values({ fundraiser_id: draft.id, kind: 'leaderboard', cdn_path: '/media/default/fundraiser.svg' });
  await submitForReview(db, { id: campaignerId }, draft.id);
  return rowOf(db, draft.id);
}

/** A fundraiser that went the whole way: drafted, sent to review and approved by a reviewer (decideReview). */
export async function makeApprovedFundraiser(db: Db, o: { campaignerId?: number; fields?: DraftFields } = {}): Promise<FundraiserRow> {
  const f = await makeUnderReview(db, o);
  await decideReview(db, await makeReviewer(db), f.id, { decision: 'approve' });
  return rowOf(db, f.id);
}

/** A draft a reviewer sent back with a reason. */
export async function makeSentBack(db: Db, reason = 'Please add a photo of the beneficiary', o: { campaignerId?: number } = {}): Promise<FundraiserRow> {
  const f = await makeUnderReview(db, o);
  await decideReview(db, await makeReviewer(db), f.id, { decision: 'send_back', reason });
  return rowOf(db, f.id);
}

/** A running private fundraiser that opens with this PIN (stored hashed, as the product keeps it). */
export async function makePrivateFundraiser(db: Db, pin: string, values: FundraiserValues = {}): Promise<FundraiserRow> {
  return makeFundraiser(db, { is_private: true, pin_hash: await hashPin(pin), ...values });
}

/** The generated picture of the fundraiser's cause (what the demo and a story without an upload show), as its media. */
export async function addCausePicture(db: Db, f: Pick<FundraiserRow, 'id' | 'cause_id'>, kind: 'leaderboard' | 'theater' | 'widget' = 'leaderboard') {
  const [cause] = await db.select({ slug: causes.slug }).from(causes).where(eq(causes.id, f.cause_id ?? 0));
  const wide = kind !== 'widget';
  const [media] = await db
    .insert(fundraiserMedia)
    .values({ fundraiser_id: f.id, kind, cdn_path: demoImagePath(causeSlugForArt(cause?.slug), f.id, kind), width: wide ? 1200 : 600, height: wide ? 675 : 338 })
    .returning();
  return media;
}

/** A campaigner's update, posted as the dashboard posts it (postUpdate): public at once unless screening holds it. */
export async function makeUpdate(db: Db, f: Pick<FundraiserRow, 'id' | 'campaigner_id'>, o: { title?: string; body?: string } = {}) {
  const posted = await postUpdate(db, { id: f.campaigner_id }, f.id, { title: o.title ?? 'Treatment update', body: o.body ?? '<p>The first round of treatment went well; thank you for standing with us.</p>' });
  return posted;
}

/** A visitor's comment on the story (addComment, as the comments route adds it), of a new person unless one is given. */
export async function makeComment(db: Db, fundraiserId: number, o: { userId?: number; body?: string } = {}) {
  const userId = o.userId ?? (await makeUser(db, 'Test Commenter')).id;
  return addComment(db, { fundraiserId, userId, body: o.body ?? 'Get well soon, we are with you.' });
}
