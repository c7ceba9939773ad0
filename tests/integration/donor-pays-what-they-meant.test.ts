// "A donor pays exactly what they meant": a card's bin, a recurring cart, a PAN outside rupees, and who may
// read an order. Route handlers on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as vpatxnRoute } from '@/app/api/verify/vpatxn/route';
import { GET as orderDetailsRoute } from '@/app/api/orders/[oi]/route';
import { GET as qrRoute } from '@/app/api/orders/[oi]/qr/route';
import { GET as upiRoute } from '@/app/api/orders/[oi]/upi/route';
import { POST as tipCartRoute } from '@/app/api/standalonetip/cart/route';
import { POST as tipOrderRoute } from '@/app/api/standalonetip/order/route';
import { POST as couponRoute } from '@/app/api/coupon/route';
import { GET as rewardRoute } from '@/app/api/campaigns/[id]/rewards/[rewardId]/route';
import { GET as donorsRoute } from '@/app/api/fundraisers/[id]/donors/route';
import { authTokens, carts, fundraisers, orders } from '@/lib/db/schema';
import { getDb } from '@/lib/db/client';
import { SandboxGateway } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { call, closeDb } from '../helpers/db';
import { cookiesFrom, signedInPerson } from '../helpers/auth';
import { freshDb, makeFundraiser } from '../factories';
import type { Db } from '@/lib/db/client';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
let ipCounter = 0;
const run = Date.now().toString(36);

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(closeDb);

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.30.0.${++ipCounter % 250}`, ...headers } });
const cartBody = (over: Record<string, unknown> = {}) => ({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.${run}.${ipCounter}@example.com`, donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 0, ...over });
// each cart's browser: the Cookie header it sends after the cart's answer (its checkout access)
const browsers = new Map<unknown, string>();
const newCart = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody(over), headers));
  expect(cart.status).toBe(201);
  browsers.set(cart.body.data.id, cookiesFrom(cart.headers, headers.cookie));
  return cart;
};
/** The order of a cart, from the browser that made it unless other headers are given. */
const placeOrder = (body: Record<string, unknown>, headers: Record<string, string> = { cookie: browsers.get(body.cart_id) ?? '' }) => call(orderRoute, '/x', { id: String(fundraiser.id) }, post(body, headers));

/** Every row a payment writes, as text: a card number must be found in none of them. */
async function storedText(): Promise<string> {
  const tables = ['carts', 'orders', 'payment_events', 'sandbox_payments', 'rate_limits'];
  const dumps = await Promise.all(tables.map(async (t) => JSON.stringify(((await db.execute(sql.raw(`select * from ${t}`))) as unknown as { rows: unknown[] }).rows)));
  return dumps.join('\n');
}

describe('spec 3 order placement: bin is the first 6 digits of a card', () => {
  const CARD_NUMBER = '4111111111111111';

  it('a whole card number (or any other length) is refused under fields.bin, never stored, logged or echoed', async () => {
    const logged: unknown[][] = [];
    const spies = (['error', 'warn', 'info', 'log'] as const).map((level) => jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args)));
    try {
      const cart = await newCart();
      for (const bin of [CARD_NUMBER, Number(CARD_NUMBER), '41111', '4111111', '4111 11', 'abcdef', '']) {
        const res = await placeOrder({ cart_id: cart.body.data.id, mode: 'CARD', bin });
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.fields.bin).toBe('Please send only the first 6 digits of the card (bin)');
        expect(JSON.stringify(res.body)).not.toContain('411111');
      }
      // the card number beside another mistake is refused all the same, and still not repeated
      const both = await placeOrder({ cart_id: cart.body.data.id, mode: 'NOPE', bin: CARD_NUMBER });
      expect(both.status).toBe(422);
      expect(both.body.error.fields.bin).toBeDefined();
      expect(JSON.stringify(both.body)).not.toContain(CARD_NUMBER);
      expect(await db.select().from(orders).where(eq(orders.cart_id, cart.body.data.id))).toEqual([]);
      expect(await storedText()).not.toContain(CARD_NUMBER);
      expect(JSON.stringify(logged)).not.toContain('411111');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('exactly six digits are taken with a card payment and kept on the order as its bin', async () => {
    const cart = await newCart();
    const res = await placeOrder({ cart_id: cart.body.data.id, mode: 'CARD', bin: '411111' });
    expect(res.status).toBe(201);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, res.body.data.order_id));
    expect(row.params).toEqual({ card_bin: '411111' });
    // a UPI payment has no card: a bin sent with it is not kept
    const upiCart = await newCart();
    const upi = await placeOrder({ cart_id: upiCart.body.data.id, mode: 'UPI', bin: '411111' });
    expect(upi.status).toBe(201);
    const [upiRow] = await db.select().from(orders).where(eq(orders.order_id, upi.body.data.order_id));
    expect(upiRow.params).toBeNull();
    expect(await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cart.body.data.id))).toHaveLength(1);
  });
});

