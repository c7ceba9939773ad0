// Spec 7 fundraiser page calls: domain, header, donor card, share card, social shares, similar, campaign
// count, contribute-now, campaign visit; and the UPI links of an order waiting for a UPI payment.
import { and, eq, inArray } from 'drizzle-orm';
import { GET as domain } from '@/app/api/fundraisers/[id]/domain/route';
import { GET as header } from '@/app/api/fundraisers/[id]/header/route';
import { GET as donorCardRoute } from '@/app/api/fundraisers/[id]/donor-card/route';
import { GET as shareCardRoute } from '@/app/api/fundraisers/[id]/share-card/route';
import { GET as socialShares } from '@/app/api/fundraisers/[id]/social-shares/route';
import { GET as similar } from '@/app/api/fundraisers/[id]/similar/route';
import { GET as campaignCountRoute } from '@/app/api/fundraisers/[id]/campaign-count/route';
import { POST as contributeNowRoute } from '@/app/api/fundraisers/[id]/contribute-now/route';
import { POST as visit } from '@/app/api/fundraisers/[id]/visit/route';
import { POST as collect } from '@/app/api/actions/collect/route';
import { GET as trending } from '@/app/api/fundraisers/trending/route';
import { GET as upi } from '@/app/api/orders/[oi]/upi/route';
import { carts, fundraisers, orders, systemEvents } from '@/lib/db/schema';
import { forgetFundraiserCounts } from '@/lib/fundraisers/queries';
import { grantPinAccessCookie } from '@/lib/story/pin-access';
import { grantCheckoutAccessCookie } from '@/lib/payments/checkout-access';
import { CONTRIBUTE_EVENT, SHARE_EVENT, STORY_SIMILAR_COUNT, TRACKING_TITLE_LENGTH, VISIT_EVENT, VISITOR_COOKIE } from '@/lib/constants/story';
import { DAY_MS } from '@/lib/constants/time';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeOrder, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import type { Db } from '@/lib/db/client';

let db: Db;
const run = Date.now().toString(36).toUpperCase();
let seq = 0;
const added: number[] = [];
beforeAll(async () => {
  db = await freshDb();
});
afterAll(async () => {
  // on a shared PostgreSQL: fundraisers with gifts stay (their ledger must keep matching), hidden from public lists
  const withGifts = added.length ? await db.selectDistinct({ id: orders.fundraiser_id }).from(orders).where(inArray(orders.fundraiser_id, added)) : [];
  const keep = new Set(withGifts.map((r) => r.id));
  const bare = added.filter((id) => !keep.has(id));
  if (added.length) await db.delete(systemEvents).where(inArray(systemEvents.event_type_id, added.map(String)));
  if (bare.length) await db.delete(fundraisers).where(inArray(fundraisers.id, bare));
  if (keep.size) await db.update(fundraisers).set({ is_private: true, trending_score: 0 }).where(inArray(fundraisers.id, [...keep] as number[]));
  await closeDb();
});

async function fundraiser(values: Parameters<typeof makeFundraiser>[1] = {}) {
  const f = await makeFundraiser(db, values);
  added.push(f.id);
  forgetFundraiserCounts();
  return f;
}

/** A gift as a donor makes it (cart, order), paid unless told otherwise. */
async function gift(fundraiserId: number, o: { amount: number; name?: string; anonymous?: boolean; userId?: number | null; status?: 'success' | 'created'; mode?: string; gateway?: string; url?: string; tip?: number }) {
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, user_id: o.userId ?? null, currency: 'INR', donated_amount_minor: o.amount, donated_amount_inr_minor: o.amount, tip_amount_minor: o.tip ?? 0, donor_name: o.name ?? 'Page Donor', donor_email: `page.donor.${run.toLowerCase()}.${++seq}@example.com`, is_anonymous: o.anonymous ?? false })
    .returning();
  return makeOrder(db, {
    order_id: `SHYPG${run}${++seq}`,
    cart_id: cart.id,
    fundraiser_id: fundraiserId,
    user_id: o.userId ?? null,
    payment_mode: o.mode ?? 'UPI',
    payment_gateway: o.gateway ?? 'sandbox',
    iso_currency: 'INR',
    donated_amount_minor: o.amount,
    tip_amount_minor: o.tip ?? 0,
    credited_amount_minor: o.amount,
    status: o.status ?? 'success',
    ...(o.url ? { url: o.url } : {}),
  });
}

