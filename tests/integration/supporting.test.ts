// Supporting fundraisers (spec 7 "start supporting fundraiser", "PUT edit supporting fundraiser", the parent's
// list): a supporter raises for a running fundraiser; every gift to it, and every refund, moves the parent's total in the
// same transaction; check:ledger agrees; the money is withdrawn from the parent, never from the supporter's page.
import { eq } from 'drizzle-orm';
import { GET as listRoute, POST as startRoute } from '@/app/api/fundraisers/[id]/supporting/route';
import { PUT as editRoute } from '@/app/api/fundraisers/[id]/supporting/[supportId]/route';
import { PUT as payoutRoute } from '@/app/api/campaigns/[id]/payout-account/route';
import { POST as declineRoute } from '@/app/api/fundraisers/[id]/supporting/[supportId]/decline/route';
import { POST as decideRoute } from '@/app/api/reviews/[id]/route';
import { GET as queueRoute } from '@/app/api/reviews/route';
import { GET as listingRoute } from '@/app/api/fundraisers/route';
import { GET as ampRoute } from '@/app/amp/[type]/[id]/route';
import { carts, fundraiserMedia, fundraisers, memberships, outbox, payoutAccounts } from '@/lib/db/schema';
import { fundraiserByTag } from '@/lib/fundraisers/queries';
import { fundraiserSitemapFiles, fundraiserSitemapPage } from '@/lib/seo/sitemap';
import { getDb, type Db } from '@/lib/db/client';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { requestRefund } from '@/lib/payments/refunds';
import { checkLedger } from '@/lib/payments/ledger-check';
import { SUPPORTING_MESSAGES } from '@/lib/validation/supporting';
import { DAY_MS } from '@/lib/constants/time';
import { makeFundraiser, makeOrder, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';

// outside a Next server there is no incremental cache: the AMP route's cached read goes straight to the database
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), unstable_cache: (fn: unknown) => fn }));

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

let reviewer: Awaited<ReturnType<typeof person>>;
/** A platform reviewer (a reviewer membership), made once. */
async function theReviewer() {
  if (!reviewer) {
    reviewer = await person('Supporting Review Desk');
    await db.insert(memberships).values({ user_id: reviewer.id, scope: 'platform', scope_id: 0, role: 'reviewer' });
  }
  return reviewer;
}
const decide = async (id: number, body: unknown) => call(decideRoute, `/api/reviews/${id}`, { id: String(id) }, send('POST', (await theReviewer()).auth, body));
const decline = (auth: Auth, parentId: number, id: number) => call(declineRoute, '/x', { id: String(parentId), supportId: String(id) }, send('POST', auth));

/** Started and approved by a reviewer: live, as the money tests need it. */
async function startLive(auth: Auth, parentId: number, title: string) {
  const s = (await start(auth, parentId, started(title))).body.data;
  const approved = await decide(s.id, { decision: 'approve' });
  expect(approved.status).toBe(200);
  return { ...s, custom_tag: approved.body.data.custom_tag as string };
}

