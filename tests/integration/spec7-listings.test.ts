// Spec 7 listings: the banner of each site, trending in a visitor's own order, urgent fundraisers, success
// stories and the trending story, fundraising events with their causes, and the NGOs of an event.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { GET as banner } from '@/app/api/banner/route';
import { GET as trending } from '@/app/api/fundraisers/trending/route';
import { GET as urgent } from '@/app/api/fundraisers/urgent/route';
import { GET as successStoriesRoute } from '@/app/api/fundraisers/success-stories/route';
import { GET as trendingStory } from '@/app/api/fundraisers/trending-story/route';
import { GET as eventRoute } from '@/app/api/events/[id]/route';
import { GET as eventCausesRoute } from '@/app/api/events/[id]/causes/route';
import { GET as ngos } from '@/app/api/ngos/route';
import { banners, carts, eventCauses, events, fundraisers, orders } from '@/lib/db/schema';
import { forgetFundraiserCounts, listFundraisers, trendingFundraisers } from '@/lib/fundraisers/queries';
import { isSuccessfullyFunded } from '@/lib/fundraisers/rules';
import { isFundraiserEnded } from '@/lib/fundraisers/status';
import { endedSql } from '@/lib/fundraisers/status-sql';
import { successStories, trendingSuccessStory } from '@/lib/listing/spec-reads';
import { newVisitorId } from '@/lib/http/visitor';
import { CAUSE, SUCCESSFUL_FUNDING_RATIO } from '@/lib/constants/fundraisers';
import { FUNDRAISER_LIST_MAX_LIMIT, HOME_SECTION_COUNT, HOME_TRENDING_COUNT, TRENDING_STORY_WINDOW_DAYS } from '@/lib/constants/listing';
import { VISITOR_COOKIE } from '@/lib/constants/story';
import { DAY_MS } from '@/lib/constants/time';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeBanner, makeEvent, makeFundraiser, makeNgo, makeOrder } from '../factories';
import type { Db } from '@/lib/db/client';

let db: Db;
const run = Date.now().toString(36).toUpperCase();
let seq = 0;
const EVENT_SLUG = 'monsoon-relief-drive';
beforeAll(async () => {
  db = await freshDb();
  // the main site's banners: a drive's, above the monthly giving one
  await makeBanner(db, { title: 'Sahyog Monsoon Relief Drive', link_path: `/all-fundraisers?cause=${CAUSE.ngo}`, priority: 10, ends_at: new Date(Date.now() + 40 * DAY_MS) });
  await makeBanner(db, { title: 'Give every month with SIP', link_path: '/new/sip', priority: 0 });
  // a drive with three NGOs for three causes, and an NGO not taking part
  const [annapurna, greenRoots, shiksha] = await Promise.all(['Annapurna Foundation', 'Green Roots India', 'Shiksha For All'].map(async (name) => (await makeNgo(db, { full_name: name })).entity));
  await makeNgo(db, { full_name: 'Paws of Hope Trust' });
  await makeEvent(db, {
    slug: EVENT_SLUG,
    name: 'Sahyog Monsoon Relief Drive',
    causes: [
      { causeId: 163, entityIds: [annapurna.id, greenRoots.id] },
      { causeId: 204, entityIds: [annapurna.id] },
      { causeId: 201, entityIds: [shiksha.id] },
    ],
  });
  // more running fundraisers than the home page's trending row holds, and a success story given to lately
  for (let i = 0; i < HOME_TRENDING_COUNT + 4; i++) await fundraiser({ title: `Trending ${i} ${run}`, trending_score: 100 + i * 7 });
  const story = await fundraiser({ title: `Funded lately ${run}`, goal_minor: 100_000, trending_score: 50 });
  for (let i = 0; i < 3; i++) await gift(story.id, 30_000, new Date(Date.now() - (i + 1) * DAY_MS));
  await db.update(fundraisers).set({ status_flag: 4 }).where(eq(fundraisers.id, story.id));
});
afterAll(closeDb);

