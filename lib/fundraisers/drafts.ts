// Starting a fundraiser (issue 12): a draft is a fundraiser row at status draft, saved by every wizard step,
// sent to review, approved (live, with its real custom_tag) or sent back with a reason. Who may touch it is
// `can`'s answer; what it must hold before review is `missingForReview`.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { causes, diseases, entityDetails, fundraiserDocuments, fundraiserMedia, fundraisers, hospitals, rewards, users } from '../db/schema';
import { approvalBlockers, proofDocumentsOf, resolveHospital, type ProofDocumentView } from './proof';
import { changeableFundraiser } from './changeable';
import { ALL_MEDICAL_CAUSE_IDS, CAUSE, DRAFT_TAG_PREFIX, MEDICAL_CAUSE_IDS_FOR_PERSONAL, PROOF_DOCUMENT_KINDS, STORY_TEXT_MIN } from '../constants/fundraisers';
import { toMajor, toMinor } from '../money';
import { ApiError, conflict, forbidden, notFound } from '../http/errors';
import { can, managedBySql } from '../permissions/can';
import { sanitizeStoryHtml, htmlToText } from '../content/sanitize';
import { DRAFT_MESSAGES, endOfIndianDay, indianDayOf, type DraftFields, type WizardStep } from '../validation/drafts';
import { purposeOf, REVIEW_MESSAGES, stepsFor, type CampaignPurpose } from './wizard';
import { FUNDRAISER_STATUS, fundraiserStage } from './status';
import { slugify } from './custom-tag';
import { findUserByEmail, findUserByPhone, createUser, dummyEmailFor } from '../auth/accounts';
import { enqueueMessage } from '../outbox/queue';
import { beneficiaryEmail, fundraiserChangesEmail, fundraiserLiveEmail } from '../email/fundraiser';
import { emailBrand } from '../email/brand';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import type { ScreeningFlag } from '../content/screening';
import { reviewFlagsFor } from './screen-words';
import { changeLiveWords, type LiveWordsOutcome } from './live-edits';

export { purposeOf, stepsFor, type CampaignPurpose } from './wizard';

const STARTING_PARENTS: readonly number[] = [CAUSE.personalMedical, CAUSE.ngo, CAUSE.creative];
const CAUSE_MESSAGE = DRAFT_MESSAGES.cause;

/**
 * A cause the campaigner may pick under a parent: its own child; for personal/medical exactly spec 9's seven
 * medical causes (160 is in the all-medical list only, offered to hospitals) or a non-medical child.
 */
async function assertCause(db: DbOrTx, parentId: number, causeId: number, isHospital: boolean): Promise<void> {
  const fail = () => new ApiError('validation_failed', CAUSE_MESSAGE, { cause_id: CAUSE_MESSAGE });
  if (!STARTING_PARENTS.includes(parentId)) throw new ApiError('validation_failed', CAUSE_MESSAGE, { parent_cause_id: CAUSE_MESSAGE });
  if (causeId === parentId) return;
  const [c] = await db.select({ parent_id: causes.parent_id, is_medical: causes.is_medical }).from(causes).where(eq(causes.id, causeId));
  if (!c || c.parent_id !== parentId) throw fail();
  if (parentId === CAUSE.personalMedical && c.is_medical) {
    const offered: readonly number[] = isHospital ? ALL_MEDICAL_CAUSE_IDS : MEDICAL_CAUSE_IDS_FOR_PERSONAL;
    if (!offered.includes(causeId)) throw fail();
  }
}

type FundraiserInsert = typeof fundraisers.$inferInsert;

/**
 * The row columns a set of wizard fields writes; list pickers are resolved to their names as well. A hospital entered
 * by hand (issue 31.1) is kept as an unconfirmed one, which the actor or this draft (currentHospital) may name.
 */