describe('spec 3 cart recurring "1": a SIP is made on the SIP page, never a one-time gift', () => {
  it('is refused with a 422 that points to the SIP page, whatever the amount, currency or cause, and nothing is written', async () => {
    const email = `sip.${run}@example.com`;
    const asked = [
      { donated_amount: 99, currency: 'INR' },
      { donated_amount: 9, currency: 'USD', donor_extension: '+1', donor_phone: '2025550143' },
      { donated_amount: 19, currency: 'AED', donor_extension: '+971', donor_phone: '501234567' },
      { donated_amount: 500, currency: 'INR', sip_cause: 'no_such_cause' },
      // above every SIP minimum: still a SIP the donor asked for, so still not a one-time gift
      { donated_amount: 1000, currency: 'INR', skipmin: '1', sip_cause: 'medical' },
    ];
    for (const over of asked) {
      const res = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody({ ...over, recurring: '1', donor_email: email })));
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', link: '/new/sip' });
      expect(res.body.error.message).toContain('/new/sip');
      expect(res.body.error.fields.recurring).toBe(res.body.error.message);
    }
    expect(await db.select().from(carts).where(eq(carts.donor_email, email))).toEqual([]);
    // a one-time cart from the same donor is made as before, and is one-time
    const once = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody({ recurring: '0', donor_email: email })));
    expect(once.status).toBe(201);
    expect((await db.select({ recurring: carts.recurring }).from(carts).where(eq(carts.id, once.body.data.id)))[0].recurring).toBe(false);
  });
});

