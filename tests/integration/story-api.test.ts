import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { GET as detail } from '@/app/api/fundraisers/[id]/route';
import { GET as donors } from '@/app/api/fundraisers/[id]/donors/route';
import { GET as listUpdates } from '@/app/api/fundraisers/[id]/updates/route';
import { GET as listComments, POST as postComment } from '@/app/api/fundraisers/[id]/comments/route';
import { POST as likeUpdate } from '@/app/api/fundraisers/[id]/updates/[updateId]/like/route';
import { POST as verifyPin } from '@/app/api/fundraisers/[id]/verify-pin/route';
import { POST as collect } from '@/app/api/actions/collect/route';
import { POST as revalidate } from '@/app/api/internal/revalidate/route';
import { GET as list } from '@/app/api/fundraisers/route';
import { carts, comments, fundraisers, orders, systemEvents, updates } from '@/lib/db/schema';
import { sessionCookie as sessionCookieOf } from '../helpers/auth';
import { PIN_ATTEMPTS_MAX } from '@/lib/constants/security/limits';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeGift, makePrivateFundraiser, makeUpdate, makeUser } from '../factories';
import type { Db } from '@/lib/db/client';

const PIN = '4321';
let db: Db;
let publicId: number;
let privateId: number;
beforeAll(async () => {
  db = await freshDb();
  const pub = await makeFundraiser(db, { title: 'Help Riya fight liver failure', story_description: '<p>Riya needs a liver transplant.</p>' });
  const priv = await makePrivateFundraiser(db, PIN, { story_description: '<p>For family and friends only.</p>' });
  // another private one with its own PIN: the first's cookie must not open it
  await makePrivateFundraiser(db, '8765');
  publicId = pub.id;
  privateId = priv.id;
  // a fundraiser with more than a page of supporters: guests and signed-in donors
  const busy = await makeFundraiser(db, { title: 'Busy fundraiser with many supporters' });
  for (let i = 0; i < 14; i++) await makeGift(db, busy.id, { userId: i % 3 === 0 ? (await makeUser(db, `Supporter ${i}`)).id : null, cart: { donated_amount: 500 + i * 100 } });
  await makeUpdate(db, pub, { title: 'Surgery done' });
  await makeUpdate(db, pub, { title: 'Recovering at home', body: '<p>Riya is home now and recovering well, thank you all.</p>' });
});
afterAll(closeDb);

const json = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0];
const sessionCookie = (userId: number) => sessionCookieOf(db, userId);
// a fundraiser with more than one page of supporters, and one of its donors
async function busyFundraiser() {
  // its own paid orders, not its supporter count: a SIP month shared among fundraisers counts a supporter without one
  const [busy] = await db
    .select({ id: orders.fundraiser_id })
    .from(orders)
    .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .where(and(eq(fundraisers.is_private, false), eq(orders.status, 'success'), isNotNull(orders.cart_id)))
    .groupBy(orders.fundraiser_id)
    .having(sql`count(*) >= 12 and count(${orders.user_id}) > 0`)
    .orderBy(orders.fundraiser_id)
    .limit(1);
  const [f] = await db.select().from(fundraisers).where(eq(fundraisers.id, busy.id!));
  const [order] = await db.select().from(orders).where(and(eq(orders.fundraiser_id, f.id), eq(orders.status, 'success'), isNotNull(orders.user_id))).limit(1);
  return { f, donorId: order.user_id! };
}