async function rowFrom(db: DbOrTx, f: DraftFields, actorId: number, currentHospital: number | null = null): Promise<Partial<FundraiserInsert>> {
  const row: Partial<FundraiserInsert> = {};
  const copy = ['beneficiary_name', 'beneficiary_relation', 'beneficiary_age', 'hospitalisation_status', 'referral_option', 'patient_number', 'city', 'owner_qualification', 'owner_occupation', 'title', 'short_description', 'about', 'brand_survey', 'currency'] as const;
  for (const key of copy) if (f[key] !== undefined) (row as Record<string, unknown>)[key] = f[key];
  if (f.step !== undefined) row.wizard_step = f.step;
  if (f.title !== undefined) row.story_title = f.title;
  if (f.story !== undefined) row.story_description = sanitizeStoryHtml(f.story);
  if (f.goal !== undefined) row.goal_minor = toMinor(f.goal);
  if (f.owner_salary !== undefined) row.owner_salary_minor = toMinor(f.owner_salary);
  if (f.end_date !== undefined) row.end_date = endOfIndianDay(f.end_date);
  if (f.disease_id !== undefined) {
    const [d] = await db.select({ name: diseases.name }).from(diseases).where(eq(diseases.id, f.disease_id));
    if (!d) throw new ApiError('validation_failed', 'Please choose a disease from the list', { disease_id: 'Please choose a disease from the list' });
    Object.assign(row, { disease_id: f.disease_id, disease: d.name });
  }
  const h = await resolveHospital(db, actorId, f, currentHospital);
  if (h) Object.assign(row, { hospital_id: h.id, hospital_name: h.name, ...(f.city === undefined ? { city: h.city } : {}) });
  return row;
}

const placeholderTag = () => `${DRAFT_TAG_PREFIX}${randomBytes(8).toString('hex')}`;

interface Actor {
  id: number;
}

async function isHospitalUser(db: DbOrTx, userId: number): Promise<boolean> {
  const [u] = await db.select({ is_hospital: users.is_hospital }).from(users).where(eq(users.id, userId));
  return Boolean(u?.is_hospital);
}

/** The field-sales user's own entity (spec 6: creator_entity_details_id), made the first time they create for someone. */
async function entityOf(db: DbOrTx, user: Actor): Promise<number> {
  const [own] = await db.select({ id: entityDetails.id }).from(entityDetails).where(eq(entityDetails.user_id, user.id)).orderBy(asc(entityDetails.id)).limit(1);
  if (own) return own.id;
  const [u] = await db.select({ full_name: users.full_name }).from(users).where(eq(users.id, user.id));
  const [made] = await db.insert(entityDetails).values({ user_id: user.id, entity_type: 'individual', name: u.full_name }).returning({ id: entityDetails.id });
  return made.id;
}

export interface BeneficiaryAccount {
  full_name: string;
  email?: string;
  phone_1?: string;
}

/** The beneficiary's account for a field-sales fundraiser: found by email or phone, else created; told through the outbox. */
async function ownerFor(db: DbOrTx, b: BeneficiaryAccount, agentName: string): Promise<number> {
  const found = (b.email ? await findUserByEmail(db, b.email) : null) ?? (b.phone_1 ? await findUserByPhone(db, b.phone_1) : null);
  const owner = found ?? (await createUser(db, { full_name: b.full_name, email: b.email ?? dummyEmailFor('phone', b.phone_1!), phone_1: b.phone_1 ?? null, extension: b.phone_1 ? '+91' : null, is_dummy_email: !b.email, registration_source: 'field_sales' }));
  const text = `${agentName} has started a fundraiser for you on Sahyog. Sign in with this ${b.email ? 'email' : 'phone number'} to see it and follow its review.`;
  // issue 31.4: the email from the template set, in the site's default language (the beneficiary's is not known)
  if (b.email) await enqueueMessage(db, await beneficiaryEmail({ email: b.email, agent: agentName, origin: mainSiteOrigin(siteConfig()), brand: await emailBrand(db, mainSiteOrigin(siteConfig())) }));
  else if (b.phone_1) await enqueueMessage(db, { channel: 'sms', recipient: b.phone_1, body: text });
  return owner.id;
}

