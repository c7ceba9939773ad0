// Starting a fundraiser: a draft is a fundraiser row at status draft, made here and saved by every wizard step (a live
// one's dashboard edits too), until it goes to review (review.ts). Who may touch it is `can`'s answer.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { causes, diseases, entityDetails, fundraiserDocuments, fundraiserMedia, fundraisers, users } from '../db/schema';
import { resolveHospital } from './proof';
import { changeableFundraiser } from './changeable';
import { ALL_MEDICAL_CAUSE_IDS, CAUSE, DRAFT_TAG_PREFIX, MEDICAL_CAUSE_IDS_FOR_PERSONAL } from '../constants/fundraisers';
import { toMinor } from '../money';
import { ApiError, conflict, forbidden, notFound } from '../http/errors';
import { can } from '../permissions/can';
import { sanitizeStoryHtml } from '../content/sanitize';
import { DRAFT_MESSAGES, endOfIndianDay, type DraftFields } from '../validation/drafts';
import { FUNDRAISER_STATUS, fundraiserStage } from './status';
import { findUserByEmail, findUserByPhone, createUser, dummyEmailFor } from '../auth/accounts';
import { enqueueMessage } from '../outbox/queue';
import { beneficiaryEmail, beneficiarySms } from '../email/fundraiser';
import { emailBrand } from '../email/brand';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { changeLiveWords, type LiveWordsOutcome } from './live-edits';
import { draftView, type DraftView } from './draft-view';

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
 * by hand is kept as an unconfirmed one, which the actor or this draft (currentHospital) may name.
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
  // in the site's default language (the beneficiary's is not known), naming the main site: a draft has no partner's
  const origin = mainSiteOrigin(siteConfig());
  const brand = await emailBrand(db, origin);
  if (b.email) await enqueueMessage(db, await beneficiaryEmail({ email: b.email, agent: agentName, origin, brand }));
  else if (b.phone_1) await enqueueMessage(db, await beneficiarySms({ phone: b.phone_1, agent: agentName, brand }));
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
 * once). New words the screening flags are held for a reviewer, the public words unchanged (live-edits.ts).
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

/** users/drafts/discard: removes a draft and its media rows; returns the upload ids whose stored files are to go. */
export async function discardDraft(db: Db, user: Actor, id: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (!(await can(tx, user, 'fundraiser.manage', { kind: 'fundraiser', id }))) throw notFound('Draft not found');
    const [f] = await tx.select({ status_flag: fundraisers.status_flag, end_date: fundraisers.end_date }).from(fundraisers).where(eq(fundraisers.id, id)).for('update');
    const stage = fundraiserStage(f);
    if (stage !== 'draft' && stage !== 'rejected' && stage !== 'under_review') throw conflict('A live fundraiser cannot be discarded');
    const uploads = await tx.selectDistinct({ upload_id: fundraiserMedia.upload_id }).from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, id));
    // the private documents' files go with it too
    const documents = await tx.select({ upload_id: fundraiserDocuments.upload_id }).from(fundraiserDocuments).where(eq(fundraiserDocuments.fundraiser_id, id));
    await tx.delete(fundraisers).where(eq(fundraisers.id, id));
    return [...uploads, ...documents].map((u) => u.upload_id).filter((u): u is string => Boolean(u));
  });
}
