// Issue 13, supporting fundraisers (spec 7 "start supporting fundraiser", "PUT edit supporting fundraiser", the parent's
// list): a supporter raises for a running fundraiser; every gift to it, and every refund, moves the parent's total in the
// same transaction; check:ledger agrees; the money is withdrawn from the parent, never from the supporter's page.
import { eq } from 'drizzle-orm';
import { GET as listRoute, POST as startRoute } from '@/app/api/fundraisers/[id]/supporting/route';
import { PUT as editRoute } from '@/app/api/fundraisers/[id]/supporting/[supportId]/route';
import { PUT as payoutRoute } from '@/app/api/campaigns/[id]/payout-account/route';
import { carts, fundraiserMedia, fundraisers, payoutAccounts } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { requestRefund } from '@/lib/payments/refunds';
import { checkLedger } from '@/lib/payments/ledger-check';
import { SUPPORTING_MESSAGES } from '@/lib/validation/supporting';
import { DAY_MS } from '@/lib/constants';
import { makeFundraiser, makeOrder, makeUser } from '../helpers/factories';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';

let db: Db;
let ip = 0;
let seq = 0;
const ORIGIN = 'http://localhost';

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = { authorization: string } | Record<string, never>;
const person = (name: string) => signedInPerson(db, name);
const send = (method: string, auth: Auth, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.14.0.${++ip % 250}`, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const start = (auth: Auth, parentId: number, body: unknown) => call(startRoute, `/api/fundraisers/${parentId}/supporting`, { id: String(parentId) }, send('POST', auth, body));
const edit = (auth: Auth, parentId: number, id: number, body: unknown) => call(editRoute, '/x', { id: String(parentId), supportId: String(id) }, send('PUT', auth, body));
const list = (parentId: number) => call(listRoute, `/api/fundraisers/${parentId}/supporting`, { id: String(parentId) }, send('GET', {}));
const now = async (id: number) => (await db.select().from(fundraisers).where(eq(fundraisers.id, id)))[0];

const STORY = '<p>Meera and I studied together; I am asking our class of 2009 to help her family.</p>';
const started = (title: string) => ({ title, story: STORY, goal: 50_000 });

/** A paid gift of `minor` paise to the fundraiser, settled as a gateway webhook would. */
async function gift(fundraiserId: number, minor: number) {
  const donor = await makeUser(db, 'Supporting Donor');
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, user_id: donor.id, currency: 'INR', donated_amount_minor: minor, donated_amount_inr_minor: minor, donor_name: 'Supporting Donor', donor_email: donor.email })
    .returning();
  return makeOrder(db, { order_id: `SHYSUP${Date.now()}${++seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, user_id: donor.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: minor, credited_amount_minor: minor, status: 'success' });
}

describe('starting a supporting fundraiser', () => {
  it("is live at once with the supporter's words and the parent's cause, beneficiary, currency and pictures", async () => {
    const parent = await makeFundraiser(db, { beneficiary_name: 'Meera Iyer', beneficiary_relation: 'friend', city: 'Chennai', taxexempted: true });
    await db.insert(fundraiserMedia).values({ fundraiser_id: parent.id, kind: 'leaderboard', cdn_path: '/media/demo/parent.jpg', upload_id: 'parent-upload', width: 1200, height: 675 });
    const supporter = await person('Class Of Two Thousand Nine');
    const r = await start(supporter.auth, parent.id, started(`Class of 2009 for Meera ${parent.id}`));
    expect(r.status).toBe(201);
    const s = await now(r.body.data.id);
    expect(s).toMatchObject({ status_flag: FUNDRAISER_STATUS.live, support_campaign_id: parent.id, campaigner_id: supporter.id, currency: 'INR', goal_minor: 5_000_000, cause_id: parent.cause_id, parent_cause_id: parent.parent_cause_id, beneficiary_name: 'Meera Iyer', taxexempted: true, end_date: parent.end_date });
    expect(s.custom_tag).toBe(r.body.data.custom_tag);
    expect(s.custom_tag).toMatch(/^class-of-2009-for-meera-\d+/);
    expect(s.story_description).toBe(STORY);
    // the parent's picture is shown, but its upload stays the parent's alone
    const media = await db.select().from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, s.id));
    expect(media.map((m) => [m.kind, m.cdn_path, m.upload_id])).toEqual([['leaderboard', '/media/demo/parent.jpg', null]]);
    // the parent's list names it
    const listed = await list(parent.id);
    expect(listed.body.data.map((x: { id: number }) => x.id)).toEqual([s.id]);
  });

  it('is refused signed out, for an ended, private, unpublished or supporting parent, and with a story of markup only', async () => {
    const supporter = await person('Refused Supporter');
    const parent = await makeFundraiser(db);
    expect((await start({}, parent.id, started('Signed out supporter page'))).status).toBe(401);
    const ended = await makeFundraiser(db, { end_date: new Date(Date.now() - DAY_MS) });
    expect((await start(supporter.auth, ended.id, started('For an ended fundraiser'))).body.error.message).toBe(SUPPORTING_MESSAGES.parentNotRunning);
    const hidden = await makeFundraiser(db, { is_private: true });
    expect((await start(supporter.auth, hidden.id, started('For a private fundraiser'))).body.error.message).toBe(SUPPORTING_MESSAGES.parentPrivate);
    const draft = await makeFundraiser(db, { status_flag: FUNDRAISER_STATUS.draft });
    expect((await start(supporter.auth, draft.id, started('For a draft fundraiser'))).status).toBe(404);
    const first = (await start(supporter.auth, parent.id, started('A first level supporter'))).body.data;
    const chained = await start(supporter.auth, first.id, started('A second level supporter'));
    expect([chained.status, chained.body.error.message]).toEqual([409, SUPPORTING_MESSAGES.parentIsSupporting]);
    const empty = await start(supporter.auth, parent.id, { ...started('Markup only supporter'), story: '<p><script>alert(1)</script></p><p>   </p>' });
    expect(empty.body.error.fields).toEqual({ story: SUPPORTING_MESSAGES.story });
    const late = await start(supporter.auth, parent.id, { ...started('Ends after the parent'), end_date: new Date(parent.end_date!.getTime() + 5 * DAY_MS).toISOString().slice(0, 10) });
    expect(late.body.error.fields).toEqual({ end_date: SUPPORTING_MESSAGES.endAfterParent });
    // nothing half-written: only the one good supporting fundraiser exists
    expect((await db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.support_campaign_id, parent.id))).map((x) => x.id)).toEqual([first.id]);
  });
});

