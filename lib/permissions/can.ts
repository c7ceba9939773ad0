// One permission rule. Who someone is to a fundraiser comes from one place (its campaigner, its manager, the
// owner or a member of its NGO/hospital entity, a platform reviewer), and `can` answers every "may they" question
// from it; lists of "fundraisers this user manages" use the same rule as SQL (managedBySql).
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { entityDetails, fundraisers, memberships, users } from '../db/schema';
import { env } from '../env';
import { notFound } from '../http/errors';
import { fundraiserStage } from '../fundraisers/status';

export const MEMBERSHIP = {
  entityMember: { scope: 'entity', role: 'member' },
  reviewer: { scope: 'platform', role: 'reviewer' },
  fieldSales: { scope: 'platform', role: 'field_sales' },
} as const;

/** What a user is to one fundraiser. */
export type FundraiserRole = 'campaigner' | 'manager' | 'organisation' | 'reviewer';

export type Action =
  /** see it before publication (drafts, review) or behind its PIN */
  | 'fundraiser.view'
  /** edit the story, post updates and rewards, see supporters' contact details */
  | 'fundraiser.manage'
  /** approve or send back a fundraiser for publication; on the platform, see the review queue */
  | 'fundraiser.review'
  /** approve or decline a live fundraiser's held change of words or held update */
  | 'fundraiser.review_change'
  /** start fundraisers on behalf of others */
  | 'fundraiser.create_for_others'
  /** an NGO's own people: its tax statements (Form 10BD), its donors' PAN requests and its registration details */
  | 'entity.manage';

export type Resource = { kind: 'fundraiser'; id: number } | { kind: 'platform' } | { kind: 'entity'; id: number };

// the user's entities: owned (entity_details.user_id) or joined (an entity membership)
function entitiesOf(userId: number) {
  return sql`(select ${entityDetails.id} from ${entityDetails} where ${entityDetails.user_id} = ${userId}
    union select ${memberships.scope_id} from ${memberships} where ${memberships.user_id} = ${userId} and ${memberships.scope} = ${MEMBERSHIP.entityMember.scope} and ${memberships.role} = ${MEMBERSHIP.entityMember.role})`;
}

// the fundraiser raises for (or was created by) an NGO or hospital entity of the user's
function organisationSql(userId: number): SQL {
  const entities = entitiesOf(userId);
  return or(sql`${fundraisers.entity_details_id} in ${entities}`, sql`${fundraisers.creator_entity_details_id} in ${entities}`)!;
}

/** Fundraisers this user runs, manages, or raises for through an NGO or hospital entity of theirs. */
export function managedBySql(userId: number): SQL {
  return or(eq(fundraisers.campaigner_id, userId), eq(fundraisers.manager_id, userId), organisationSql(userId))!;
}

/**
 * The fundraiser's own people: its campaigner (the owner), its manager, and the owners and members of the
 * entity it raises for and of the one that started it (an NGO, a hospital, the field-sales agent's). The user ids as SQL.
 */
function fundraiserPeopleSql(fundraiserId: number): SQL {
  const f = sql`(select ${fundraisers.entity_details_id} as raising, ${fundraisers.creator_entity_details_id} as starting from ${fundraisers} where ${fundraisers.id} = ${fundraiserId})`;
  return sql`(select ${fundraisers.campaigner_id} from ${fundraisers} where ${fundraisers.id} = ${fundraiserId}
    union select ${fundraisers.manager_id} from ${fundraisers} where ${fundraisers.id} = ${fundraiserId} and ${fundraisers.manager_id} is not null
    union select ${entityDetails.user_id} from ${entityDetails}, ${f} f where ${entityDetails.id} in (f.raising, f.starting)
    union select ${memberships.user_id} from ${memberships}, ${f} f where ${memberships.scope} = ${MEMBERSHIP.entityMember.scope} and ${memberships.role} = ${MEMBERSHIP.entityMember.role} and ${memberships.scope_id} in (f.raising, f.starting))`;
}

