import { eq } from 'drizzle-orm';
import { GET as lastOrder } from '@/app/api/orders/last/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { carts, fundraisers, orders, users } from '@/lib/db/schema';
import { startSession } from '@/lib/auth/session';
import { AUTH_COOKIE_NAME } from '@/lib/constants/auth';
import type { Db } from '@/lib/db/client';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeOrder } from '../factories';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(closeDb);

async function newUser(name: string) {
  const [u] = await db.insert(users).values({ full_name: name, email: `${name.toLowerCase().replace(/\W/g, '')}-${Date.now()}@example.com` }).returning();
  return u;
}
/** Signs the user in the way a sign-in does and answers the u_auth cookie the browser would send back. */
async function cookieOf(userId: number) {
  const { cookies } = await startSession(db, userId, new Request('http://localhost/api/auth/login'));
  const sealed = cookies.find((c) => c.startsWith(`${AUTH_COOKIE_NAME}=`))!;
  return { cookie: sealed.split(';')[0] };
}
const askLast = async (headers: Record<string, string> = {}) => call(lastOrder, '/api/orders/last', {}, { headers });

/** An order written straight to the table at a chosen time. */
async function orderAt(userId: number, createdAt: Date, over: Partial<typeof orders.$inferInsert> = {}) {
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiser.id, user_id: userId, currency: 'INR', donated_amount_minor: 70_000, donated_amount_inr_minor: 70_000, donor_name: 'Test Donor', donor_email: 'donor@example.com' })
    .returning();
  const orderId = `SHYTEST${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  await makeOrder(db, { order_id: orderId, cart_id: cart.id, fundraiser_id: fundraiser.id, user_id: userId, payment_mode: 'CARD', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 70_000, credited_amount_minor: 70_000, status: 'success', charged: true, created_at: createdAt, ...over });
  return orderId;
}

describe('spec 7: GET last order (limit 1, newest first)', () => {
  it('answers 401 unauthenticated without a session, or with a session that was ended', async () => {
    const anon = await askLast();
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('unauthenticated');
    const user = await newUser('Old Session');
    const cookie = await cookieOf(user.id);
    expect((await askLast(cookie)).status).toBe(200);
    // a bumped session_version (logout everywhere) ends older cookies
    await db.update(users).set({ session_version: 2 }).where(eq(users.id, user.id));
    expect((await askLast(cookie)).status).toBe(401);
  });

  it('answers data null for a signed-in user who never gave', async () => {
    const user = await newUser('New Donor');
    const res = await askLast(await cookieOf(user.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
  });

  it("answers the user's newest order with its payment mode, and never another user's", async () => {
    const me = await newUser('Kavya Menon');
    const other = await newUser('Someone Else');
    const now = Date.now();
    await orderAt(me.id, new Date(now - 3 * 86_400_000), { payment_mode: 'CARD' });
    const newest = await orderAt(me.id, new Date(now - 86_400_000), { payment_mode: 'UPI', payment_mode_value: 'upi-intent', donated_amount_minor: 123_450 });
    await orderAt(me.id, new Date(now - 2 * 86_400_000), { payment_mode: 'VPA' });
    // another user's order is newer than all of mine
    await orderAt(other.id, new Date(now), { payment_mode: 'PAYTM' });
    const res = await askLast(await cookieOf(me.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      order_id: newest,
      campaign_id: fundraiser.id,
      payment_mode: 'UPI',
      payment_mode_value: 'upi-intent',
      payment_gateway: 'sandbox',
      iso_currency: 'INR',
      donated_amount_minor: 123_450,
      tip_amount_minor: 0,
      status: 'success',
      created_at: new Date(now - 86_400_000).toISOString(),
    });
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect((await askLast(await cookieOf(other.id))).body.data.payment_mode).toBe('PAYTM');
  });

  it('a cart made while signed in makes an order the user finds as their last one', async () => {
    const me = await newUser('Signed In Giver');
    const cookie = await cookieOf(me.id);
    const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': '10.77.0.1', ...cookie } });
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 250, currency: 'INR', donor_name: 'Signed In Giver', donor_email: 'giver@example.com', donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 0 }));
    expect(cart.status).toBe(201);
    const order = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'VPA', vpa: 'giver@okaxis', origin: 's' }));
    expect(order.status).toBe(201);
    const res = await askLast(cookie);
    expect(res.body.data).toMatchObject({ order_id: order.body.data.order_id, payment_mode: 'VPA', donated_amount_minor: 25_000, status: 'created' });
  });
});