export interface CreateDraftInput {
  parent_cause_id: number;
  dock?: DraftFields;
  utm?: Record<string, string | undefined>;
  beneficiary_account?: BeneficiaryAccount;
}

/** POST campaigns: a new draft from the dock or by parent cause, owned by the user (or, for field sales, the beneficiary). */
export async function createDraft(db: Db, user: Actor, input: CreateDraftInput): Promise<DraftView> {
  const dock = input.dock ?? {};
  const parent = dock.parent_cause_id ?? input.parent_cause_id;
  const cause = dock.cause_id ?? parent;
  const forOthers = input.beneficiary_account !== undefined;
  const fieldSales = await can(db, user, 'fundraiser.create_for_others', { kind: 'platform' });
  if (forOthers && !fieldSales) throw forbidden('Only field-sales accounts may start a fundraiser for someone else');
  const id = await db.transaction(async (tx) => {
    await assertCause(tx, parent, cause, await isHospitalUser(tx, user.id));
    const [agent] = await tx.select({ full_name: users.full_name }).from(users).where(eq(users.id, user.id));
    const owner = forOthers ? await ownerFor(tx, input.beneficiary_account!, agent.full_name) : user.id;
    const utm = Object.fromEntries(Object.entries(input.utm ?? {}).filter((e): e is [string, string] => Boolean(e[1])));
    const [row] = await tx
      .insert(fundraisers)
      .values({
        ...(await rowFrom(tx, dock, user.id)),
        custom_tag: placeholderTag(),
        title: dock.title ?? '',
        status_flag: FUNDRAISER_STATUS.draft,
        campaigner_id: owner,
        parent_cause_id: parent,
        cause_id: cause,
        wizard_step: dock.step ?? 'cause',
        // spec 6: whatever a field-sales agent starts (for a beneficiary or not) carries the agent's entity
        creator_entity_details_id: fieldSales ? await entityOf(tx, user) : null,
        utm: Object.keys(utm).length ? utm : null,
      })
      .returning({ id: fundraisers.id });
    return row.id;
  });
  return (await draftView(db, id, { withMedia: true }))!;
}

/** Loads a draft the user may change, or says why not (404 for strangers: a draft's existence is private). */
export async function editableDraft(db: DbOrTx, user: Actor, id: number) {
  const f = await changeableFundraiser(db, user, id);
  if (fundraiserStage(f) === 'running') throw conflict('This fundraiser is live: change it from its dashboard');
  return f;
}

/** What a live fundraiser's people may still change: its words, goal and end date (not its cause or beneficiary). */
export const LIVE_EDITABLE_FIELDS = ['title', 'short_description', 'story', 'goal', 'end_date'] as const;
export const LIVE_FIELD_MESSAGE = 'This cannot be changed once the fundraiser is live';

/**
 * PUT campaigns/{id}: a wizard step saves what it has; on a live fundraiser, the dashboard's edits (its pages expire at
 * once). Issue 30.12: new words the screening flags are held for a reviewer, the public words unchanged (live-edits.ts).
 */
