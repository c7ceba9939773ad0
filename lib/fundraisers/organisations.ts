// NGO and hospital views (spec 6, 7, 9). An NGO's people see its fundraisers with the dashboard's figures and
// the two numbers the spec's dashboard data call answers (data.tax_benefit, data.ngo_active_campaigns); a hospital desk
// (is_hospital, with its hospital) sees, read only, the published fundraisers naming its hospital.
import 'server-only';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { entityDetails, fundraisers, hospitals, memberships, users } from '../db/schema';
import { MANAGE_LIST_LIMIT } from '../constants/dashboard';
import { managedBySql, MEMBERSHIP } from '../permissions/can';
import { progressPercent } from './rules';
import { daysLeft, fundraiserStage, type FundraiserStage } from './status';
import { publishedSql, runningSql } from './status-sql';

export interface OrganisationFundraiser {
  id: number;
  title: string;
  custom_tag: string;
  currency: string;
  goal_minor: number;
  raised_minor: number;
  donor_count: number;
  progress_percent: number;
  days_left: number | null;
  stage: FundraiserStage;
  is_private: boolean;
}

export interface NgoOf {
  id: number;
  name: string;
  has_80g: boolean;
  registration_number: string | null;
}

export interface NgoDashboard {
  ngos: NgoOf[];
  /** spec 9: any of the user's NGOs can give 80G receipts */
  tax_benefit: boolean;
  /** running fundraisers of the user's NGOs */
  ngo_active_campaigns: number;
  campaigns: OrganisationFundraiser[];
}

const columns = {
  id: fundraisers.id,
  title: fundraisers.title,
  custom_tag: fundraisers.custom_tag,
  currency: fundraisers.currency,
  goal_minor: fundraisers.goal_minor,
  raised_minor: fundraisers.raised_minor,
  donor_count: fundraisers.donor_count,
  status_flag: fundraisers.status_flag,
  end_date: fundraisers.end_date,
  is_private: fundraisers.is_private,
};

function figures(f: Omit<OrganisationFundraiser, 'progress_percent' | 'days_left' | 'stage'> & { status_flag: number; end_date: Date | null }, now: Date): OrganisationFundraiser {
  return {
    id: f.id,
    title: f.title,
    custom_tag: f.custom_tag,
    currency: f.currency,
    goal_minor: f.goal_minor,
    raised_minor: f.raised_minor,
    donor_count: f.donor_count,
    progress_percent: progressPercent(f.raised_minor, f.goal_minor),
    days_left: daysLeft(f, now),
    stage: fundraiserStage(f, now),
    is_private: f.is_private,
  };
}

/** The NGO entities the user owns or is a member of. */
async function ngosOf(db: DbOrTx, userId: number): Promise<NgoOf[]> {
  const joined = db.select({ id: memberships.scope_id }).from(memberships).where(and(eq(memberships.user_id, userId), eq(memberships.scope, MEMBERSHIP.entityMember.scope), eq(memberships.role, MEMBERSHIP.entityMember.role)));
  return db
    .select({ id: entityDetails.id, name: entityDetails.name, has_80g: entityDetails.has_80g, registration_number: entityDetails.registration_number })
    .from(entityDetails)
    .where(and(eq(entityDetails.entity_type, 'ngo'), or(eq(entityDetails.user_id, userId), inArray(entityDetails.id, joined))))
    .orderBy(entityDetails.id);
}

/** spec 7 dashboard data (task=get_campaigns): the user's NGOs, their 80G standing and their fundraisers, newest first. */
export async function ngoDashboard(db: DbOrTx, userId: number, count: number, now = new Date()): Promise<NgoDashboard> {
  const ngos = await ngosOf(db, userId);
  const ids = ngos.map((n) => n.id);
  const ofNgos = ids.length ? or(inArray(fundraisers.entity_details_id, ids), inArray(fundraisers.creator_entity_details_id, ids))! : null;
  // an individual campaigner's own fundraisers are her dashboard too (they were left out: an empty list)
  const shown = ofNgos ? or(ofNgos, managedBySql(userId))! : managedBySql(userId);
  const [rows, [active]] = await Promise.all([
    db.select(columns).from(fundraisers).where(shown).orderBy(desc(fundraisers.created_at), desc(fundraisers.id)).limit(count),
    ofNgos ? db.select({ n: sql<number>`count(*)::int` }).from(fundraisers).where(and(ofNgos, runningSql(now))) : [{ n: 0 }],
  ]);
  return { ngos, tax_benefit: ngos.some((n) => n.has_80g), ngo_active_campaigns: active.n, campaigns: rows.map((f) => figures(f, now)) };
}

/** A hospital desk's hospital and the published fundraisers naming it (null for anyone else). */
export async function hospitalFundraisers(db: DbOrTx, userId: number, now = new Date()): Promise<{ hospital: string; fundraisers: OrganisationFundraiser[] } | null> {
  const [u] = await db
    .select({ hospital_id: users.hospital_id, is_hospital: users.is_hospital, name: hospitals.name })
    .from(users)
    .leftJoin(hospitals, eq(hospitals.id, users.hospital_id))
    .where(eq(users.id, userId));
  if (!u?.is_hospital || u.hospital_id === null || !u.name) return null;
  const rows = await db
    .select(columns)
    .from(fundraisers)
    .where(and(eq(fundraisers.hospital_id, u.hospital_id), publishedSql()))
    .orderBy(desc(fundraisers.published_at), desc(fundraisers.id))
    .limit(MANAGE_LIST_LIMIT);
  return { hospital: u.name, fundraisers: rows.map((f) => figures(f, now)) };
}