/** Where a visitor could meet a fundraiser: the listing API, its story by tag, the parent's list, the sitemap, AMP. */
async function publicly(f: { id: number; parent: number; tag: string | null }) {
  // the listing's search finds it by its own title when it is public
  const listing = (await call(listingRoute, `/api/fundraisers?${new URLSearchParams({ limit: '100', q: (await now(f.id)).title })}`)).body.data as { id: number }[];
  const files = await fundraiserSitemapFiles(db);
  const inSitemap = (await Promise.all(files.map((_, i) => fundraiserSitemapPage(db, i + 1)))).some((page) => page?.some((x) => x.custom_tag === f.tag));
  return {
    listed: listing.some((x) => x.id === f.id),
    story: f.tag ? (await fundraiserByTag(db, f.tag)) !== null : false,
    parentList: (await list(f.parent)).body.data.some((x: { id: number }) => x.id === f.id),
    sitemap: Boolean(f.tag) && inSitemap,
    amp: (await call(ampRoute, `/amp/stories/${f.id}`, { type: 'stories', id: String(f.id) })).status === 200,
  };
}
const NOWHERE = { listed: false, story: false, parentList: false, sitemap: false, amp: false };

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
  it("waits for review with the supporter's words and the parent's cause, beneficiary, currency and pictures; approved, it is public", async () => {
    const parentOwner = await person('Meera Parent Owner');
    const parent = await makeFundraiser(db, { campaigner_id: parentOwner.id, beneficiary_name: 'Meera Iyer', beneficiary_relation: 'friend', city: 'Chennai', taxexempted: true });
    await db.insert(fundraiserMedia).values({ fundraiser_id: parent.id, kind: 'leaderboard', cdn_path: '/media/demo/parent.jpg', upload_id: 'parent-upload', width: 1200, height: 675 });
    const supporter = await person('Class Of Two Thousand Nine');
    const r = await start(supporter.auth, parent.id, started(`Class of 2009 for Meera ${parent.id}`));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'under_review', custom_tag: null });
    const s = await now(r.body.data.id);
    expect(s).toMatchObject({ status_flag: FUNDRAISER_STATUS.underReview, support_campaign_id: parent.id, campaigner_id: supporter.id, currency: 'INR', goal_minor: 5_000_000, cause_id: parent.cause_id, parent_cause_id: parent.parent_cause_id, beneficiary_name: 'Meera Iyer', taxexempted: true, end_date: parent.end_date, published_at: null, review_flags: [] });
    expect(s.story_description).toBe(STORY);
    // the parent's picture is shown, but its upload stays the parent's alone
    const media = await db.select().from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, s.id));
    expect(media.map((m) => [m.kind, m.cdn_path, m.upload_id])).toEqual([['leaderboard', '/media/demo/parent.jpg', null]]);
    // nowhere public while it waits; the reviewers' queue has it, naming the parent
    expect(await publicly({ id: s.id, parent: parent.id, tag: s.custom_tag })).toEqual(NOWHERE);
    const queued = (await call(queueRoute, '/api/reviews', {}, send('GET', (await theReviewer()).auth))).body.data.find((d: { id: number }) => d.id === s.id);
    expect(queued.supports).toMatchObject({ id: parent.id, title: parent.title });
    // the parent's campaigner is told, with the way to decline it
    const [told] = await db.select().from(outbox).where(eq(outbox.recipient, parentOwner.email));
    expect(told.subject).toBe(`A supporting fundraiser was started for ${parent.title}`);
    expect(told.body).toContain(`/manage/fundraiser/${parent.id}`);

    const approved = await decide(s.id, { decision: 'approve' });
    expect(approved.body.data.status).toBe('live');
    const tag = approved.body.data.custom_tag;
    expect(tag).toMatch(/^class-of-2009-for-meera-\d+/);
    expect(await publicly({ id: s.id, parent: parent.id, tag })).toEqual({ listed: true, story: true, parentList: true, sitemap: true, amp: true });
  });

  it('holds an "official donation page" for the reviewer with the reasons, and drops the outside picture', async () => {
    const parent = await makeFundraiser(db, { title: `Help Ravi walk again ${Date.now()}` });
    const impostor = await person('Donation Page Impostor');
    const r = await start(impostor.auth, parent.id, {
      title: 'Help Ravi: official donation page',
      story: '<p>Pay directly to ravi.help@okaxis or call 98450 67123 to donate.</p><p><a href="https://sahyog-signin.example.com/login">Sign in here</a> first.</p><img src="https://tracker.example.net/pixel.gif">',
      goal: 100_000,
    });
    expect(r.status).toBe(201);
    const s = await now(r.body.data.id);
    expect(s.status_flag).toBe(FUNDRAISER_STATUS.underReview);
    expect(s.story_description).not.toContain('tracker.example.net');
    expect(s.review_flags!.map((f) => f.kind).sort()).toEqual(['outside_image', 'outside_link', 'phone_number', 'upi_id']);
    const queued = (await call(queueRoute, '/api/reviews', {}, send('GET', (await theReviewer()).auth))).body.data.find((d: { id: number }) => d.id === s.id);
    expect(queued.review_flags).toEqual(expect.arrayContaining([{ kind: 'upi_id', field: 'story', found: 'ravi.help@okaxis' }, { kind: 'outside_link', field: 'story', found: 'https://sahyog-signin.example.com/login' }]));
    expect(await publicly({ id: s.id, parent: parent.id, tag: s.custom_tag })).toEqual(NOWHERE);
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
    const first = await startLive(supporter.auth, parent.id, 'A first level supporter');
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
    const s = await startLive(supporter.auth, parent.id, 'Office colleagues raising');
    expect((await edit(parentOwner.auth, parent.id, s.id, { title: 'Taken over by the parent' })).status).toBe(404);
    expect((await edit(stranger.auth, parent.id, s.id, { goal: 1_000 })).status).toBe(404);
    expect((await edit({}, parent.id, s.id, { goal: 1_000 })).status).toBe(401);
    // through another parent's address it does not exist
    const other = await makeFundraiser(db);
    expect((await edit(supporter.auth, other.id, s.id, { goal: 1_000 })).status).toBe(404);
    // the goal changes in place, live
    const ok = await edit(supporter.auth, parent.id, s.id, { goal: 80_000 });
    expect(ok.body.data).toMatchObject({ status: 'live', custom_tag: s.custom_tag });
    expect(await now(s.id)).toMatchObject({ status_flag: FUNDRAISER_STATUS.live, goal_minor: 8_000_000 });
  });

  it('new words on a live one go back to review: not public until a reviewer approves them', async () => {
    const parent = await makeFundraiser(db);
    const supporter = await person('Rewording Supporter');
    const s = await startLive(supporter.auth, parent.id, 'Neighbours for the Sharmas');
    expect((await publicly({ id: s.id, parent: parent.id, tag: s.custom_tag })).story).toBe(true);
    const edited = await edit(supporter.auth, parent.id, s.id, { title: 'Help Ravi: official donation page', story: '<p>Send money to ravi@ybl instead, it is faster for the family.</p>' });
    expect(edited.body.data.status).toBe('under_review');
    const row = await now(s.id);
    expect(row).toMatchObject({ status_flag: FUNDRAISER_STATUS.underReview, title: 'Help Ravi: official donation page', custom_tag: s.custom_tag });
    expect(row.review_flags).toEqual([{ kind: 'upi_id', field: 'story', found: 'ravi@ybl' }]);
    expect(await publicly({ id: s.id, parent: parent.id, tag: s.custom_tag })).toEqual(NOWHERE);
    const sentBack = await decide(s.id, { decision: 'send_back', reason: 'Payment details must not lead donors away from the platform.' });
    expect(sentBack.body.data.status).toBe('rejected');
    // changed after being sent back, it waits for review again
    expect((await edit(supporter.auth, parent.id, s.id, { story: '<p>Our street is raising for the Sharmas together, every bit counts.</p>' })).body.data.status).toBe('under_review');
    expect((await decide(s.id, { decision: 'approve' })).body.data.status).toBe('live');
    expect(await publicly({ id: s.id, parent: parent.id, tag: s.custom_tag })).toMatchObject({ story: true, parentList: true });
  });
});