export async function updateDraft(db: Db, user: Actor, id: number, fields: DraftFields): Promise<DraftView & { words_change: LiveWordsOutcome | null }> {
  const live = await db.transaction(async (tx) => {
    const f = await changeableFundraiser(tx, user, id, { lock: true });
    const isLive = fundraiserStage(f) === 'running';
    if (isLive) {
      const refused = Object.keys(fields).filter((k) => k !== 'step' && !(LIVE_EDITABLE_FIELDS as readonly string[]).includes(k));
      if (refused.length) throw new ApiError('validation_failed', LIVE_FIELD_MESSAGE, Object.fromEntries(refused.map((k) => [k, LIVE_FIELD_MESSAGE])));
      const { step: _step, title, short_description, story, ...inPlace } = fields;
      const sentWords = title !== undefined || short_description !== undefined || story !== undefined;
      const words = sentWords ? await changeLiveWords(tx, user, f, { title, short_description, story }) : null;
      if (Object.keys(inPlace).length) await tx.update(fundraisers).set({ ...(await rowFrom(tx, inPlace, user.id, f.hospital_id)), updated_at: new Date() }).where(eq(fundraisers.id, id));
      if (words === 'published' || Object.keys(inPlace).length) await announceFundraisersChanged(tx, [id]);
      return { expire: words === 'published' || Object.keys(inPlace).length > 0, words };
    }
    const parent = fields.parent_cause_id ?? f.parent_cause_id;
    const cause = fields.cause_id ?? (fields.parent_cause_id !== undefined && fields.parent_cause_id !== f.parent_cause_id ? parent : f.cause_id);
    if (fields.parent_cause_id !== undefined || fields.cause_id !== undefined) await assertCause(tx, parent, cause, await isHospitalUser(tx, user.id));
    await tx
      .update(fundraisers)
      .set({ ...(await rowFrom(tx, fields, user.id, f.hospital_id)), parent_cause_id: parent, cause_id: cause, updated_at: new Date() })
      .where(eq(fundraisers.id, id));
    return { expire: false, words: null };
  });
  if (live.expire) await invalidateFundraiser(id);
  return { ...(await draftView(db, id, { withMedia: true }))!, words_change: live.words };
}

export interface DraftMedia {
  id: number;
  display_type_1: string | null;
  kind: string;
  path: string;
  file_name: string | null;
  variants: Record<string, string> | null;
}

/** spec 3's draft load: the story fields and everything the wizard asked, with media when asked. */
export interface DraftView {
  id: number;
  status: 'draft' | 'under_review' | 'rejected' | 'live' | 'ended';
  status_flag: number;
  purpose: CampaignPurpose;
  steps: WizardStep[];
  step: string | null;
  title: string;
  custom_tag: string | null;
  cause_id: number;
  parent_cause_id: number;
  cause: string | null;
  story_title: { info_1: string | null };
  story_description: { info_1: string | null };
  short_description: string | null;
  about: string | null;
  beneficiary: { name: string | null; relation: string | null; age: number | null };
  beneficiaryrelation: { info_1: string | null };
  disease: { id: number | null; name: string | null };
  /** issue 31.1: confirmed is false for a hospital entered by hand until a reviewer confirms it */
  hospital: { id: number | null; name: string | null; city: string | null; confirmed: boolean };
  hospitalisation_status: string | null;
  /** issue 31.6: the proof sent for review (no address: reviewers open them through their own route) */
  documents: ProofDocumentView[];
  documents_checked_at: string | null;
  referral_option: string | null;
  patient_number: string | null;
  city: string | null;
  owner: { id: number; full_name: string; qualification: string | null; occupation: string | null; salary: number | null };
  manager_id: number | null;
  creator_entity_details_id: number | null;
  entity_details_id: number | null;
  goal: number;
  currency: string;
  end_date: string | null;
  brand_survey: string | null;
  utm: Record<string, string> | null;
  rewards: { id: number; title: string }[];
  review_reason: string | null;
  /** issue 30.12: the screening's findings when it was sent for review, for the reviewer */
  review_flags: ScreeningFlag[];
  /** a supporting fundraiser's parent (spec 3 support_campaign.id), with its title and public address */
  supports: { id: number; title: string; custom_tag: string } | null;
  /** a supporting fundraiser its parent's campaigner declined */
  declined: boolean;
  submitted_at: string | null;
  updated_at: string;
  media?: DraftMedia[];
}

const STATUS_NAME = { draft: 'draft', under_review: 'under_review', rejected: 'rejected', running: 'live', ended: 'ended' } as const;