async function fundraiser(values: Parameters<typeof makeFundraiser>[1] = {}) {
  const f = await makeFundraiser(db, values);
  forgetFundraiserCounts();
  return f;
}

/** A successful gift, settled as a webhook settles it (raised total and ledger move together); `settledAt` back-dates it. */
async function gift(fundraiserId: number, amountMinor: number, settledAt?: Date) {
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, currency: 'INR', donated_amount_minor: amountMinor, donated_amount_inr_minor: amountMinor, donor_name: 'Listing Donor', donor_email: `listing.donor.${run.toLowerCase()}@example.com` })
    .returning();
  return makeOrder(db, { order_id: `SHYLST${run}${++seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: amountMinor, credited_amount_minor: amountMinor, status: 'success', ...(settledAt ? { settled_at: settledAt } : {}) });
}

const ids = (body: { data: { id: number }[] }) => body.data.map((f) => f.id);
const expectValidationError = (res: { status: number; body: any }, field: string) => {
  expect(res.status).toBe(422);
  expect(res.body.error).toMatchObject({ code: 'validation_failed' });
  expect(res.body.error.fields[field]).toEqual(expect.any(String));
};

describe('GET /api/banner (spec 7): the site comes from the white-label allowlist, never the raw Host', () => {
  const addBanner = (values: Partial<typeof banners.$inferInsert> & { title: string }) => makeBanner(db, values);

  it("answers the main site's banners, best first, with absolute links on the site", async () => {
    const res = await call(banner, '/api/banner');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('public');
    const titles = res.body.data.map((b: { title: string }) => b.title);
    expect(titles.slice(0, 2)).toEqual(['Sahyog Monsoon Relief Drive', 'Give every month with SIP']);
    expect(res.body.data.every((b: { site: string }) => b.site === 'main')).toBe(true);
    expect(res.body.data[0].link_url).toBe(`http://localhost/all-fundraisers?cause=${CAUSE.ngo}`);
    expect(res.body.data[0].priority).toBeGreaterThan(res.body.data[1].priority);
  });

  it("an active partner's own banner (in its language, between its dates); a partner without one gets the main site's", async () => {
    const own = await addBanner({ host: 'partner.localhost', title: `Asha's winter drive ${run}`, priority: 5 });
    const hindi = await addBanner({ host: 'partner.localhost', title: `Asha Hindi ${run}`, locale: 'hi', priority: 5 });
    const expired = await addBanner({ host: 'partner.localhost', title: `Asha expired ${run}`, priority: 99, ends_at: new Date(Date.now() - DAY_MS) });
    const future = await addBanner({ host: 'partner.localhost', title: `Asha future ${run}`, priority: 99, starts_at: new Date(Date.now() + DAY_MS) });

    const en = await call(banner, 'http://partner.localhost/api/banner');
    expect(en.status).toBe(200);
    expect(ids(en.body)).toEqual([own.id]);
    expect(en.body.data[0]).toMatchObject({ site: 'partner', title: own.title, link_url: 'http://partner.localhost/all-fundraisers' });

    const hi = await call(banner, 'http://partner.localhost/api/banner?locale=hi');
    // the one written for Hindi before the one for every language at the same priority
    expect(ids(hi.body)).toEqual([hindi.id, own.id]);
    expect(hi.body.data[0].link_url).toBe('http://partner.localhost/hi/all-fundraisers');
    expect(ids(hi.body)).not.toContain(expired.id);
    expect(ids(hi.body)).not.toContain(future.id);

    const other = await call(banner, 'http://give.example.org/api/banner');
    expect(other.body.data[0]).toMatchObject({ site: 'main', title: 'Sahyog Monsoon Relief Drive' });
  });

  it("a stranger's Host (or forwarded host) is the main site: a banner stored under it is never shown", async () => {
    const planted = await addBanner({ host: 'evil.example', title: `Planted ${run}`, priority: 1000 });
    for (const res of [await call(banner, 'http://evil.example/api/banner'), await call(banner, '/api/banner', {}, { headers: { 'x-forwarded-host': 'evil.example' } })]) {
      expect(res.status).toBe(200);
      expect(ids(res.body)).not.toContain(planted.id);
      expect(res.body.data[0]).toMatchObject({ site: 'main', title: 'Sahyog Monsoon Relief Drive' });
      expect(res.body.data[0].link_url).not.toContain('evil.example');
    }
  });

  it('refuses an unknown locale with the error envelope', async () => {
    expectValidationError(await call(banner, '/api/banner?locale=xx'), 'locale');
  });
});

