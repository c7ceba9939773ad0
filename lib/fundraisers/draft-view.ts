// What the campaigner (and a reviewer) sees of a draft: spec 3's draft load, one or many, and the user's own drafts.
import 'server-only';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { causes, fundraiserDocuments, fundraiserMedia, fundraisers, hospitals, rewards, users } from '../db/schema';
import type { ProofDocumentView } from './proof';
import { DRAFT_TAG_PREFIX } from '../constants/fundraisers';
import { toMajor } from '../money';
import { managedBySql } from '../permissions/can';
import { indianDayOf, type WizardStep } from '../validation/drafts';
import { purposeOf, stepsFor, type CampaignPurpose } from './wizard';
import { FUNDRAISER_STATUS, fundraiserStage } from './status';
import type { ScreeningFlag } from '../content/screening';

interface Actor {
  id: number;
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
  /** confirmed is false for a hospital entered by hand until a reviewer confirms it */
  hospital: { id: number | null; name: string | null; city: string | null; confirmed: boolean };
  hospitalisation_status: string | null;
  /** the proof sent for review (no address: reviewers open them through their own route) */
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
  /** the screening's findings when it was sent for review, for the reviewer */
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