export async function draftViews(db: DbOrTx, ids: number[], opts: { withMedia?: boolean } = {}): Promise<DraftView[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ f: fundraisers, cause: causes.info_1, owner_name: users.full_name, hospital_city: hospitals.city, hospital_confirmed: hospitals.confirmed })
    .from(fundraisers)
    .innerJoin(users, eq(users.id, fundraisers.campaigner_id))
    .leftJoin(causes, eq(causes.id, fundraisers.cause_id))
    .leftJoin(hospitals, eq(hospitals.id, fundraisers.hospital_id))
    .where(inArray(fundraisers.id, ids))
    .orderBy(desc(fundraisers.updated_at), desc(fundraisers.id));
  const media = opts.withMedia
    ? await db.select().from(fundraiserMedia).where(inArray(fundraiserMedia.fundraiser_id, ids)).orderBy(asc(fundraiserMedia.kind), asc(fundraiserMedia.position), asc(fundraiserMedia.id))
    : [];
  const rewardRows = await db.select({ id: rewards.id, title: rewards.title, fundraiser_id: rewards.fundraiser_id }).from(rewards).where(and(inArray(rewards.fundraiser_id, ids), isNull(rewards.retired_at))).orderBy(asc(rewards.id));
  const documents = await db.select({ id: fundraiserDocuments.id, kind: fundraiserDocuments.kind, created_at: fundraiserDocuments.created_at, fundraiser_id: fundraiserDocuments.fundraiser_id }).from(fundraiserDocuments).where(inArray(fundraiserDocuments.fundraiser_id, ids)).orderBy(asc(fundraiserDocuments.kind));
  const parentIds = [...new Set(rows.flatMap(({ f }) => (f.support_campaign_id === null ? [] : [f.support_campaign_id])))];
  const parents = parentIds.length ? await db.select({ id: fundraisers.id, title: fundraisers.title, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(inArray(fundraisers.id, parentIds)) : [];
  return rows.map(({ f, cause, owner_name, hospital_city, hospital_confirmed }) => {
    const purpose = purposeOf(f);
    const published = !f.custom_tag.startsWith(DRAFT_TAG_PREFIX);
    return {
      id: f.id,
      status: STATUS_NAME[fundraiserStage(f)],
      status_flag: f.status_flag,
      purpose,
      steps: stepsFor(purpose),
      step: f.wizard_step,
      title: f.title,
      custom_tag: published ? f.custom_tag : null,
      cause_id: f.cause_id,
      parent_cause_id: f.parent_cause_id,
      cause,
      story_title: { info_1: f.story_title },
      story_description: { info_1: f.story_description },
      short_description: f.short_description,
      about: f.about,
      beneficiary: { name: f.beneficiary_name, relation: f.beneficiary_relation, age: f.beneficiary_age },
      beneficiaryrelation: { info_1: f.beneficiary_relation },
      disease: { id: f.disease_id, name: f.disease },
      hospital: { id: f.hospital_id, name: f.hospital_name, city: hospital_city, confirmed: hospital_confirmed ?? false },
      hospitalisation_status: f.hospitalisation_status,
      documents: documents.filter((d) => d.fundraiser_id === f.id).map((d) => ({ id: d.id, kind: d.kind, uploaded_at: d.created_at.toISOString() })),
      documents_checked_at: f.documents_checked_at?.toISOString() ?? null,
      referral_option: f.referral_option,
      patient_number: f.patient_number,
      city: f.city,
      owner: { id: f.campaigner_id, full_name: owner_name, qualification: f.owner_qualification, occupation: f.owner_occupation, salary: f.owner_salary_minor === null ? null : toMajor(f.owner_salary_minor) },
      manager_id: f.manager_id,
      creator_entity_details_id: f.creator_entity_details_id,
      entity_details_id: f.entity_details_id,
      goal: toMajor(f.goal_minor),
      currency: f.currency,
      end_date: f.end_date ? indianDayOf(f.end_date) : null,
      brand_survey: f.brand_survey,
      utm: f.utm ?? null,
      rewards: rewardRows.filter((r) => r.fundraiser_id === f.id).map((r) => ({ id: r.id, title: r.title })),
      review_reason: f.review_reason,
      review_flags: (f.review_flags ?? []) as ScreeningFlag[],
      supports: parents.find((p) => p.id === f.support_campaign_id) ?? null,
      declined: f.support_declined_at !== null,
      submitted_at: f.submitted_at?.toISOString() ?? null,
      updated_at: f.updated_at.toISOString(),
      ...(opts.withMedia
        ? { media: media.filter((m) => m.fundraiser_id === f.id).map((m) => ({ id: m.id, kind: m.kind, display_type_1: m.display_type_1, path: m.cdn_path, file_name: m.file_name, variants: m.variants ?? null })) }
        : {}),
    };
  });
}

export async function draftView(db: DbOrTx, id: number, opts: { withMedia?: boolean } = {}): Promise<DraftView | null> {
  return (await draftViews(db, [id], opts))[0] ?? null;
}

/** GET users/drafts: the user's unpublished fundraisers (drafts and sent-back ones; those under review when asked). */
export async function listDrafts(db: DbOrTx, user: Actor, opts: { withMedia?: boolean; underReview?: boolean } = {}): Promise<DraftView[]> {
  const flags: number[] = [FUNDRAISER_STATUS.draft, FUNDRAISER_STATUS.rejected, ...(opts.underReview ? [FUNDRAISER_STATUS.underReview] : [])];
  const rows = await db.select({ id: fundraisers.id }).from(fundraisers).where(and(managedBySql(user.id), inArray(fundraisers.status_flag, flags)));
  return draftViews(db, rows.map((r) => r.id), opts);
}

/** users/drafts/discard: removes a draft and its media rows; returns the upload ids whose stored files are to go. */
export async function discardDraft(db: Db, user: Actor, id: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (!(await can(tx, user, 'fundraiser.manage', { kind: 'fundraiser', id }))) throw notFound('Draft not found');
    const [f] = await tx.select({ status_flag: fundraisers.status_flag, end_date: fundraisers.end_date }).from(fundraisers).where(eq(fundraisers.id, id)).for('update');
    const stage = fundraiserStage(f);
    if (stage !== 'draft' && stage !== 'rejected' && stage !== 'under_review') throw conflict('A live fundraiser cannot be discarded');
    const uploads = await tx.selectDistinct({ upload_id: fundraiserMedia.upload_id }).from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, id));
    // the private documents' files go with it too (issue 31.6)
    const documents = await tx.select({ upload_id: fundraiserDocuments.upload_id }).from(fundraiserDocuments).where(eq(fundraiserDocuments.fundraiser_id, id));
    await tx.delete(fundraisers).where(eq(fundraisers.id, id));
    return [...uploads, ...documents].map((u) => u.upload_id).filter((u): u is string => Boolean(u));
  });
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
    // issue 31.6: the proof a reviewer checks before the story may say "documents verified"
    const kinds = new Set((await proofDocumentsOf(db, id)).map((d) => d.kind));
    for (const kind of PROOF_DOCUMENT_KINDS) if (!kinds.has(kind)) missing[kind] = REVIEW_MESSAGES[kind];
  }
  const [cover] = await db.select({ id: fundraiserMedia.id }).from(fundraiserMedia).where(and(eq(fundraiserMedia.fundraiser_id, id), eq(fundraiserMedia.kind, 'leaderboard'))).limit(1);
  if (!cover) missing.cover = REVIEW_MESSAGES.cover;
  return missing;
}

/** PUT campaigns/{id}/publish: the draft goes to review ("Under review"), not public until approved. */
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

export type ReviewDecision = { decision: 'approve' } | { decision: 'send_back'; reason: string };

/** A reviewer approves (live, real custom_tag, campaigner told) or sends back with a reason. */
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
      // issue 31.1, 31.6: a medical fundraiser goes live only with its hospital confirmed and its documents checked
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
    } else {
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