describe('GET /api/fundraisers/trending (spec 7, with cookie id)', () => {
  const withCookie = (id: string) => ({ headers: { cookie: `${VISITOR_COOKIE}=${id}` } });

  it("without the cookie: the home page's trending order, shareable by caches", async () => {
    const res = await call(trending, '/api/fundraisers/trending');
    expect(res.status).toBe(200);
    const home = await trendingFundraisers(db, HOME_TRENDING_COUNT);
    expect(ids(res.body)).toEqual(home.map((f) => f.id));
    expect(res.body.data).toHaveLength(HOME_TRENDING_COUNT);
    expect(res.body.data[0]).toMatchObject({ id: home[0].id, title: home[0].title, custom_tag: home[0].custom_tag, is_ended: false, campaigner: { full_name: home[0].campaigner_name } });
    expect(res.body.meta.visitor_order).toBe(false);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.headers.get('vary')).toBe('Cookie');
  });

  it('one cookie id sees the same set in one stable order of its own; other ids see other orders', async () => {
    const plain = ids((await call(trending, '/api/fundraisers/trending')).body);
    const [a, b] = [newVisitorId(), newVisitorId()];
    const first = await call(trending, '/api/fundraisers/trending', {}, withCookie(a));
    const again = await call(trending, '/api/fundraisers/trending', {}, withCookie(a));
    const other = await call(trending, '/api/fundraisers/trending', {}, withCookie(b));
    expect(first.status).toBe(200);
    expect(ids(again.body)).toEqual(ids(first.body));
    expect([...ids(first.body)].sort()).toEqual([...plain].sort());
    // 12 fundraisers have 479 million orders: two ids (or an id and the plain order) agreeing would be a broken shuffle
    expect(ids(first.body)).not.toEqual(plain);
    expect(ids(other.body)).not.toEqual(ids(first.body));
    expect(first.body.meta.visitor_order).toBe(true);
    expect(first.headers.get('cache-control')).toMatch(/^private/);
    // a shorter list is the head of the same order
    const three = await call(trending, '/api/fundraisers/trending?limit=3', {}, withCookie(a));
    expect(ids(three.body)).toEqual(ids(first.body).slice(0, 3));
  });

  it('a cookie not shaped like our ids gets the plain order; a bad limit is a 422', async () => {
    const plain = ids((await call(trending, '/api/fundraisers/trending')).body);
    expect(ids((await call(trending, '/api/fundraisers/trending', {}, withCookie('x'))).body)).toEqual(plain);
    expectValidationError(await call(trending, '/api/fundraisers/trending?limit=0'), 'limit');
    expectValidationError(await call(trending, `/api/fundraisers/trending?limit=${HOME_TRENDING_COUNT + 1}`), 'limit');
    expectValidationError(await call(trending, '/api/fundraisers/trending?limit=many'), 'limit');
  });
});