describe('who may read an order', () => {
  const origin = { origin: 'http://localhost' };
  /** A guest's gift placed and sent from one browser: its order id and the Cookie header that browser now sends. */
  async function guestGift(mode = 'UPI') {
    const cart = await newCart({ donor_name: 'Hidden Donor' }, origin);
    const cookie = cookiesFrom(cart.headers);
    expect(cookie).toMatch(/^checkout_access=/);
    const order = await placeOrder({ cart_id: cart.body.data.id, mode }, { ...origin, cookie });
    expect(order.status).toBe(201);
    const sent = await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { ...origin, cookie }));
    expect(sent.status).toBe(200);
    return { oi: order.body.data.order_id as string, cookie, cartId: cart.body.data.id as number };
  }
  const details = (oi: string, headers: Record<string, string> = {}, query = '') => call(orderDetailsRoute, `/api/orders/${oi}${query}`, { oi }, { headers });
  const vpatxn = (oi: string, headers: Record<string, string> = {}) => call(vpatxnRoute, '/api/verify/vpatxn', {}, post({ order_id: oi }, headers));
  const recheck = (oi: string, headers: Record<string, string> = {}, params: Record<string, string> = {}) => call(responseRoute, `/api/payment/response/${oi}`, { oi }, post(params, headers));
  const qr = (oi: string, headers: Record<string, string> = {}) => call(qrRoute, `/api/orders/${oi}/qr`, { oi }, { headers });
  const upi = (oi: string, headers: Record<string, string> = {}) => call(upiRoute, `/api/orders/${oi}/upi`, { oi }, { headers });

  it('a stranger, signed out or signed in, holding the id learns nothing: 404 as for an id never issued, on every door', async () => {
    const { oi } = await guestGift();
    const stranger = await signedInPerson(db, 'Order Stranger');
    // someone else's checkout cookie (their own cart) opens only their own orders
    const other = await guestGift();
    const unknown = await details('SHYNOSUCHORDER1');
    expect(unknown.status).toBe(404);
    const callers: Record<string, string>[] = [{}, { cookie: stranger.cookie }, stranger.auth, { cookie: other.cookie }, { cookie: 'checkout_access=forged' }];
    for (const headers of callers) {
      for (const res of [await details(oi, headers), await vpatxn(oi, headers), await recheck(oi, headers), await qr(oi, headers), await upi(oi, headers)]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(unknown.body);
        expect(JSON.stringify(res.body)).not.toMatch(/Hidden Donor|pending|50000|UPI/);
      }
    }
  });

  it("the guest's own browser follows its order everywhere it did (status, polling, return re-check, QR, UPI links)", async () => {
    const { oi, cookie } = await guestGift();
    const mine = await details(oi, { cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ order_id: oi, status: 'pending', donated_amount_minor: 50_000, payment_mode: 'UPI', donor: { full_name: 'Hidden Donor' } });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await vpatxn(oi, { cookie })).body.data).toMatchObject({ order_id: oi, status: 'pending' });
    expect((await recheck(oi, { cookie })).body.data).toMatchObject({ order_id: oi, status: 'pending' });
    const code = await qr(oi, { cookie });
    expect(code.status).toBe(200);
    expect(code.headers.get('content-type')).toBe('image/svg+xml');
    expect((await upi(oi, { cookie })).body.data).toMatchObject({ order_id: oi, amount_minor: 50_000 });
  });

  it("the donor's session (cookie or bearer token) and the gateway's signed return read it; a forged signature does not", async () => {
    const donor = await signedInPerson(db, 'Signed Donor');
    const cart = await newCart({ donor_name: 'Signed Donor' }, { ...origin, cookie: donor.cookie });
    const order = await placeOrder({ cart_id: cart.body.data.id, mode: 'CARD' }, { ...origin, cookie: donor.cookie });
    const oi = order.body.data.order_id;
    await call(sendRoute, '/x', {}, post({ order_id: oi }, { ...origin, cookie: donor.cookie }));
    // the session alone, without the browser's checkout cookie
    expect((await details(oi, { cookie: donor.cookie })).body.data.donor.full_name).toBe('Signed Donor');
    expect((await details(oi, donor.auth)).status).toBe(200);
    expect((await vpatxn(oi, donor.auth)).status).toBe(200);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, oi));
    const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(row.gateway_order_id!, 'pending');
    const signed = await details(oi, {}, `?${new URLSearchParams(outcome.params)}`);
    expect(signed.status).toBe(200);
    expect(signed.body.data.donor.full_name).toBe('Signed Donor');
    expect((await details(oi, {}, `?${new URLSearchParams({ ...outcome.params, signature: 'f'.repeat(64) })}`)).status).toBe(404);
    // the browser's return with the signed params settles and answers as before, without any cookie
    expect((await recheck(oi, {}, outcome.params)).body.data).toMatchObject({ order_id: oi, status: 'pending' });
  });
});