describe('GET /api/fundraisers/{id}/donors (spec 7 ticker, spec 6 supporters)', () => {
  it('answers the ticker query newest first, converted to the asked currency', async () => {
    const { f } = await busyFundraiser();
    const { status, body, headers } = await call(donors, `/api/fundraisers/${f.id}/donors?with=donoravtar&currency=USD&orderBy=id&sortedBy=Desc&conversion=1&limit=4&country_code=US`, { id: String(f.id) });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(4);
    expect(body.data.every((d: { currency: string }) => d.currency === 'USD')).toBe(true);
    const ids = body.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(headers.get('cache-control')).toContain('public');
  });

  it('converts to the currency of the country_code when the ticker names no currency', async () => {
    const { f } = await busyFundraiser();
    const inPounds = await call(donors, `/api/fundraisers/${f.id}/donors?with=donoravtar&orderBy=id&sortedBy=Desc&conversion=1&limit=4&country_code=GB`, { id: String(f.id) });
    expect(inPounds.status).toBe(200);
    expect(inPounds.body.data.map((d: { currency: string }) => d.currency)).toEqual(['GBP', 'GBP', 'GBP', 'GBP']);
    const asStored = await call(donors, `/api/fundraisers/${f.id}/donors?limit=4`, { id: String(f.id) });
    // a pound is worth more than a rupee: each gift made in rupees is a smaller number in pounds
    const stored = asStored.body.data as { id: number; amount_minor: number; currency: string }[];
    expect(stored.some((d) => d.currency === 'INR')).toBe(true);
    inPounds.body.data.forEach((d: { id: number; amount_minor: number }, i: number) => {
      expect(d.id).toBe(stored[i].id);
      if (stored[i].currency === 'INR') expect(d.amount_minor).toBeLessThan(stored[i].amount_minor);
    });
    const bad = await call(donors, `/api/fundraisers/${f.id}/donors?conversion=1&country_code=GBR`, { id: String(f.id) });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('country_code must be two letters');
  });

  it('hides the names of anonymous donors but keeps their amount', async () => {
    const { f } = await busyFundraiser();
    const [latest] = await db.select().from(orders).where(and(eq(orders.fundraiser_id, f.id), eq(orders.status, 'success'))).orderBy(desc(orders.id)).limit(1);
    await db.update(carts).set({ is_anonymous: true }).where(eq(carts.id, latest.cart_id!));
    const { body } = await call(donors, `/api/fundraisers/${f.id}/donors?limit=1`, { id: String(f.id) });
    expect(body.data[0]).toMatchObject({ id: latest.id, name: '', avatar: null, amount_minor: latest.donated_amount_minor });
  });

  it('shows the first page to everyone and more pages only to supporters', async () => {
    const { f, donorId } = await busyFundraiser();
    const url = `/api/fundraisers/${f.id}/donors?page=2&limit=2`;
    expect((await call(donors, url, { id: String(f.id) })).status).toBe(401);
    const stranger = await makeUser(db, 'Stranger');
    const asStranger = await call(donors, url, { id: String(f.id) }, { headers: { cookie: await sessionCookie(stranger.id) } });
    expect(asStranger.status).toBe(403);
    expect(asStranger.body.error.message).toBe('Only supporters of this fundraiser can see more supporters');
    const asSupporter = await call(donors, url, { id: String(f.id) }, { headers: { cookie: await sessionCookie(donorId) } });
    expect(asSupporter.status).toBe(200);
    expect(asSupporter.body.meta.pagination.page).toBe(2);
  });

  it('rejects a bad query with 422 field messages and a private fundraiser without its PIN', async () => {
    const bad = await call(donors, `/api/fundraisers/${publicId}/donors?currency=XYZ&limit=500`, { id: String(publicId) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['currency', 'limit']);
    const priv = await call(donors, `/api/fundraisers/${privateId}/donors`, { id: String(privateId) });
    expect(priv.status).toBe(403);
    expect(priv.body.error.code).toBe('pin_required');
  });
});

describe('private fundraisers: POST verify PIN (spec 2/7)', () => {
  it('keeps the story hidden until the right PIN, then opens it with a sealed cookie', async () => {
    const hidden = await call(detail, `/api/fundraisers/${privateId}`, { id: String(privateId) });
    expect(hidden.body.data.pin_required).toBe(true);
    expect(hidden.body.data.story_html).toBeNull();
    expect(hidden.headers.get('cache-control')).toContain('no-store');

    const wrong = await call(verifyPin, `/api/fundraisers/${privateId}/verify-pin`, { id: String(privateId) }, json({ pin: '0000' }, { 'x-sahyog-client-address': '10.0.0.1' }));
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await call(verifyPin, `/api/fundraisers/${privateId}/verify-pin`, { id: String(privateId) }, json({ pin: PIN }, { 'x-sahyog-client-address': '10.0.0.1' }));
    expect(right.status).toBe(200);
    const cookie = cookieOf(right.headers.get('set-cookie'));
    expect(cookie).toMatch(/^pin_access=/);
    const open = await call(detail, `/api/fundraisers/${privateId}`, { id: String(privateId) }, { headers: { cookie } });
    expect(open.body.data.pin_required).toBe(false);
    expect(open.body.data.story_html).toContain('<p>');
    // the cookie opens this fundraiser only, and a forged cookie opens nothing
    const other = (await db.select().from(fundraisers).where(eq(fundraisers.is_private, true))).find((f) => f.id !== privateId);
    if (other) expect((await call(detail, `/api/fundraisers/${other.id}`, { id: String(other.id) }, { headers: { cookie } })).body.data.pin_required).toBe(true);
    expect((await call(detail, `/api/fundraisers/${privateId}`, { id: String(privateId) }, { headers: { cookie: 'pin_access=forged' } })).body.data.pin_required).toBe(true);
  });

  it(`limits wrong PINs to ${PIN_ATTEMPTS_MAX} per visitor and fundraiser, even the right one after that`, async () => {
    const headers = { 'x-sahyog-client-address': '10.0.0.2' };
    for (let i = 0; i < PIN_ATTEMPTS_MAX; i++) {
      expect((await call(verifyPin, '/x', { id: String(privateId) }, json({ pin: '1111' }, headers))).status).toBe(403);
    }
    const locked = await call(verifyPin, '/x', { id: String(privateId) }, json({ pin: PIN }, headers));
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe('Too many wrong PINs. Please try again in 15 minutes.');
    // another visitor is not locked out
    expect((await call(verifyPin, '/x', { id: String(privateId) }, json({ pin: PIN }, { 'x-sahyog-client-address': '10.0.0.3' }))).status).toBe(200);
  });

  it('answers a malformed PIN with 422 and a cross-site post with 403', async () => {
    const bad = await call(verifyPin, '/x', { id: String(privateId) }, json({ pin: 'abc' }));
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.pin).toBe('The PIN is 4 to 8 digits');
    const cross = await call(verifyPin, 'http://localhost/x', { id: String(privateId) }, json({ pin: PIN }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(cross.status).toBe(403);
  });
});

describe('updates and comments', () => {
  it('lists updates newest first with sanitised HTML, paginated', async () => {
    const [withUpdates] = await db.select({ id: updates.fundraiser_id }).from(updates).limit(1);
    const { status, body } = await call(listUpdates, `/api/fundraisers/${withUpdates.id}/updates?page=1`, { id: String(withUpdates.id) });
    expect(status).toBe(200);
    const dates = body.data.map((u: { created_at: string }) => u.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.meta.pagination).toMatchObject({ page: 1 });
  });

  it('needs sign-in to comment; a signed-in comment is stored and listed first', async () => {
    const anon = await call(postComment, '/x', { id: String(publicId) }, json({ comment: 'Get well soon' }));
    expect(anon.status).toBe(401);
    const user = await makeUser(db, 'Commenter');
    const cookie = await sessionCookie(user.id);
    const empty = await call(postComment, '/x', { id: String(publicId) }, json({ comment: '   ' }, { cookie }));
    expect(empty.status).toBe(422);
    const ok = await call(postComment, '/x', { id: String(publicId) }, json({ comment: 'Get well soon <script>x</script>' }, { cookie }));
    expect(ok.status).toBe(201);
    const listed = await call(listComments, `/api/fundraisers/${publicId}/comments`, { id: String(publicId) });
    expect(listed.body.data[0]).toMatchObject({ author_name: 'Commenter' });
    const stored = await db.select().from(comments).where(and(eq(comments.fundraiser_id, publicId), isNull(comments.update_id), eq(comments.user_id, user.id)));
    expect(stored).toHaveLength(1);
  });

  it('counts one like per person per update', async () => {
    // a public update (one held for review is nobody's to like)
    const [u] = await db.select().from(updates).where(eq(updates.review_status, 'published')).limit(1);
    const user = await makeUser(db, 'Liker');
    const cookie = await sessionCookie(user.id);
    const first = await call(likeUpdate, '/x', { id: String(u.fundraiser_id), updateId: String(u.id) }, { method: 'POST', headers: { cookie, origin: 'http://localhost' } });
    const second = await call(likeUpdate, '/x', { id: String(u.fundraiser_id), updateId: String(u.id) }, { method: 'POST', headers: { cookie, origin: 'http://localhost' } });
    expect(first.body.data.likes_count).toBe(u.likes_count + 1);
    expect(second.body.data.likes_count).toBe(u.likes_count + 1);
    expect((await call(likeUpdate, '/x', { id: String(u.fundraiser_id), updateId: String(u.id) }, { method: 'POST' })).status).toBe(401);
  });
});

describe('POST /api/actions/collect (campaign visit)', () => {
  it('records the event with the title cut to 20 characters', async () => {
    const { status } = await call(collect, '/x', {}, json({ event_name: 'campaign_visit', event_type_id: String(publicId), info_1: 'Help Riya fight liver failure', device: 'mobile' }));
    expect(status).toBe(201);
    // the newest: other tests of this file record visits and clicks of the same fundraiser
    const [row] = await db.select().from(systemEvents).where(eq(systemEvents.event_type_id, String(publicId))).orderBy(desc(systemEvents.id)).limit(1);
    expect(row.info_1).toBe('Help Riya fight live');
  });
  it('rejects an event without a name and writes nothing', async () => {
    const before = (await db.select().from(systemEvents)).length;
    expect((await call(collect, '/x', {}, json({ info_1: 'x' }))).status).toBe(422);
    expect((await db.select().from(systemEvents)).length).toBe(before);
  });
});

describe('listing search and the revalidation endpoint', () => {
  it('finds fundraisers by words of their title with full-text search', async () => {
    const [f] = await db.select().from(fundraisers).where(eq(fundraisers.is_private, false)).limit(1);
    const word = f.title.split(/\s+/).find((w) => w.length > 4)!;
    const { body } = await call(list, `/api/fundraisers?limit=100&q=${encodeURIComponent(word)}`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.some((x: { id: number }) => x.id === f.id)).toBe(true);
    const none = await call(list, '/api/fundraisers?q=zzzqqqxxx');
    expect(none.body.data).toEqual([]);
  });
  it('is off without REVALIDATE_SECRET and refuses a wrong secret', async () => {
    expect((await call(revalidate, '/x', {}, json({ fundraiser_id: publicId }))).status).toBe(404);
    process.env.REVALIDATE_SECRET = 'a-secret-of-sixteen-plus';
    (await import('@/lib/env')).resetEnvForTests();
    expect((await call(revalidate, '/x', {}, json({ fundraiser_id: publicId }, { 'x-revalidate-secret': 'wrong' }))).status).toBe(403);
    expect((await call(revalidate, '/x', {}, json({ fundraiser_id: publicId }, { 'x-revalidate-secret': 'a-secret-of-sixteen-plus' }))).status).toBe(200);
    delete process.env.REVALIDATE_SECRET;
    (await import('@/lib/env')).resetEnvForTests();
  });
});
