// NGO, hospital and field roles (spec 6, 7, 9): the dashboard data call (task=get_campaigns, count=50) answers
// an NGO's tax_benefit and ngo_active_campaigns with its fundraisers; a hospital desk sees the published fundraisers
// naming its hospital; a field-sales agent's list says which fundraisers they started for others; an NGO's 80G
// registration is on its donors' receipts.
import { and, eq } from 'drizzle-orm';
import { GET as dashboardRoute } from '@/app/api/dashboard/route';
import { carts, entityDetails, hospitals, memberships, outbox, users } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { hospitalFundraisers } from '@/lib/fundraisers/organisations';
import { managedFundraisersOf } from '@/lib/portfolio/queries';
import { MEMBERSHIP } from '@/lib/permissions/can';
import { DAY_MS } from '@/lib/constants/time';
import { makeFundraiser, makeOrder, makeUser } from '../factories';
import { signedIn } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';

let db: Db;
let seq = 0;

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = { authorization: string } | Record<string, never>;
const dashboard = (auth: Auth, query: string) => call(dashboardRoute, `/api/dashboard?${query}`, {}, { headers: { ...auth } });
const bearer = async (userId: number) => ({ authorization: `Bearer ${(await signedIn(db, userId)).token}` });

async function ngo(name: string, has80g: boolean) {
  const owner = await makeUser(db, name);
  const [e] = await db.insert(entityDetails).values({ user_id: owner.id, entity_type: 'ngo', name, has_80g: has80g, registration_number: has80g ? `AAATN${++seq}F20214` : null, pan_number: `AAATN${seq}123K` }).returning();
  return { owner, entity: e };
}

describe('the dashboard data call (spec 7, task=get_campaigns)', () => {
  it("answers an NGO's 80G standing, its running fundraisers' count and its fundraisers; not another NGO's", async () => {
    const { owner, entity } = await ngo('Annadaan Trust', true);
    const running = await makeFundraiser(db, { campaigner_id: owner.id, entity_details_id: entity.id, creator_entity_details_id: entity.id, taxexempted: true });
    const ended = await makeFundraiser(db, { campaigner_id: owner.id, entity_details_id: entity.id, end_date: new Date(Date.now() - DAY_MS) });
    const other = await ngo('Other Trust', false);
    const theirs = await makeFundraiser(db, { campaigner_id: other.owner.id, entity_details_id: other.entity.id });

    const r = await dashboard(await bearer(owner.id), 'task=get_campaigns&count=50');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ tax_benefit: true, ngo_active_campaigns: 1 });
    const ids = r.body.data.campaigns.map((c: { id: number }) => c.id);
    expect(ids.sort()).toEqual([running.id, ended.id].sort());
    expect(ids).not.toContain(theirs.id);
    expect(r.body.data.campaigns.find((c: { id: number }) => c.id === ended.id)).toMatchObject({ stage: 'ended', days_left: 0 });
    // count limits the list, the active count does not change with it
    const one = await dashboard(await bearer(owner.id), 'task=get_campaigns&count=1');
    expect([one.body.data.campaigns.length, one.body.data.ngo_active_campaigns]).toEqual([1, 1]);

    // a member of the NGO sees the same; the other NGO has no 80G
    const member = await makeUser(db, 'Annadaan Volunteer');
    await db.insert(memberships).values({ user_id: member.id, scope: MEMBERSHIP.entityMember.scope, role: MEMBERSHIP.entityMember.role, scope_id: entity.id });
    expect((await dashboard(await bearer(member.id), 'task=get_campaigns&count=50')).body.data.ngo_active_campaigns).toBe(1);
    expect((await dashboard(await bearer(other.owner.id), 'task=get_campaigns&count=50')).body.data).toMatchObject({ tax_benefit: false, ngo_active_campaigns: 1 });
  });

  it('refuses signed out, an unknown task and a count above 50; a person with no NGO gets nothing', async () => {
    const plain = await makeUser(db, 'No Ngo Person');
    expect((await dashboard({}, 'task=get_campaigns&count=50')).status).toBe(401);
    expect((await dashboard(await bearer(plain.id), 'task=get_donors&count=50')).status).toBe(422);
    expect((await dashboard(await bearer(plain.id), 'task=get_campaigns&count=51')).status).toBe(422);
    expect((await dashboard(await bearer(plain.id), 'task=get_campaigns&count=50')).body.data).toEqual({ tax_benefit: false, ngo_active_campaigns: 0, ngos: [], campaigns: [] });
  });
});