const params = (id: number | string) => ({ id: String(id) });
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const pinCookie = async (id: number) => (await grantPinAccessCookie(new Request('http://localhost/'), id, false)).split(';')[0];
/** The browser that made this cart (a guest's key to its order) */
const checkoutCookie = async (cartId: number | null) => (await grantCheckoutAccessCookie(new Request('http://localhost/'), cartId!, false)).split(';')[0];
const expectError = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
};
// every fundraiser page GET: an unknown fundraiser is 404 and an id that is not one is 422
const pageReads = { domain, header, donorCardRoute, shareCardRoute, socialShares, similar, campaignCountRoute };

describe('fundraiser page reads: unknown and malformed ids', () => {
  it.each(Object.entries(pageReads))('%s: 404 for an unknown or unpublished fundraiser, 422 for a bad id', async (_name, route) => {
    const draft = await fundraiser({ status_flag: FUNDRAISER_STATUS.draft });
    for (const id of [2_147_483_000, draft.id]) expectError(await call(route, `/api/fundraisers/${id}/x`, params(id)), 404, 'not_found');
    const bad = await call(route, '/api/fundraisers/abc/x', params('abc'));
    expectError(bad, 422, 'validation_failed');
    expect(bad.body.error.fields.id).toBe('Fundraiser id must be a number');
  });
});

describe('GET /api/fundraisers/{id}/domain', () => {
  it("answers the story's canonical URL on the request's own site; a stranger's Host gets the main site", async () => {
    const f = await fundraiser();
    const main = await call(domain, `/api/fundraisers/${f.id}/domain`, params(f.id));
    expect(main.status).toBe(200);
    expect(main.body.data).toEqual({ id: f.id, custom_tag: f.custom_tag, origin: 'http://localhost', host: 'localhost', path: `/stories/${f.custom_tag}`, url: `http://localhost/stories/${f.custom_tag}` });
    const partner = await call(domain, `http://partner.localhost/api/fundraisers/${f.id}/domain?locale=hi`, params(f.id));
    expect(partner.body.data.url).toBe(`http://partner.localhost/hi/stories/${f.custom_tag}`);
    const stranger = await call(domain, `http://evil.example/api/fundraisers/${f.id}/domain`, params(f.id));
    expect(stranger.body.data.host).not.toContain('evil');
    expect(stranger.body.data.url).toBe(`${stranger.body.data.origin}/stories/${f.custom_tag}`);
    expectError(await call(domain, `/api/fundraisers/${f.id}/domain?locale=fr`, params(f.id)), 422, 'validation_failed');
  });
});