/** True when any of these accounts, or the account of this email (as typed on a cart), is one of the fundraiser's own people. */
export async function isFundraisersOwnPerson(db: DbOrTx, fundraiserId: number, who: { userIds: readonly (number | null | undefined)[]; email: string | null | undefined }): Promise<boolean> {
  const ids = who.userIds.filter((id): id is number => typeof id === 'number');
  const email = who.email?.trim().toLowerCase() || null;
  if (!ids.length && !email) return false;
  const byId = ids.length ? sql`${users.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  const byEmail = email ? sql`lower(${users.email}) = ${email}` : sql`false`;
  const [row] = await db.select({ yes: sql<boolean>`true` }).from(users).where(and(or(byId, byEmail), sql`${users.id} in ${fundraiserPeopleSql(fundraiserId)}`)).limit(1);
  return Boolean(row);
}

/** REVIEWER_EMAILS, lower-cased: these accounts review as if they held the reviewer membership. */
export function configuredReviewers(list = env().REVIEWER_EMAILS): Set<string> {
  return new Set((list ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean));
}

async function platformRoles(db: DbOrTx, userId: number): Promise<Set<string>> {
  const rows = await db.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.user_id, userId), eq(memberships.scope, 'platform')));
  const roles = new Set(rows.map((r) => r.role));
  // the profile's flags say the same as memberships: spec 6's isFOS, and the configured reviewers
  const [u] = await db.select({ email: users.email, is_fos: users.is_fos, email_verified_at: users.email_verified_at }).from(users).where(eq(users.id, userId));
  if (u?.is_fos) roles.add(MEMBERSHIP.fieldSales.role);
  // only a proven address: anyone may sign up with a password under the reviewer's email before the reviewer does
  if (u?.email_verified_at && configuredReviewers().has(u.email.toLowerCase())) roles.add(MEMBERSHIP.reviewer.role);
  return roles;
}

// what the user is to the fundraiser, and where the fundraiser is in its life: one read of its row
async function relationTo(db: DbOrTx, userId: number, fundraiserId: number) {
  const roles = new Set<FundraiserRole>();
  const [f] = await db
    .select({ campaigner_id: fundraisers.campaigner_id, manager_id: fundraisers.manager_id, organisation: sql<boolean>`${organisationSql(userId)}`, status_flag: fundraisers.status_flag, end_date: fundraisers.end_date })
    .from(fundraisers)
    .where(eq(fundraisers.id, fundraiserId));
  if (!f) return { roles, stage: null };
  if (f.campaigner_id === userId) roles.add('campaigner');
  if (f.manager_id === userId) roles.add('manager');
  if (f.organisation) roles.add('organisation');
  if ((await platformRoles(db, userId)).has(MEMBERSHIP.reviewer.role)) roles.add('reviewer');
  return { roles, stage: fundraiserStage(f) };
}

/** Every role the user holds on the fundraiser (empty for a stranger), in one query plus the platform's. */
export async function fundraiserRoles(db: DbOrTx, userId: number, fundraiserId: number): Promise<Set<FundraiserRole>> {
  return (await relationTo(db, userId, fundraiserId)).roles;
}

const MANAGING: readonly FundraiserRole[] = ['campaigner', 'manager', 'organisation'];

/** The one question every route and page asks. A signed-out visitor (null) may do none of these. */
export async function can(db: DbOrTx, user: { id: number } | null, action: Action, resource: Resource): Promise<boolean> {
  if (!user) return false;
  if (resource.kind === 'entity') {
    if (action !== 'entity.manage') return false;
    const [own] = await db.select({ yes: sql<boolean>`true` }).from(entityDetails).where(and(eq(entityDetails.id, resource.id), sql`${entityDetails.id} in ${entitiesOf(user.id)}`)).limit(1);
    return Boolean(own);
  }
  if (resource.kind === 'platform') {
    const roles = await platformRoles(db, user.id);
    if (action === 'fundraiser.review') return roles.has(MEMBERSHIP.reviewer.role);
    return action === 'fundraiser.create_for_others' && roles.has(MEMBERSHIP.fieldSales.role);
  }
  const { roles, stage } = await relationTo(db, user.id, resource.id);
  const manages = MANAGING.some((r) => roles.has(r));
  switch (action) {
    case 'fundraiser.manage':
      return manages;
    case 'fundraiser.view':
      return manages || roles.has('reviewer');
    case 'fundraiser.review':
      // nobody approves their own fundraiser, and only one waiting for review
      return roles.has('reviewer') && !manages && stage === 'under_review';
    case 'fundraiser.review_change':
      // a public fundraiser's held words: never judged by one of its own people
      return roles.has('reviewer') && !manages && (stage === 'running' || stage === 'ended');
    default:
      return false;
  }
}

/** Only the entity's own people (its owner and members) go on; anyone else is told it does not exist. */
export async function assertManagesEntity(db: DbOrTx, user: { id: number } | null, entityId: number): Promise<void> {
  if (!(await can(db, user, 'entity.manage', { kind: 'entity', id: entityId }))) throw notFound('Organisation not found');
}

/** Only those who manage the fundraiser go on; anyone else is told it does not exist (a stranger learns nothing). */
export async function assertManages(db: DbOrTx, user: { id: number } | null, fundraiserId: number): Promise<void> {
  if (!(await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id: fundraiserId }))) throw notFound('Fundraiser not found');
}