describe("the parent's campaigner", () => {
  it('declines a supporting fundraiser waiting for review or live; nobody else may; a declined one never goes live', async () => {
    const parentOwner = await person('Declining Parent Owner');
    const parent = await makeFundraiser(db, { campaigner_id: parentOwner.id });
    const supporter = await person('Declined Supporter');
    const stranger = await person('Declining Stranger');
    const waiting = (await start(supporter.auth, parent.id, started('Unwanted supporting page'))).body.data;
    expect((await decline(stranger.auth, parent.id, waiting.id)).status).toBe(404);
    expect((await decline(supporter.auth, parent.id, waiting.id)).status).toBe(404);
    expect((await decline({}, parent.id, waiting.id)).status).toBe(401);
    const declined = await decline(parentOwner.auth, parent.id, waiting.id);
    expect([declined.status, declined.body.data.status]).toEqual([200, 'declined']);
    expect(await now(waiting.id)).toMatchObject({ status_flag: FUNDRAISER_STATUS.rejected, review_reason: SUPPORTING_MESSAGES.declined });
    expect((await decide(waiting.id, { decision: 'approve' })).status).toBe(409);
    expect((await edit(supporter.auth, parent.id, waiting.id, { title: 'Trying again after decline' })).body.error.message).toBe(SUPPORTING_MESSAGES.declined);
    const [told] = await db.select().from(outbox).where(eq(outbox.recipient, supporter.email));
    expect(told.subject).toBe('Your supporting fundraiser was declined: Unwanted supporting page');

    const live = await startLive(supporter.auth, parent.id, 'Live supporting page declined later');
    expect((await decline(parentOwner.auth, parent.id, live.id)).status).toBe(200);
    expect(await publicly({ id: live.id, parent: parent.id, tag: live.custom_tag })).toEqual(NOWHERE);
  });
});

describe('money to a supporting fundraiser', () => {
  it("credits it and rolls up into the parent's total in the same transaction; refunds roll back; check:ledger agrees", async () => {
    const parent = await makeFundraiser(db);
    const supporter = await person('Rolling Supporter');
    const s = await startLive(supporter.auth, parent.id, 'Cycling club raising');
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
    const s = await startLive(supporter.auth, parent.id, 'Neighbours raising together');
    const r = await call(payoutRoute, '/x', { id: String(s.id) }, send('PUT', supporter.auth, { account_holder_name: 'Payout Supporter', account_number: '123456789012', account_number_confirm: '123456789012', ifsc_code: 'HDFC0001234' }));
    expect([r.status, r.body.error.message]).toEqual([409, SUPPORTING_MESSAGES.noWithdrawals]);
    expect(await db.select().from(payoutAccounts).where(eq(payoutAccounts.fundraiser_id, s.id))).toEqual([]);
  });
});