describe('an ended session on the way to paying', () => {
  const origin = { origin: 'http://localhost' };
  /** A signed-in person whose token has since expired: the bearer header and the cookie that still carry it. */
  async function endedSession(name: string) {
    const person = await signedInPerson(db, name);
    await db.update(authTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(authTokens.user_id, person.id));
    return person;
  }
  const expired = (res: { status: number; body: { error?: { code: string } } }) => {
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('token_expired');
  };

  it("counts an ended bearer token as nobody where the order is the donor's: the cart's browser places, sends and follows it", async () => {
    const stale = await endedSession('Stale Token Donor');
    const cart = await newCart({ donor_name: 'Stale Token Donor' }, origin);
    const browser = { ...origin, ...stale.auth, cookie: cookiesFrom(cart.headers) };
    const order = await placeOrder({ cart_id: cart.body.data.id, mode: 'UPI' }, browser);
    expect(order.status).toBe(201);
    const oi = order.body.data.order_id as string;
    expect((await call(sendRoute, '/x', {}, post({ order_id: oi }, browser))).status).toBe(200);
    const headers = { ...stale.auth, cookie: browser.cookie };
    expect((await call(orderDetailsRoute, `/api/orders/${oi}`, { oi }, { headers })).body.data).toMatchObject({ order_id: oi, donor: { full_name: 'Stale Token Donor' } });
    expect((await call(vpatxnRoute, '/x', {}, post({ order_id: oi }, browser))).status).toBe(200);
    expect((await call(responseRoute, `/api/payment/response/${oi}`, { oi }, post({}, browser))).status).toBe(200);
    expect((await call(qrRoute, `/api/orders/${oi}/qr`, { oi }, { headers })).status).toBe(200);
    // without the cart's cookie the ended token is nobody too: the order is not found, not token_expired
    expect((await call(orderDetailsRoute, `/api/orders/${oi}`, { oi }, { headers: stale.auth })).status).toBe(404);
    expect((await call(qrRoute, `/api/orders/${oi}/qr`, { oi }, { headers: stale.auth })).status).toBe(404);
    // a tip's order the same
    const tipCart = await call(tipCartRoute, '/x', {}, post({ tip_amount: 321, currency: 'INR', donor_name: 'Stale Tipper', donor_email: `tipper.${run}@example.com`, donor_phone: '9876543210' }, origin));
    expect((await call(tipOrderRoute, '/x', {}, post({ cart_id: tipCart.body.data.id, mode: 'UPI' }, { ...origin, ...stale.auth, cookie: cookiesFrom(tipCart.headers) }))).status).toBe(201);
  });

  it('answers an ended bearer token with token_expired where a visitor is asked who they are; an ended cookie is signed out', async () => {
    const stale = await endedSession('Stale Token Visitor');
    expired(await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody(), { ...origin, ...stale.auth })));
    expired(await call(tipCartRoute, '/x', {}, post({ tip_amount: 321, currency: 'INR', donor_name: 'Stale Tipper', donor_email: `tipper2.${run}@example.com`, donor_phone: '9876543210' }, { ...origin, ...stale.auth })));
    expired(await call(couponRoute, '/api/coupon', {}, post({ coupon_code: 'NOSUCHCODE', currency: 'INR', donated_amount: 500 }, { ...origin, ...stale.auth })));
    const cart = await newCart({}, origin);
    const cookie = cookiesFrom(cart.headers);
    const oi = (await placeOrder({ cart_id: cart.body.data.id, mode: 'UPI' }, { ...origin, cookie })).body.data.order_id as string;
    expect((await call(sendRoute, '/x', {}, post({ order_id: oi }, { ...origin, cookie }))).status).toBe(200);
    expired(await call(upiRoute, `/api/orders/${oi}/upi`, { oi }, { headers: { ...stale.auth, cookie } }));
    expired(await call(rewardRoute, '/x', { id: String(fundraiser.id), rewardId: '1' }, { headers: stale.auth }));
    // the supporters list asks who is calling only after its public first page
    const donors = (page: number, headers: Record<string, string>) => call(donorsRoute, `/api/fundraisers/${fundraiser.id}/donors?page=${page}`, { id: String(fundraiser.id) }, { headers });
    expect((await donors(1, stale.auth)).status).toBe(200);
    expired(await donors(2, stale.auth));
    // the browser whose cookie carries the same ended token is simply signed out
    expect((await donors(2, { cookie: stale.cookie })).body.error).toMatchObject({ code: 'unauthenticated', message: 'Sign in to see more supporters' });
    expect((await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody(), { ...origin, cookie: stale.cookie }))).status).toBe(201);
    expect((await call(upiRoute, `/api/orders/${oi}/upi`, { oi }, { headers: { cookie: `${stale.cookie}; ${cookie}` } })).status).toBe(200);
  });
});

describe('80G and the PAN are for gifts in rupees', () => {
  it('a PAN sent with a gift in another currency is not kept, on a fundraiser whose rupee gifts earn 80G', async () => {
    const exempt = await makeFundraiser(db, { taxexempted: true });
    const withPan = async (over: Record<string, unknown>) => {
      const res = await call(cartRoute, '/x', { id: String(exempt.id) }, post(cartBody({ pan: 'abcde1234f', ...over })));
      expect(res.status).toBe(201);
      return (await db.select({ pan: carts.donor_pan }).from(carts).where(eq(carts.id, res.body.data.id)))[0].pan;
    };
    expect(await withPan({})).toBe('ABCDE1234F');
    expect(await withPan({ currency: 'USD', donated_amount: 25, donor_extension: '+1', donor_phone: '2025550143', citizenship: 'indian' })).toBeNull();
    expect(await withPan({ currency: 'AED', donated_amount: 100, donor_extension: '+971', donor_phone: '501234567', citizenship: 'indian' })).toBeNull();
  });
});
