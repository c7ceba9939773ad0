// One permission rule. Each case creates the people and fundraisers it needs (factories, no demo seed),
// then asks `can` and the lists that use the same rule.
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entityDetails, fundraisers, memberships, users } from '@/lib/db/schema';
import { accountFacts } from '@/lib/auth/destination';
import { managedFundraisersOf } from '@/lib/portfolio/queries';
import { can, fundraiserRoles, MEMBERSHIP, type Action } from '@/lib/permissions/can';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { closeDb, getDb } from '@/lib/db/client';
import { makeFundraiser, makeUser } from '../factories';

const run = Date.now().toString(36);
let db: Db;
let seq = 0;
const made = { users: [] as number[], entities: [] as number[], fundraisers: [] as number[] };

const person = async (name: string) => {
  const u = await makeUser(db, name);
  made.users.push(u.id);
  return u;
};
const entity = async (ownerId: number) => {
  const [e] = await db.insert(entityDetails).values({ user_id: ownerId, entity_type: 'ngo', name: `Trust ${run} ${++seq}` }).returning();
  made.entities.push(e.id);
  return e;
};
const fundraiser = async (values: Partial<typeof fundraisers.$inferInsert>) => {
  const f = await makeFundraiser(db, values);
  made.fundraisers.push(f.id);
  return f;
};

beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  await db.delete(fundraisers).where(inArray(fundraisers.id, made.fundraisers));
  await db.delete(entityDetails).where(inArray(entityDetails.id, made.entities));
  await db.delete(memberships).where(inArray(memberships.user_id, made.users));
  await db.delete(users).where(inArray(users.id, made.users));
  await closeDb();
});

it('campaigner, manager, NGO owner and NGO member manage it; a reviewer may only view and review it; strangers nothing', async () => {
  const [campaigner, manager, owner, member, reviewer, stranger] = await Promise.all(['Campaigner', 'Manager', 'Owner', 'Member', 'Reviewer', 'Stranger'].map(person));
  const ngo = await entity(owner.id);
  await db.insert(memberships).values([
    { user_id: member.id, scope: MEMBERSHIP.entityMember.scope, scope_id: ngo.id, role: MEMBERSHIP.entityMember.role },
    { user_id: reviewer.id, scope: MEMBERSHIP.reviewer.scope, scope_id: 0, role: MEMBERSHIP.reviewer.role },
  ]);
  const f = await fundraiser({ campaigner_id: campaigner.id, manager_id: manager.id, entity_details_id: ngo.id, status_flag: FUNDRAISER_STATUS.underReview });
  const ask = async (u: { id: number } | null, action: Action) => can(db, u, action, { kind: 'fundraiser', id: f.id });
  const matrix = async (action: Action) => Promise.all([campaigner, manager, owner, member, reviewer, stranger, null].map((u) => ask(u, action)));

  expect(await matrix('fundraiser.manage')).toEqual([true, true, true, true, false, false, false]);
  expect(await matrix('fundraiser.view')).toEqual([true, true, true, true, true, false, false]);
  expect(await matrix('fundraiser.review')).toEqual([false, false, false, false, true, false, false]);
  expect([...(await fundraiserRoles(db, member.id, f.id))]).toEqual(['organisation']);

  // once published there is nothing left to review
  await db.update(fundraisers).set({ status_flag: FUNDRAISER_STATUS.live }).where(inArray(fundraisers.id, [f.id]));
  expect(await ask(reviewer, 'fundraiser.review')).toBe(false);
});

it('a reviewer never reviews a fundraiser of their own', async () => {
  const reviewer = await person('Self Reviewer');
  await db.insert(memberships).values({ user_id: reviewer.id, scope: 'platform', scope_id: 0, role: MEMBERSHIP.reviewer.role });
  const f = await fundraiser({ campaigner_id: reviewer.id, status_flag: FUNDRAISER_STATUS.underReview });
  expect(await can(db, reviewer, 'fundraiser.review', { kind: 'fundraiser', id: f.id })).toBe(false);
});

it('only field sales may start fundraisers for others', async () => {
  const [sales, other] = await Promise.all([person('Field Sales'), person('Other')]);
  await db.insert(memberships).values({ user_id: sales.id, scope: 'platform', scope_id: 0, role: MEMBERSHIP.fieldSales.role });
  expect(await can(db, sales, 'fundraiser.create_for_others', { kind: 'platform' })).toBe(true);
  expect(await can(db, other, 'fundraiser.create_for_others', { kind: 'platform' })).toBe(false);
});

it('the manage list and the sign-in destination use the same rule: an NGO member sees and counts its running fundraisers', async () => {
  const [owner, member] = await Promise.all([person('List Owner'), person('List Member')]);
  const ngo = await entity(owner.id);
  await db.insert(memberships).values({ user_id: member.id, scope: 'entity', scope_id: ngo.id, role: 'member' });
  const f = await fundraiser({ campaigner_id: owner.id, creator_entity_details_id: ngo.id, status_flag: FUNDRAISER_STATUS.live });
  expect((await managedFundraisersOf(db, member.id)).map((x) => [x.id, x.role])).toEqual([[f.id, 'organisation']]);
  expect((await accountFacts(db, member.id)).activeCampaigns).toBe(1);
});