describe('editing a supporting fundraiser', () => {
  it("is its owner's alone: not the parent's campaigner, not a stranger, not signed out", async () => {
    const parentOwner = await person('Parent Owner');
    const parent = await makeFundraiser(db, { campaigner_id: parentOwner.id });
    const supporter = await person('Editing Supporter');
    const stranger = await person('Editing Stranger');
    const s = (await start(supporter.auth, parent.id, started('Office colleagues raising'))).body.data;
    expect((await edit(parentOwner.auth, parent.id, s.id, { title: 'Taken over by the parent' })).status).toBe(404);
    expect((await edit(stranger.auth, parent.id, s.id, { goal: 1_000 })).status).toBe(404);
    expect((await edit({}, parent.id, s.id, { goal: 1_000 })).status).toBe(401);
    // through another parent's address it does not exist
    const other = await makeFundraiser(db);
    expect((await edit(supporter.auth, other.id, s.id, { goal: 1_000 })).status).toBe(404);
    const ok = await edit(supporter.auth, parent.id, s.id, { title: 'Office colleagues raising more', goal: 80_000 });
    expect(ok.status).toBe(200);
    expect(await now(s.id)).toMatchObject({ title: 'Office colleagues raising more', goal_minor: 8_000_000 });
  });
});

describe('money to a supporting fundraiser', () => {
  it("credits it and rolls up into the parent's total in the same transaction; refunds roll back; check:ledger agrees", async () => {
    const parent = await makeFundraiser(db);
    const supporter = await person('Rolling Supporter');
    const s = (await start(supporter.auth, parent.id, started('Cycling club raising'))).body.data;
    await gift(parent.id, 100_000);
    const order = await gift(s.id, 40_000);
    await gift(s.id, 10_000);
    expect(await now(s.id)).toMatchObject({ raised_minor: 50_000, donor_count: 2 });
    expect(await now(parent.id)).toMatchObject({ raised_minor: 150_000, donor_count: 3 });
    // the parent's list shows what the supporter raised
    expect((await list(parent.id)).body.data[0]).toMatchObject({ id: s.id, raised_minor: 50_000 });

    const refund = await requestRefund(db, order.order_id, 40_000, { reason: 'donor asked', origin: ORIGIN });
    expect(refund.outcome.result).toBe('refund_processed');
    // both pages are expired when the refund commits
    expect(refund.outcome.fundraisers.sort()).toEqual([parent.id, s.id].sort());
    expect(await now(s.id)).toMatchObject({ raised_minor: 10_000, donor_count: 1 });
    expect(await now(parent.id)).toMatchObject({ raised_minor: 110_000, donor_count: 2 });

    const report = await checkLedger(db);
    expect(report.mismatchedFundraisers.filter((m) => [parent.id, s.id].includes(m.id))).toEqual([]);
    // and it would notice a parent whose total forgot its supporter
    await db.update(fundraisers).set({ raised_minor: 100_000 }).where(eq(fundraisers.id, parent.id));
    expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === parent.id)).toEqual([{ id: parent.id, raised: 100_000, ledger: 110_000 }]);
    await db.update(fundraisers).set({ raised_minor: 110_000 }).where(eq(fundraisers.id, parent.id));
  });

  it("is withdrawn through the parent: a supporting fundraiser takes no payout account", async () => {
    const parent = await makeFundraiser(db);
    const supporter = await person('Payout Supporter');
    const s = (await start(supporter.auth, parent.id, started('Neighbours raising together'))).body.data;
    const r = await call(payoutRoute, '/x', { id: String(s.id) }, send('PUT', supporter.auth, { account_holder_name: 'Payout Supporter', account_number: '123456789012', account_number_confirm: '123456789012', ifsc_code: 'HDFC0001234' }));
    expect([r.status, r.body.error.message]).toEqual([409, SUPPORTING_MESSAGES.noWithdrawals]);
    expect(await db.select().from(payoutAccounts).where(eq(payoutAccounts.fundraiser_id, s.id))).toEqual([]);
  });
});