describe('GET /api/fundraisers/{id}/header and donor-card', () => {
  it("the story's header: title, campaigner, cover picture, status, raised of goal, supporters, days left", async () => {
    const campaigner = await makeUser(db, 'Header Campaigner');
    const f = await fundraiser({ campaigner_id: campaigner.id, goal_minor: 1_000_000, end_date: new Date(Date.now() + 10 * DAY_MS - 60_000) });
    await gift(f.id, { amount: 250_000 });
    const res = await call(header, `/api/fundraisers/${f.id}/header`, params(f.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: f.id,
      title: f.title,
      campaigner: { full_name: 'Header Campaigner' },
      cover_image: '/media/default/fundraiser.svg',
      status_flag: 1,
      stage: 'running',
      is_ended: false,
      raised_minor: 250_000,
      goal_minor: 1_000_000,
      progress_percent: 25,
      supporters: 1,
      days_left: 10,
      pin_required: false,
    });
    expect(res.headers.get('cache-control')).toMatch(/^public/);

    await db.update(fundraisers).set({ status_flag: FUNDRAISER_STATUS.ended }).where(eq(fundraisers.id, f.id));
    const ended = await call(header, `/api/fundraisers/${f.id}/header`, params(f.id));
    expect(ended.body.data).toMatchObject({ stage: 'ended', is_ended: true, days_left: 0 });
  });

  it('names the three largest gifts, largest first; an anonymous donor keeps the amount but not the name', async () => {
    const f = await fundraiser({ goal_minor: 1_000_000 });
    await gift(f.id, { amount: 90_000, name: 'Secret Giver', anonymous: true });
    await gift(f.id, { amount: 20_000, name: 'Small Giver' });
    await gift(f.id, { amount: 50_000, name: 'Named Giver' });
    await gift(f.id, { amount: 10_000, name: 'Tiny Giver' });
    await gift(f.id, { amount: 80_000, name: 'Unpaid Giver', status: 'created' });
    const res = await call(donorCardRoute, `/api/fundraisers/${f.id}/donor-card`, params(f.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ raised_minor: 170_000, goal_minor: 1_000_000, progress_percent: 17, supporters: 4, is_ended: false, pin_required: false });
    expect(res.body.data.top_donors).toEqual([
      { name: '', is_anonymous: true, amount_minor: 90_000, currency: 'INR' },
      { name: 'Named Giver', is_anonymous: false, amount_minor: 50_000, currency: 'INR' },
      { name: 'Small Giver', is_anonymous: false, amount_minor: 20_000, currency: 'INR' },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('Secret Giver');
  });

  it('a private fundraiser: figures for everyone, donor names only after its PIN, never in a shared cache', async () => {
    const f = await fundraiser({ is_private: true, goal_minor: 1_000_000 });
    await gift(f.id, { amount: 30_000, name: 'Private Giver' });
    const locked = await call(donorCardRoute, `/api/fundraisers/${f.id}/donor-card`, params(f.id));
    expect(locked.body.data).toMatchObject({ raised_minor: 30_000, supporters: 1, top_donors: [], pin_required: true });
    expect(locked.headers.get('cache-control')).toBe('private, no-store');
    const lockedHeader = await call(header, `/api/fundraisers/${f.id}/header`, params(f.id));
    expect(lockedHeader.body.data).toMatchObject({ title: f.title, is_private: true, pin_required: true });
    const cookie = await pinCookie(f.id);
    const open = await call(donorCardRoute, `/api/fundraisers/${f.id}/donor-card`, params(f.id), { headers: { cookie } });
    expect(open.body.data.top_donors.map((d: { name: string }) => d.name)).toEqual(['Private Giver']);
    expect((await call(header, `/api/fundraisers/${f.id}/header`, params(f.id), { headers: { cookie } })).body.data.pin_required).toBe(false);
  });
});

describe('GET /api/fundraisers/{id}/share-card', () => {
  it('writes the share text as the story does: never "Please support Support ..."', async () => {
    const asks = await fundraiser({ title: `Support Ravi's recovery ${run}`, short_description: 'Ravi needs surgery after an accident.' });
    const plain = await fundraiser({ title: `Meals for Meera ${run}`, story_description: '<p>Meera runs a <b>community kitchen</b>.</p>' });
    const a = await call(shareCardRoute, `/api/fundraisers/${asks.id}/share-card`, params(asks.id));
    expect(a.status).toBe(200);
    expect(a.body.data.text).toBe(`Support Ravi's recovery ${run}. Every contribution helps: Ravi needs surgery after an accident.`);
    expect(a.body.data.text).not.toMatch(/support support/i);
    const p = await call(shareCardRoute, `/api/fundraisers/${plain.id}/share-card`, params(plain.id));
    expect(p.body.data.text).toBe(`Please support Meals for Meera ${run}. Every contribution helps: Meera runs a community kitchen.`);
    expect(p.body.data).toMatchObject({
      url: `http://localhost/stories/${plain.custom_tag}`,
      og_image: { url: `http://localhost/media/og/${plain.id}.jpg`, width: 1200, height: 630 },
    });
    expect(p.body.data.links.whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=Please%20support/);
    expect(decodeURIComponent(p.body.data.links.whatsapp)).toContain(`utm_source=whatsapp`);
    expect(p.body.data.links.facebook).toContain(encodeURIComponent(`/stories/${plain.custom_tag}?utm_source=facebook`));
    expect(p.body.data.whatsapp_text.startsWith(p.body.data.text)).toBe(true);

    const hi = await call(shareCardRoute, `/api/fundraisers/${plain.id}/share-card?locale=hi`, params(plain.id));
    expect(hi.body.data.text).toBe(`कृपया Meals for Meera ${run} का समर्थन करें। हर योगदान मायने रखता है: Meera runs a community kitchen.`);
    expect(hi.body.data.url).toBe(`http://localhost/hi/stories/${plain.custom_tag}`);
  });

  it("a private story's share text keeps its story out", async () => {
    const f = await fundraiser({ is_private: true, title: `Quiet help ${run}`, short_description: 'Private details' });
    const res = await call(shareCardRoute, `/api/fundraisers/${f.id}/share-card`, params(f.id));
    expect(res.body.data.text).not.toContain('Private details');
    expect(res.body.data.og_image.url).not.toContain('/media/og/');
  });
});

describe('GET /api/fundraisers/{id}/social-shares', () => {
  it('counts the share clicks recorded through actions/collect, by channel', async () => {
    const f = await fundraiser();
    const share = (channel: string, id = f.id) => call(collect, '/api/actions/collect', {}, post({ event_name: SHARE_EVENT, event_type: 'fundraiser', event_type_id: String(id), info_2: channel, page_name: 'story' }));
    expect((await call(socialShares, `/api/fundraisers/${f.id}/social-shares`, params(f.id))).body.data).toEqual({ total: 0, by_channel: { whatsapp: 0, facebook: 0, copy: 0, other: 0 } });
    for (const c of ['whatsapp', 'whatsapp', 'facebook', 'copy', 'telegram']) expect((await share(c)).status).toBe(201);
    const other = await fundraiser();
    await share('whatsapp', other.id);
    const res = await call(socialShares, `/api/fundraisers/${f.id}/social-shares`, params(f.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ total: 5, by_channel: { whatsapp: 2, facebook: 1, copy: 1, other: 1 } });
  });
});

describe('GET /api/fundraisers/{id}/similar', () => {
  it('answers running fundraisers of the same cause, never one with the same title, never itself', async () => {
    const story = await fundraiser({ title: `Similar story ${run}`, trending_score: 0 });
    // trending above everything of the cause: a same-titled copy would be first if the rule broke
    for (const title of [story.title, story.title.toUpperCase(), `  ${story.title}  `]) await fundraiser({ title, cause_id: story.cause_id, parent_cause_id: story.parent_cause_id, trending_score: 800_000 });
    const other = await fundraiser({ title: `Another story ${run}`, cause_id: story.cause_id, parent_cause_id: story.parent_cause_id, trending_score: 799_999 });
    const res = await call(similar, `/api/fundraisers/${story.id}/similar`, params(story.id));
    expect(res.status).toBe(200);
    const key = (t: string) => t.trim().replace(/\s+/g, ' ').toLowerCase();
    const titles = res.body.data.map((s: { title: string }) => key(s.title));
    expect(titles).not.toContain(key(story.title));
    expect(res.body.data.map((s: { id: number }) => s.id)).not.toContain(story.id);
    expect(res.body.data[0].id).toBe(other.id);
    expect(new Set(titles).size).toBe(titles.length);
    expect(res.body.data.length).toBeLessThanOrEqual(STORY_SIMILAR_COUNT);
    expect(res.body.data.every((s: { cause_id: number; parent_cause_id: number; is_ended: boolean }) => (s.cause_id === story.cause_id || s.parent_cause_id === story.cause_id) && !s.is_ended)).toBe(true);
  });
});

describe('GET /api/fundraisers/{id}/campaign-count', () => {
  it("counts the campaigner's public fundraisers, running and ended; drafts and private ones are theirs alone", async () => {
    const campaigner = await makeUser(db, 'Busy Campaigner');
    const mine = (values: Parameters<typeof makeFundraiser>[1]) => fundraiser({ campaigner_id: campaigner.id, ...values });
    const f = await mine({});
    await mine({});
    await mine({ status_flag: FUNDRAISER_STATUS.ended });
    await mine({ end_date: new Date(Date.now() - DAY_MS) });
    await mine({ status_flag: FUNDRAISER_STATUS.draft });
    await mine({ status_flag: FUNDRAISER_STATUS.underReview });
    await mine({ is_private: true });
    const res = await call(campaignCountRoute, `/api/fundraisers/${f.id}/campaign-count`, params(f.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ campaigner: { full_name: 'Busy Campaigner' }, running: 2, ended: 2, total: 4 });
  });
});

describe('POST /api/fundraisers/{id}/contribute-now', () => {
  const contribute = (id: number | string, body: unknown = {}, headers: Record<string, string> = {}) => call(contributeNowRoute, `/api/fundraisers/${id}/contribute-now`, params(id), post(body, headers));
  const clicks = (id: number) => db.select().from(systemEvents).where(and(eq(systemEvents.event_name, CONTRIBUTE_EVENT), eq(systemEvents.event_type_id, String(id))));

  it('records the click and answers the payment page with the currency and origin', async () => {
    const f = await fundraiser({ title: 'A rather long fundraiser title for tracking' });
    const res = await contribute(f.id, { currency: 'USD', origin: 'f', device: 'mobile', utm: { utm_source: 'newsletter' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ path: `/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form&currency=USD&or=f`, currency: 'USD', origin: 'f' });
    const [click] = await clicks(f.id);
    expect(click).toMatchObject({ event_type: 'fundraiser', page_name: 'story', info_1: f.title.slice(0, TRACKING_TITLE_LENGTH), info_2: 'USD', info_3: 'f', device: 'mobile', utm: { utm_source: 'newsletter' } });
    // no currency: the visitor's country's (India when it cannot be told); the story is the origin; a locale prefixes the path
    const plain = await contribute(f.id, { locale: 'hi' }, { 'cf-ipcountry': 'GB' });
    expect(plain.body.data).toEqual({ path: `/hi/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form&currency=GBP&or=s`, currency: 'GBP', origin: 's' });
    expect((await contribute(f.id)).body.data.currency).toBe('INR');
    expect(await clicks(f.id)).toHaveLength(3);
  });

  it('refuses as the cart does: ended 409, private without its PIN 403, unpublished or unknown 404; records nothing', async () => {
    const ended = await fundraiser({ end_date: new Date(Date.now() - DAY_MS) });
    expectError(await contribute(ended.id), 409, 'conflict');
    const endedByStatus = await fundraiser({ status_flag: FUNDRAISER_STATUS.ended });
    expectError(await contribute(endedByStatus.id), 409, 'conflict');
    const hidden = await fundraiser({ is_private: true });
    expectError(await contribute(hidden.id), 403, 'pin_required');
    const review = await fundraiser({ status_flag: FUNDRAISER_STATUS.underReview });
    expectError(await contribute(review.id), 404, 'not_found');
    expectError(await contribute(2_147_483_000), 404, 'not_found');
    for (const f of [ended, endedByStatus, hidden, review]) expect(await clicks(f.id)).toHaveLength(0);
    const opened = await contribute(hidden.id, {}, { cookie: await pinCookie(hidden.id) });
    expect(opened.status).toBe(201);
  });

  it('bad input is a 4xx with the error envelope', async () => {
    const f = await fundraiser();
    const badCurrency = await contribute(f.id, { currency: 'XYZ' });
    expectError(badCurrency, 422, 'validation_failed');
    expect(badCurrency.body.error.fields.currency).toBe('This currency is not supported');
    expect((await contribute(f.id, { origin: 'nowhere' })).body.error.fields.origin).toEqual(expect.any(String));
    expectError(await call(contributeNowRoute, `/api/fundraisers/${f.id}/contribute-now`, params(f.id), { method: 'POST', body: '{"broken', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
    expectError(await contribute('abc'), 422, 'validation_failed');
    expect(await clicks(f.id)).toHaveLength(0);
  });
});

describe('POST /api/fundraisers/{id}/visit: once per visitor, fundraiser and day', () => {
  const visitFrom = (id: number, cookie?: string, body: unknown = {}) => call(visit, `/api/fundraisers/${id}/visit`, params(id), post(body, cookie ? { cookie } : {}));
  const visits = (id: number) => db.select().from(systemEvents).where(and(eq(systemEvents.event_name, VISIT_EVENT), eq(systemEvents.event_type_id, String(id))));

  it('counts the first visit, gives the browser a cookie id, and not again that day', async () => {
    const f = await fundraiser({ title: 'A story title longer than twenty characters' });
    const first = await visitFrom(f.id, undefined, { device: 'desktop', referrer_page: 'https://news.example/' });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ counted: true });
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{16,}`));
    expect(setCookie).toContain('HttpOnly');
    const cookie = setCookie.split(';')[0];
    const again = await visitFrom(f.id, cookie);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ counted: false });
    expect(again.headers.get('set-cookie')).toBeNull();
    const rows = await visits(f.id);
    expect(rows).toHaveLength(1);
    // spec 9: the campaign title is cut to 20 characters, as actions/collect keeps visits
    expect(rows[0]).toMatchObject({ event_type: 'fundraiser', info_1: f.title.slice(0, TRACKING_TITLE_LENGTH), info_4: cookie.split('=')[1], device: 'desktop', referrer_page: 'https://news.example/' });

    // another visitor counts; the same visitor on another fundraiser counts
    expect((await visitFrom(f.id)).body.data.counted).toBe(true);
    const g = await fundraiser();
    expect((await visitFrom(g.id, cookie)).body.data.counted).toBe(true);
    // the next day (India's calendar) counts again
    await db.update(systemEvents).set({ created_at: new Date(Date.now() - DAY_MS) }).where(eq(systemEvents.id, rows[0].id));
    expect((await visitFrom(f.id, cookie)).body.data.counted).toBe(true);
    expect(await visits(f.id)).toHaveLength(3);
  });

  it('counts one of several simultaneous visits of one browser', async () => {
    const f = await fundraiser();
    const cookie = (await visitFrom((await fundraiser()).id)).headers.get('set-cookie')!.split(';')[0];
    const results = await Promise.all(Array.from({ length: 4 }, () => visitFrom(f.id, cookie)));
    expect(results.filter((r) => r.body.data.counted)).toHaveLength(1);
    expect(await visits(f.id)).toHaveLength(1);
  });

  it('the cookie id it gives keeps the trending order stable', async () => {
    const f = await fundraiser();
    const cookie = (await visitFrom(f.id)).headers.get('set-cookie')!.split(';')[0];
    const order = async () => (await call(trending, '/api/fundraisers/trending', {}, { headers: { cookie } })).body.data.map((x: { id: number }) => x.id);
    const plain = (await call(trending, '/api/fundraisers/trending')).body.data.map((x: { id: number }) => x.id);
    const mine = await order();
    expect(await order()).toEqual(mine);
    expect(mine).not.toEqual(plain);
  });

  it('a private story counts only after its PIN; unknown 404; bad input 422', async () => {
    const f = await fundraiser({ is_private: true });
    expectError(await visitFrom(f.id), 403, 'pin_required');
    expect(await visits(f.id)).toHaveLength(0);
    expect((await visitFrom(f.id, await pinCookie(f.id))).status).toBe(201);
    expectError(await visitFrom(2_147_483_000), 404, 'not_found');
    const bad = await visitFrom(f.id, undefined, { device: 'toaster' });
    expectError(bad, 422, 'validation_failed');
    expect(bad.body.error.fields.device).toEqual(expect.any(String));
  });
});

describe('GET /api/orders/{oi}/upi (spec 7 UPI links, two variants)', () => {
  const links = (oi: string, headers: Record<string, string> = {}) => call(upi, `/api/orders/${oi}/upi`, { oi }, { headers });
  const checkoutUrl = (oi: string) => `http://localhost/payment/sandbox?oi=${oi}`;

  it("gives the donor's own session the upi://pay intent and the QR payload; nobody else (404)", async () => {
    const donor = await signedInPerson(db, 'Upi Donor');
    const stranger = await signedInPerson(db, 'Upi Stranger');
    const f = await fundraiser({ title: `Upi fundraiser ${run}` });
    const order = await gift(f.id, { amount: 70_000, tip: 5_000, userId: donor.id, status: 'created', url: checkoutUrl('X') });
    expectError(await links(order.order_id), 404, 'not_found');
    expectError(await links(order.order_id, { cookie: stranger.cookie }), 404, 'not_found');
    const res = await links(order.order_id, { cookie: donor.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.data).toMatchObject({
      order_id: order.order_id,
      amount_minor: 75_000,
      currency: 'INR',
      intent_url: `upi://pay?pa=sahyog.sandbox@upi&pn=Sahyog%20Sandbox&tr=${order.order_id}&tn=${encodeURIComponent(`Upi fundraiser ${run}`)}&am=750.00&cu=INR`,
      qr: { payload: checkoutUrl('X'), image_url: `http://localhost/api/orders/${order.order_id}/qr` },
    });
    expect(new Date(res.body.data.expires_at).getTime()).toBeGreaterThan(Date.now());
    // an API client's bearer token is the same session
    expect((await links(order.order_id, donor.auth)).status).toBe(200);
  });

  it("a guest's checkout reads it from the browser that made the cart, never with the order id alone; a gateway without our UPI payee gives the QR variant only", async () => {
    const f = await fundraiser();
    const guest = await gift(f.id, { amount: 10_050, status: 'created', url: checkoutUrl('G') });
    expectError(await links(guest.order_id), 404, 'not_found');
    const res = await links(guest.order_id, { cookie: await checkoutCookie(guest.cart_id) });
    expect(res.status).toBe(200);
    expect(res.body.data.intent_url).toContain('&am=100.50&');
    const razorpay = await gift(f.id, { amount: 10_000, status: 'created', gateway: 'razorpay', url: 'https://api.razorpay.com/v1/checkout/embedded' });
    const rz = await links(razorpay.order_id, { cookie: await checkoutCookie(razorpay.cart_id) });
    expect(rz.body.data).toMatchObject({ intent_url: null, qr: { payload: 'https://api.razorpay.com/v1/checkout/embedded' } });
  });

  it('409 for an order not waiting for UPI (paid, by card, without a link), 404 unknown, 422 malformed', async () => {
    const donor = await signedInPerson(db, 'Upi Payer');
    const f = await fundraiser();
    const paid = await gift(f.id, { amount: 10_000, userId: donor.id, url: checkoutUrl('P') });
    const card = await gift(f.id, { amount: 10_000, userId: donor.id, status: 'created', mode: 'CARD', url: checkoutUrl('C') });
    const unsent = await gift(f.id, { amount: 10_000, userId: donor.id, status: 'created' });
    for (const o of [paid, card, unsent]) expectError(await links(o.order_id, { cookie: donor.cookie }), 409, 'conflict');
    // a stranger learns nothing of the state of someone else's order
    expectError(await links(paid.order_id), 404, 'not_found');
    expectError(await links('SHYNOSUCHORDER'), 404, 'not_found');
    expectError(await links('ab'), 422, 'validation_failed');
  });
});
