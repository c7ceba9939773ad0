// Spec 7 "PUT anonymous flag": a donor hides or shows their name on their own donation; the story's
// supporters, its ticker, the dashboard and the CSV follow. Anyone else's donation is "not found".
import { eq } from 'drizzle-orm';
import { PUT as anonymousRoute } from '@/app/api/orders/[oi]/anonymous/route';
import { GET as donorsRoute } from '@/app/api/fundraisers/[id]/donors/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, users } from '@/lib/db/schema';
import { storySupporters } from '@/lib/story/queries';
import { donorsCsv, recentDonations } from '@/lib/fundraisers/donor-list';
import { ordersOf } from '@/lib/portfolio/queries';
import { DONOR_MESSAGES } from '@/lib/validation/donors';
import { listenForFundraiserChanges, type FundraisersChanged } from '@/lib/cache/bus';
import { makeFundraiser, makeOrder, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

let db: Db;
let seq = 0;
const run = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
  await closeDb();
});

type Auth = Record<string, string>;
const person = (name: string) => signedInPerson(db, name);
const setFlag = (auth: Auth, orderId: string, body: unknown) =>
  call(anonymousRoute, `/api/orders/${orderId}/anonymous`, { oi: orderId }, { method: 'PUT', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) });

/** A paid gift: signed in (the donor's user id on cart and order) or as a guest with an address. */
async function gift(fundraiserId: number, o: { userId?: number; email: string; name: string }) {
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, user_id: o.userId ?? null, currency: 'INR', donated_amount_minor: 70_000, donated_amount_inr_minor: 70_000, donor_name: o.name, donor_email: o.email })
    .returning();
  const orderId = `SHYANON${run}${++seq}`.toUpperCase();
  await makeOrder(db, { order_id: orderId, cart_id: cart.id, fundraiser_id: fundraiserId, user_id: o.userId ?? null, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 70_000, credited_amount_minor: 70_000, status: 'success' });
  return { orderId, cartId: cart.id };
}
const anonymousOn = async (cartId: number) => (await db.select({ a: carts.is_anonymous }).from(carts).where(eq(carts.id, cartId)))[0].a;
const supporterNames = async (fundraiserId: number) => (await storySupporters(db, fundraiserId, { page: 1, perPage: 20 })).data.map((s) => s.name);

describe('PUT /api/orders/{order_id}/anonymous', () => {
  it('the donor hides their name: the story, ticker, dashboard, CSV and portfolio follow; and shows it again', async () => {
    const donor = await person('Anon Donor');
    const campaigner = await makeUser(db, 'Anon Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const name = `Kavya Menon ${run}`;
    const { orderId, cartId } = await gift(f.id, { userId: donor.id, email: donor.email, name });
    expect(await supporterNames(f.id)).toEqual([name]);

    const hidden = await setFlag(donor.auth, orderId, { is_anonymous: '1' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toEqual({ order_id: orderId, is_anonymous: '1' });
    expect(await anonymousOn(cartId)).toBe(true);
    expect(await supporterNames(f.id)).toEqual(['']);
    const ticker = await call(donorsRoute, `/api/fundraisers/${f.id}/donors?limit=5`, { id: String(f.id) });
    expect(ticker.body.data.map((d: { name: string }) => d.name)).toEqual(['']);
    expect((await recentDonations(db, campaigner, f.id)).map((d) => d.name)).toEqual([null]);
    expect((await donorsCsv(db, campaigner, f.id)).csv).not.toContain(name);
    expect((await ordersOf(db, donor.id, { page: 1, limit: 10, sortedBy: 'desc' })).data[0].is_anonymous).toBe(true);

    expect((await setFlag(donor.auth, orderId, { is_anonymous: '0' })).status).toBe(200);
    expect(await supporterNames(f.id)).toEqual([name]);
    expect((await donorsCsv(db, campaigner, f.id)).csv).toContain(name);
    // the same value twice changes nothing and still answers
    expect((await setFlag(donor.auth, orderId, { is_anonymous: '0' })).body.data.is_anonymous).toBe('0');
  });

  it("expires the fundraiser's cached pages on every server (the cache bus names it)", async () => {
    const heard: FundraisersChanged[] = [];
    stops.push(await listenForFundraiserChanges((m) => heard.push(m)));
    const donor = await person('Anon Cached');
    const f = await makeFundraiser(db);
    const { orderId } = await gift(f.id, { userId: donor.id, email: donor.email, name: 'Cached Name' });
    const named = () => heard.filter((m) => m.fundraisers.includes(f.id)).length;
    const heardMoreThan = async (n: number) => {
      for (const deadline = Date.now() + 5_000; named() <= n && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
      return named() > n;
    };
    // the settlement of the gift is announced first: count from there
    expect(await heardMoreThan(0)).toBe(true);
    const before = named();
    expect((await setFlag(donor.auth, orderId, { is_anonymous: '1' })).status).toBe(200);
    expect(await heardMoreThan(before)).toBe(true);
  });

  it("refuses a stranger's session and a signed-out call, and the flag stays", async () => {
    const donor = await person('Anon Owner');
    const stranger = await person('Anon Stranger');
    const f = await makeFundraiser(db);
    const { orderId, cartId } = await gift(f.id, { userId: donor.id, email: donor.email, name: 'Owner Name' });
    const refused = await setFlag(stranger.auth, orderId, { is_anonymous: '1' });
    expect([refused.status, refused.body.error.message]).toEqual([404, DONOR_MESSAGES.orderNotFound]);
    expect((await setFlag({}, orderId, { is_anonymous: '1' })).status).toBe(401);
    expect((await setFlag(donor.auth, `SHYNOSUCH${run}`, { is_anonymous: '1' })).status).toBe(404);
    expect(await anonymousOn(cartId)).toBe(false);
  });

  it("a guest gift is the donor's once their account has proven the address", async () => {
    const donor = await person('Anon Guest');
    const f = await makeFundraiser(db);
    const { orderId, cartId } = await gift(f.id, { email: donor.email.toUpperCase(), name: 'Guest Name' });
    expect((await setFlag(donor.auth, orderId, { is_anonymous: '1' })).status).toBe(404);
    await db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, donor.id));
    expect((await setFlag(donor.auth, orderId, { is_anonymous: '1' })).status).toBe(200);
    expect(await anonymousOn(cartId)).toBe(true);
  });

  it("takes only '1' or '0', as the cart does", async () => {
    const donor = await person('Anon Typist');
    const f = await makeFundraiser(db);
    const { orderId } = await gift(f.id, { userId: donor.id, email: donor.email, name: 'Typist' });
    for (const body of [{ is_anonymous: 'yes' }, { is_anonymous: 1 }, {}, { is_anonymous: '1', name: 'x' }]) expect((await setFlag(donor.auth, orderId, body)).status).toBe(422);
    expect((await setFlag(donor.auth, orderId, { is_anonymous: 'yes' })).body.error.fields).toEqual({ is_anonymous: DONOR_MESSAGES.isAnonymous });
  });
});
