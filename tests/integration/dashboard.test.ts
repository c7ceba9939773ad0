// Running a live fundraiser. Its people post updates (on the story at once, emailed to each donor once),
// edit its words, goal and end date (not its cause), and read its dashboard: figures and donations per day.
import { eq, like } from 'drizzle-orm';
import { GET as updatesRoute, POST as postUpdateRoute } from '@/app/api/fundraisers/[id]/updates/route';
import { PUT as putRoute } from '@/app/api/campaigns/[id]/route';
import { POST as collectRoute } from '@/app/api/actions/collect/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, fundraisers, outbox, updates } from '@/lib/db/schema';
import { dashboardOf } from '@/lib/fundraisers/dashboard';
import { managedFundraisersOf } from '@/lib/portfolio/queries';
import { LIVE_FIELD_MESSAGE } from '@/lib/fundraisers/drafts';
import { UPDATE_MESSAGES } from '@/lib/validation/updates';
import { DASHBOARD_CHART_DAYS } from '@/lib/constants/dashboard';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { makeFundraiser, makeOrder, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

let db: Db;
let seq = 0;
const run = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

const person = (name: string) => signedInPerson(db, name);
const send = (method: string, auth: Record<string, string>, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', 'x-sahyog-client-address': '10.14.0.1', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const postUpdate = (auth: Record<string, string>, id: number, body: unknown) => call(postUpdateRoute, `/api/fundraisers/${id}/updates`, { id: String(id) }, send('POST', auth, body));
const edit = (auth: Record<string, string>, id: number, body: unknown) => call(putRoute, `/api/campaigns/${id}`, { id: String(id) }, send('PUT', auth, body));

/** A paid gift from a donor address (twice from the same one, to see it emailed once). */
async function gift(fundraiserId: number, email: string, amountMinor = 100_000) {
  const [cart] = await db.insert(carts).values({ fundraiser_id: fundraiserId, currency: 'INR', donated_amount_minor: amountMinor, donated_amount_inr_minor: amountMinor, tip_amount_minor: 0, donor_name: 'Dash Donor', donor_email: email }).returning();
  await makeOrder(db, { order_id: `SHYDASH${run}${++seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: amountMinor, tip_amount_minor: 0, credited_amount_minor: amountMinor, status: 'success' });
}

describe('updates', () => {
  it('the campaigner posts an update: sanitised, on the story, emailed once to each donor', async () => {
    const campaigner = await person('Update Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const a = `asha.${run}@example.com`;
    await gift(f.id, a);
    await gift(f.id, a.toUpperCase());
    await gift(f.id, `ravi.${run}@example.com`);
    const r = await postUpdate(campaigner.auth, f.id, { title: 'First chemo done', body: '<p>The first cycle went well, thank you all!</p><img src="/media/uploads/x-story.webp" onerror="alert(1)"><script>alert(2)</script>' });
    expect(r.status).toBe(201);
    expect(r.body.data.emailed).toBe(2);
    const [row] = await db.select().from(updates).where(eq(updates.id, r.body.data.id));
    expect(row.body_html).toContain('<img src="/media/uploads/x-story.webp"');
    expect(row.body_html).not.toMatch(/script|onerror/);
    const listed = await call(updatesRoute, `/api/fundraisers/${f.id}/updates`, { id: String(f.id) }, send('GET', {}));
    expect(listed.body.data[0]).toMatchObject({ id: r.body.data.id, title: 'First chemo done' });
    const mails = await db.select().from(outbox).where(like(outbox.subject, `%${f.title}%First chemo done%`));
    expect(mails.map((m) => m.recipient).sort()).toEqual([a, `ravi.${run}@example.com`].sort());
  });

  it("another user's token, a signed-out call, a too-short text and a draft are refused; nothing is written", async () => {
    const campaigner = await person('Update Owner');
    const stranger = await person('Update Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    expect((await postUpdate(stranger.auth, f.id, { body: '<p>Not my fundraiser at all</p>' })).status).toBe(404);
    expect((await postUpdate({}, f.id, { body: '<p>Not my fundraiser at all</p>' })).status).toBe(401);
    expect((await postUpdate(campaigner.auth, f.id, { body: '<p><b> </b>ok</p>' })).body.error.fields).toEqual({ body: UPDATE_MESSAGES.body });
    const draft = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.draft });
    expect((await postUpdate(campaigner.auth, draft.id, { body: '<p>An update before going live</p>' })).status).toBe(409);
    expect(await db.select().from(updates).where(eq(updates.fundraiser_id, f.id))).toEqual([]);
  });
});

describe('editing a live fundraiser', () => {
  it('its words, goal and end date change; its cause and beneficiary do not; strangers get 404', async () => {
    const campaigner = await person('Live Editor');
    const stranger = await person('Live Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id, title: `Live title ${run}` });
    const ok = await edit(campaigner.auth, f.id, { title: `A clearer title ${run}`, goal: 750000 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ title: `A clearer title ${run}`, goal: 750000, status: 'live' });
    const refused = await edit(campaigner.auth, f.id, { cause_id: 7, beneficiary_name: 'Someone else' });
    expect(refused.body.error.fields).toEqual({ cause_id: LIVE_FIELD_MESSAGE, beneficiary_name: LIVE_FIELD_MESSAGE });
    expect((await edit(stranger.auth, f.id, { title: 'A stranger was here ok' })).status).toBe(404);
    const [row] = await db.select({ title: fundraisers.title, goal: fundraisers.goal_minor, cause: fundraisers.cause_id }).from(fundraisers).where(eq(fundraisers.id, f.id));
    expect(row).toEqual({ title: `A clearer title ${run}`, goal: 75_000_000, cause: f.cause_id });
  });
});

describe('the dashboard', () => {
  it('counts visits and share clicks, and gives every one of the last 30 days with what was given', async () => {
    const f = await makeFundraiser(db);
    const event = (event_name: string) => call(collectRoute, '/api/actions/collect', {}, send('POST', {}, { event_name, event_type: 'fundraiser', event_type_id: String(f.id), page_name: 'story' }));
    for (const name of ['campaign_visit', 'campaign_visit', 'campaign_visit', 'share_click']) expect((await event(name)).status).toBeLessThan(300);
    await gift(f.id, `dash.${run}@example.com`, 250_000);
    await gift(f.id, `dash2.${run}@example.com`, 50_000);
    const d = (await dashboardOf(db, f.id))!;
    expect(d).toMatchObject({ visits: 3, shares: 1, donors: 2, raised_minor: 300_000, stage: 'running' });
    expect(d.days).toHaveLength(DASHBOARD_CHART_DAYS);
    expect(d.days.at(-1)).toMatchObject({ amount_minor: 300_000, donations: 2 });
    expect(d.days.slice(0, -1).every((x) => x.amount_minor === 0)).toBe(true);
    expect(new Set(d.days.map((x) => x.day)).size).toBe(DASHBOARD_CHART_DAYS);
  });
});

it("the manage list gives each fundraiser's stage: a draft or one under review is not shown as running", async () => {
  const campaigner = await makeUser(db, 'Stage Campaigner');
  const live = await makeFundraiser(db, { campaigner_id: campaigner.id });
  const draft = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.draft });
  const reviewing = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.underReview });
  const stages = Object.fromEntries((await managedFundraisersOf(db, campaigner.id)).map((f) => [f.id, f.stage]));
  expect(stages).toEqual({ [live.id]: 'running', [draft.id]: 'draft', [reviewing.id]: 'under_review' });
});