describe('GET /api/fundraisers/urgent: running, ending soonest and furthest from goal first', () => {
  it('puts the fundraiser with the most of its goal missing per day left first, and leaves out what is not urgent', async () => {
    const hour = 3_600_000;
    const mostUrgent = await fundraiser({ title: `Urgent today ${run}`, end_date: new Date(Date.now() + 12 * hour), goal_minor: 1_000_000 });
    const twoDays = await fundraiser({ title: `Urgent in two days ${run}`, end_date: new Date(Date.now() + 36 * hour), goal_minor: 1_000_000 });
    // ends as soon as the first, but 60% funded: 0.4 of its goal missing per day, below the two-day one's 0.5
    const moreFunded = await fundraiser({ title: `More funded ${run}`, end_date: new Date(Date.now() + 12 * hour), goal_minor: 100_000 });
    await gift(moreFunded.id, 60_000);
    const reached = await fundraiser({ title: `Reached ${run}`, end_date: new Date(Date.now() + 12 * hour), goal_minor: 100_000 });
    await gift(reached.id, 100_000);
    const ended = await fundraiser({ title: `Ended ${run}`, end_date: new Date(Date.now() - hour) });
    const privateOne = await fundraiser({ title: `Private ${run}`, end_date: new Date(Date.now() + 12 * hour), is_private: true });
    const noEnd = await fundraiser({ title: `No end ${run}`, end_date: null });
    forgetFundraiserCounts();

    const res = await call(urgent, `/api/fundraisers/urgent?limit=${FUNDRAISER_LIST_MAX_LIMIT}`);
    expect(res.status).toBe(200);
    const list = ids(res.body);
    expect(list.indexOf(mostUrgent.id)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(mostUrgent.id)).toBeLessThan(list.indexOf(twoDays.id));
    expect(list.indexOf(twoDays.id)).toBeLessThan(list.indexOf(moreFunded.id));
    for (const left of [reached.id, ended.id, privateOne.id, noEnd.id]) expect(list).not.toContain(left);
    // the rule holds down the whole list: missing share per day left never rises
    const urgency = res.body.data.map((f: { raised_minor: number; goal_minor: number; days_left: number }) => (1 - f.raised_minor / f.goal_minor) / Math.max(f.days_left, 1));
    for (let i = 1; i < urgency.length; i++) expect(urgency[i]).toBeLessThanOrEqual(urgency[i - 1] + 1e-9);
    expect(res.body.data.every((f: { is_ended: boolean; is_private: boolean }) => !f.is_ended && !f.is_private)).toBe(true);

    const home = await call(urgent, '/api/fundraisers/urgent');
    expect(home.body.data.length).toBeLessThanOrEqual(HOME_SECTION_COUNT);
    expect(ids(home.body)).toEqual(list.slice(0, home.body.data.length));
    expectValidationError(await call(urgent, `/api/fundraisers/urgent?limit=${FUNDRAISER_LIST_MAX_LIMIT + 1}`), 'limit');
  });
});

describe('GET /api/fundraisers/success-stories: raised over goal above spec 5 ratio, as the home page lists them', () => {
  it('answers only ended fundraisers above the ratio; one exactly at the ratio is not yet a success story', async () => {
    const goal = 1_000_000;
    const atRatio = await fundraiser({ title: `At the ratio ${run}`, goal_minor: goal, trending_score: 990_000 });
    await gift(atRatio.id, goal * SUCCESSFUL_FUNDING_RATIO);
    await db.update(fundraisers).set({ status_flag: 4 }).where(eq(fundraisers.id, atRatio.id));
    const above = await fundraiser({ title: `Above the ratio ${run}`, goal_minor: goal, trending_score: 990_001 });
    await gift(above.id, goal * SUCCESSFUL_FUNDING_RATIO + 100);
    await db.update(fundraisers).set({ status_flag: 4 }).where(eq(fundraisers.id, above.id));
    // still running: well funded, but not a story of success until it has ended
    const running = await fundraiser({ title: `Running and funded ${run}`, goal_minor: goal, trending_score: 990_002 });
    await gift(running.id, goal);
    forgetFundraiserCounts();

    const res = await call(successStoriesRoute, '/api/fundraisers/success-stories');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(HOME_SECTION_COUNT);
    expect(ids(res.body)[0]).toBe(above.id);
    expect(ids(res.body)).not.toContain(atRatio.id);
    expect(ids(res.body)).not.toContain(running.id);
    for (const f of res.body.data) {
      expect([f.id, f.is_ended, isSuccessfullyFunded(f.raised_minor, f.goal_minor)]).toEqual([f.id, true, true]);
      expect(f.raised_minor / f.goal_minor).toBeGreaterThan(SUCCESSFUL_FUNDING_RATIO);
    }
    // the home page's own query, the same list
    const home = await listFundraisers(db, { limit: HOME_SECTION_COUNT, status: 'all', successStory: true });
    expect(ids(res.body)).toEqual(home.data.map((f) => f.id));
    expectValidationError(await call(successStoriesRoute, '/api/fundraisers/success-stories?limit=-1'), 'limit');
  });
});