describe('hospital and field-sales views (spec 6)', () => {
  it("a hospital desk sees the published fundraisers naming its hospital, not drafts nor another hospital's", async () => {
    const [h] = await db.insert(hospitals).values({ name: `Test Hospital ${Date.now()}`, city: 'Pune', state: 'Maharashtra' }).returning();
    const [other] = await db.insert(hospitals).values({ name: `Other Hospital ${Date.now()}`, city: 'Pune', state: 'Maharashtra' }).returning();
    const desk = await makeUser(db, 'Hospital Desk');
    await db.update(users).set({ is_hospital: true, hospital_id: h.id }).where(eq(users.id, desk.id));
    const live = await makeFundraiser(db, { hospital_id: h.id, hospital_name: h.name });
    const draft = await makeFundraiser(db, { hospital_id: h.id, status_flag: FUNDRAISER_STATUS.draft });
    const elsewhere = await makeFundraiser(db, { hospital_id: other.id });
    const seen = await hospitalFundraisers(db, desk.id);
    expect(seen?.hospital).toBe(h.name);
    expect(seen?.fundraisers.map((f) => f.id)).toEqual([live.id]);
    expect(seen?.fundraisers.map((f) => f.id)).not.toContain(draft.id);
    expect(seen?.fundraisers.map((f) => f.id)).not.toContain(elsewhere.id);
    // read only: it is not one of theirs to manage
    expect((await managedFundraisersOf(db, desk.id)).map((f) => f.id)).not.toContain(live.id);
    // the hospital is not enough without the hospital flag
    const notDesk = await makeUser(db, 'Not A Desk');
    await db.update(users).set({ hospital_id: h.id }).where(eq(users.id, notDesk.id));
    expect(await hospitalFundraisers(db, notDesk.id)).toBeNull();
  });

  it("a field-sales agent's list marks the fundraisers started for others", async () => {
    const agent = await makeUser(db, 'Field Agent');
    const [own] = await db.insert(entityDetails).values({ user_id: agent.id, entity_type: 'individual', name: 'Field Agent' }).returning();
    const forOther = await makeFundraiser(db, { creator_entity_details_id: own.id });
    const mine = await makeFundraiser(db, { campaigner_id: agent.id });
    const roles = Object.fromEntries((await managedFundraisersOf(db, agent.id)).map((f) => [f.id, f.role]));
    expect(roles[forOther.id]).toBe('created_for_others');
    expect(roles[mine.id]).toBe('campaigner');
  });
});

describe("an NGO's 80G details on the receipt", () => {
  async function receiptFor(fundraiserId: number) {
    const donor = await makeUser(db, 'Receipt Donor');
    const [cart] = await db.insert(carts).values({ fundraiser_id: fundraiserId, user_id: donor.id, currency: 'INR', donated_amount_minor: 50_000, donated_amount_inr_minor: 50_000, donor_name: 'Receipt Donor', donor_email: donor.email }).returning();
    await makeOrder(db, { order_id: `SHYNGO${Date.now()}${++seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, user_id: donor.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 50_000, credited_amount_minor: 50_000, status: 'success' });
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.recipient, donor.email), eq(outbox.channel, 'email')));
    return mail.body;
  }

  it('names the registration and PAN of an 80G NGO, and nothing of the kind otherwise', async () => {
    const { owner, entity } = await ngo('Vidya Trust', true);
    const f = await makeFundraiser(db, { campaigner_id: owner.id, entity_details_id: entity.id, taxexempted: true });
    const body = await receiptFor(f.id);
    expect(body).toContain(`Vidya Trust is registered under section 80G`);
    expect(body).toContain(entity.registration_number!);
    expect(body).toContain(entity.pan_number!);
    const without = await ngo('Plain Trust', false);
    const g = await makeFundraiser(db, { campaigner_id: without.owner.id, entity_details_id: without.entity.id });
    expect(await receiptFor(g.id)).not.toContain('80G of the Income Tax Act');
  });
});