describe('GET /api/fundraisers/trending-story: the success story most supporters gave to over 30 days', () => {
  it('answers the success story with the most recent supporters, as counted straight from the orders', async () => {
    const now = new Date();
    const since = new Date(now.getTime() - TRENDING_STORY_WINDOW_DAYS * DAY_MS);
    const rows = await db
      .select({ id: fundraisers.id, raised: fundraisers.raised_minor, goal: fundraisers.goal_minor, n: count(orders.id) })
      .from(orders)
      .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
      .where(and(eq(orders.status, 'success'), sql`${orders.settled_at} between ${since.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz`, eq(fundraisers.is_private, false), endedSql(now)))
      .groupBy(fundraisers.id);
    const expected = rows.filter((r) => isSuccessfullyFunded(r.raised, r.goal)).sort((a, b) => b.n - a.n || b.id - a.id)[0];
    const res = await call(trendingStory, '/api/fundraisers/trending-story');
    expect(res.status).toBe(200);
    if (expected) expect(res.body.data.id).toBe(expected.id);
    else expect(res.body.data.id).toBe((await successStories(db, 1))[0].id);
    expect(res.body.data.is_ended).toBe(true);
    expect(isSuccessfullyFunded(res.body.data.raised_minor, res.body.data.goal_minor)).toBe(true);
  });

  it('ranks by supporters in the window, skips a busier fundraiser below the ratio, and falls back to the best success story', async () => {
    // 40 days ago the window (70 to 40 days back) holds none of the other tests' gifts, only these
    const then = new Date(Date.now() - 40 * DAY_MS);
    const inWindow = new Date(then.getTime() - 10 * DAY_MS);
    const twoSupporters = await fundraiser({ title: `Two recent supporters ${run}`, goal_minor: 100_000 });
    await gift(twoSupporters.id, 40_000, inWindow);
    await gift(twoSupporters.id, 40_000, inWindow);
    const oneSupporter = await fundraiser({ title: `One recent supporter ${run}`, goal_minor: 100_000 });
    await gift(oneSupporter.id, 70_000, inWindow);
    const belowRatio = await fundraiser({ title: `Busy but short ${run}`, goal_minor: 10_000_000 });
    for (let i = 0; i < 3; i++) await gift(belowRatio.id, 10_000, inWindow);
    await db.update(fundraisers).set({ status_flag: 4 }).where(inArray(fundraisers.id, [twoSupporters.id, oneSupporter.id, belowRatio.id]));

    expect((await trendingSuccessStory(db, then))?.id).toBe(twoSupporters.id);
    // the window before any gift: nobody gave lately, so the best of the home page's success stories
    const longAgo = new Date(Date.now() - 400 * DAY_MS);
    const fallback = await trendingSuccessStory(db, longAgo);
    expect(fallback?.id).toBe((await successStories(db, 1, longAgo))[0]?.id);
    if (fallback) expect(isFundraiserEnded(fallback, longAgo)).toBe(true);
  });
});

describe('GET /api/events/{id} and /api/events/{id}/causes (spec 7 event, event causes)', () => {
  const drive = async () => (await db.select().from(events).where(eq(events.slug, EVENT_SLUG)))[0];

  it('finds the drive by id and by slug', async () => {
    const event = await drive();
    const byId = await call(eventRoute, `/api/events/${event.id}`, { id: String(event.id) });
    const bySlug = await call(eventRoute, `/api/events/${EVENT_SLUG}`, { id: EVENT_SLUG });
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({ id: event.id, slug: EVENT_SLUG, name: 'Sahyog Monsoon Relief Drive' });
    expect(byId.body.data.starts_on < byId.body.data.ends_on).toBe(true);
    expect(bySlug.body.data).toEqual(byId.body.data);
    expect(byId.headers.get('cache-control')).toContain('public');
  });

  it('lists its causes, each with the NGOs taking part', async () => {
    const event = await drive();
    const res = await call(eventCausesRoute, `/api/events/${EVENT_SLUG}/causes`, { id: EVENT_SLUG });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([163, 201, 204]);
    const byCause = Object.fromEntries(res.body.data.map((c: { id: number; ngos: { name: string }[] }) => [c.id, c.ngos.map((n) => n.name)]));
    expect(byCause).toEqual({ 163: ['Annapurna Foundation', 'Green Roots India'], 201: ['Shiksha For All'], 204: ['Annapurna Foundation'] });
    expect(res.body.data[0]).toMatchObject({ info_1: 'Disaster Relief', slug: 'disaster-relief' });
    expect((await call(eventCausesRoute, `/api/events/${event.id}/causes`, { id: String(event.id) })).body).toEqual(res.body);
  });

  it('404 for an unknown event, 422 for an id that is neither a number nor a slug', async () => {
    for (const id of ['2147483000', 'no-such-event']) {
      for (const route of [eventRoute, eventCausesRoute]) {
        const res = await call(route, `/api/events/${id}`, { id });
        expect(res.status).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'not_found', message: 'Event not found' });
      }
    }
    expectValidationError(await call(eventRoute, '/api/events/x', { id: 'bad slug!' }), 'id');
    expectValidationError(await call(eventRoute, '/api/events/x', { id: '0' }), 'id');
  });
});

describe('GET /api/ngos?event_id= (spec 7 NGOs by event)', () => {
  it('keeps only the NGOs taking part in the event, with the name filter still applying', async () => {
    const event = (await db.select().from(events).where(eq(events.slug, EVENT_SLUG)))[0];
    const taking = await db.selectDistinct({ id: eventCauses.entity_details_id }).from(eventCauses).where(eq(eventCauses.event_id, event.id));
    const res = await call(ngos, `/api/ngos?event_id=${event.id}`);
    expect(res.status).toBe(200);
    expect([...ids(res.body)].sort()).toEqual(taking.map((t) => t.id!).sort());
    expect(res.body.data.map((n: { name: string }) => n.name)).toEqual(['Annapurna Foundation', 'Green Roots India', 'Shiksha For All']);
    const all = await call(ngos, '/api/ngos');
    expect(all.body.data.map((n: { name: string }) => n.name)).toContain('Paws of Hope Trust');

    const named = await call(ngos, `/api/ngos?event_id=${event.id}&fname=green`);
    expect(named.body.data.map((n: { name: string }) => n.name)).toEqual(['Green Roots India']);
    const outside = await call(ngos, `/api/ngos?event_id=${event.id}&fname=paws`);
    expect(outside.body.data).toEqual([]);
    expect((await call(ngos, '/api/ngos?event_id=2147483000')).body.data).toEqual([]);
    // an untouched form field is no filter
    expect((await call(ngos, '/api/ngos?event_id=')).body.data.length).toBe(all.body.data.length);
    expectValidationError(await call(ngos, '/api/ngos?event_id=monsoon'), 'event_id');
  });
});
