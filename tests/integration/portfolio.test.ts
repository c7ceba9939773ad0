import { eq, sql } from 'drizzle-orm';
import { GET as meGet, PUT as mePut } from '@/app/api/users/me/route';
import { GET as ordersGet } from '@/app/api/users/me/orders/route';
import { GET as orderGet } from '@/app/api/users/me/orders/[orderId]/route';
import { GET as summaryGet } from '@/app/api/users/me/summary/route';
import { GET as subscriptionsGet } from '@/app/api/users/me/subscriptions/route';
import { authTokens, carts, causes, fundraisers, rewards, subscriptions, users } from '@/lib/db/schema';
import { managedFundraisersOf, receiptOf } from '@/lib/portfolio/queries';
import { claimGuestOrders } from '@/lib/donations/claim';
import { requestRefund } from '@/lib/payments/refunds';
import type { Db } from '@/lib/db/client';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeHospitalDesk, makeNgo, makeNgoFundraiser, makeOrder, makeUser } from '../factories';
import { signedIn } from '../helpers/auth';

let db: Db;
let plain: typeof fundraisers.$inferSelect; // no tax benefit
let exempt: typeof fundraisers.$inferSelect; // NGO, taxexempted

beforeAll(async () => {
  db = await freshDb();
  // a transplant fundraiser of an individual, and a children's one of an NGO with 80G
  plain = await makeFundraiser(db, { title: 'Help Ravi get a kidney transplant', cause_id: 7, taxexempted: false, beneficiary_tax_benefit: false });
  exempt = await makeNgoFundraiser(db, { title: 'School meals for 500 children', taxexempted: true }, await makeNgo(db, { full_name: 'Annapurna Foundation' }, { has_80g: true, registration_number: 'NGO/REG/2010/400', pan_number: 'AAATN1000K' }));
});
afterAll(closeDb);

let seq = 0;
const newUser = (name = 'Asha Rao', over: Partial<typeof users.$inferInsert> = {}) => makeUser(db, { full_name: name, extension: '+91', ...over });

interface OrderOpts {
  userId: number | null;
  at: Date;
  f?: typeof fundraisers.$inferSelect;
  status?: 'created' | 'pending' | 'success' | 'failed' | 'refunded';
  currency?: string;
  minor?: number;
  inr?: number;
  tip?: number;
  email?: string;
  pan?: string | null;
  rewardId?: number | null;
}
async function orderAt(o: OrderOpts): Promise<string> {
  const f = o.f ?? plain;
  const minor = o.minor ?? 50_000;
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: f.id, user_id: o.userId, currency: o.currency ?? 'INR', donated_amount_minor: minor, donated_amount_inr_minor: o.inr ?? minor, tip_amount_minor: o.tip ?? 0, donor_name: 'Asha Rao', donor_email: o.email ?? 'asha@example.com', donor_pan: o.pan ?? null, reward_id: o.rewardId ?? null })
    .returning();
  const orderId = `SHYT${(++seq).toString().padStart(6, '0')}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const status = o.status ?? 'success';
  await makeOrder(db, { order_id: orderId, cart_id: cart.id, fundraiser_id: f.id, user_id: o.userId, payment_mode: 'CARD', payment_gateway: 'sandbox', iso_currency: o.currency ?? 'INR', donated_amount_minor: minor, tip_amount_minor: o.tip ?? 0, credited_amount_minor: o.inr ?? minor, status, charged: status === 'success', gateway_payment_id: `pay_${orderId}`, created_at: o.at, settled_at: status === 'success' ? o.at : null });
  return orderId;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
const as = async (userId: number) => ({ cookie: (await signedIn(db, userId)).cookie });

describe('every users/me route needs a signed-in user', () => {
  it.each([
    ['users/me', meGet, '/api/users/me'],
    ['users/me/orders', ordersGet, '/api/users/me/orders'],
    ['users/me/summary', summaryGet, '/api/users/me/summary'],
    ['users/me/subscriptions', subscriptionsGet, '/api/users/me/subscriptions'],
  ])('%s answers 401 unauthenticated without a session', async (_name, handler, url) => {
    const res = await call(handler, url);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('spec 8: an expired bearer token answers token_expired', async () => {
    const u = await newUser();
    const { token } = await signedIn(db, u.id);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await call(meGet, '/api/users/me', {}, { headers: bearer })).status).toBe(200);
    await db.update(authTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(authTokens.user_id, u.id));
    for (const [handler, url] of [
      [meGet, '/api/users/me'],
      [ordersGet, '/api/users/me/orders'],
      [summaryGet, '/api/users/me/summary'],
    ] as const) {
      const res = await call(handler, url, {}, { headers: bearer });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('token_expired');
    }
  });
});

describe('spec 7: GET users/me with its related data', () => {
  it('answers the profile, total given, active SIP, active campaigns, last order and reward flag', async () => {
    const me = await newUser('Kavya Menon', { phone_1: '9876543210', pincode: '560001', pan_number: 'ABCDE1234F', address_1: '12 MG Road', gender: 'female' });
    await orderAt({ userId: me.id, at: day(1), currency: 'USD', minor: 1_000, inr: 83_000 });
    const newest = await orderAt({ userId: me.id, at: day(3), f: exempt, minor: 20_000 });
    await orderAt({ userId: me.id, at: day(2), status: 'failed', minor: 99_999 });
    const other = await newUser('Someone Else');
    await orderAt({ userId: other.id, at: day(9), minor: 70_000 });
    await db.insert(subscriptions).values({ user_id: me.id, sip_cause: 'animals', amount_minor: 20_000, status_flag: 4 });
    // one running fundraiser as campaigner, one as manager, one ended: two are active
    const base = { goal_minor: 100_000, cause_id: plain.cause_id, parent_cause_id: plain.parent_cause_id, campaigner_id: other.id, end_date: new Date(Date.now() + 10 * 86_400_000) };
    await db.insert(fundraisers).values([
      { ...base, custom_tag: `mine-${me.id}`, title: 'Mine', campaigner_id: me.id },
      { ...base, custom_tag: `managed-${me.id}`, title: 'Managed', manager_id: me.id },
      { ...base, custom_tag: `ended-${me.id}`, title: 'Ended', campaigner_id: me.id, status_flag: 4 },
    ]);

    const res = await call(meGet, '/api/users/me', {}, { headers: await as(me.id) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const d = res.body.data;
    expect(d).toMatchObject({
      id: me.id,
      full_name: 'Kavya Menon',
      email: me.email,
      phone_1: '9876543210',
      extension: '+91',
      pincode: '560001',
      address_1: '12 MG Road',
      gender: 'female',
      entity_type: 'individual',
      avatar: null,
      isHospital: false,
      isDummyEmail: false,
      panNumber: 'ABCDE1234F',
      pan_number: 'ABCDE1234F',
      // spec 4: status 4 still counts as an active SIP
      activeSubscription: true,
      // successful donations only, in rupees (83,000 + 20,000 paise)
      aggdonationall: { funds: 1030, funds_minor: 103_000, currency: 'INR' },
      activateReward: false,
      allActiveCampaigns: 2,
      all_active_campaigns: 2,
      lastorder: { order_id: newest, campaign_id: exempt.id },
    });
    expect(d.subscriptions).toHaveLength(1);
    expect(d.listsubscriptions[0]).toMatchObject({ sip_cause: 'animals', status_flag: 4, status: 'paused', amount_minor: 20_000, currency: 'INR' });
    expect(d).not.toHaveProperty('password_hash');
  });

  it('flags a hospital user, a reward claimed with a donation, and no active SIP for a stopped one', async () => {
    const me = await newUser('Care Desk', { is_hospital: true });
    const [reward] = await db.insert(rewards).values({ fundraiser_id: plain.id, title: 'Postcard', min_amount_minor: 10_000 }).returning();
    await orderAt({ userId: me.id, at: day(1), rewardId: reward.id });
    await db.insert(subscriptions).values({ user_id: me.id, sip_cause: 'medical', amount_minor: 10_000, status_flag: 3 });
    const d = (await call(meGet, '/api/users/me', {}, { headers: await as(me.id) })).body.data;
    expect(d).toMatchObject({ isHospital: true, activateReward: true, activeSubscription: false, allActiveCampaigns: 0 });
    expect(d.subscriptions[0].status).toBe('stopped');
  });
});

describe('spec 7: GET users/me/orders, newest first, only my own', () => {
  let me: typeof users.$inferSelect;
  let ids: string[];
  beforeAll(async () => {
    me = await newUser('Paged Donor');
    // 12 listed orders on days 1..12 (inserted out of order), plus one never sent to a gateway
    const days = [5, 1, 12, 3, 8, 2, 11, 4, 9, 6, 10, 7];
    const made: Record<number, string> = {};
    for (const n of days) made[n] = await orderAt({ userId: me.id, at: day(n), status: n === 6 ? 'failed' : 'success', minor: n * 1000 });
    await orderAt({ userId: me.id, at: day(20), status: 'created' });
    ids = Object.keys(made)
      .map(Number)
      .sort((a, b) => b - a)
      .map((n) => made[n]);
    const other = await newUser('Other Donor');
    await orderAt({ userId: other.id, at: day(15) });
  });

  it('pages newest first with the pagination meta, and the second page follows the first', async () => {
    const cookie = await as(me.id);
    const p1 = await call(ordersGet, '/api/users/me/orders?page=1&limit=5&orderBy=creation_date&sortedBy=desc', {}, { headers: cookie });
    expect(p1.status).toBe(200);
    expect(p1.body.data.map((o: { order_id: string }) => o.order_id)).toEqual(ids.slice(0, 5));
    expect(p1.body.meta.pagination).toEqual({ page: 1, per_page: 5, total: 12, has_more: true });
    const p3 = await call(ordersGet, '/api/users/me/orders?page=3&limit=5', {}, { headers: cookie });
    expect(p3.body.data.map((o: { order_id: string }) => o.order_id)).toEqual(ids.slice(10));
    expect(p3.body.meta.pagination.has_more).toBe(false);
    const asc = await call(ordersGet, '/api/users/me/orders?limit=3&sortedBy=ASC', {}, { headers: cookie });
    expect(asc.body.data.map((o: { order_id: string }) => o.order_id)).toEqual(ids.slice(-3).reverse());
  });

  it('gives the fundraiser, amount, status and a receipt only for successful orders', async () => {
    const res = await call(ordersGet, '/api/users/me/orders?limit=50', {}, { headers: await as(me.id) });
    const first = res.body.data[0];
    expect(first).toMatchObject({ order_id: ids[0], status: 'success', currency: 'INR', donated_amount_minor: 12_000, fundraiser: { id: plain.id, title: plain.title, custom_tag: plain.custom_tag }, receipt_number: ids[0], receipt_url: `/portfolio/receipts/${ids[0]}` });
    const failed = res.body.data.find((o: { status: string }) => o.status === 'failed');
    expect(failed).toMatchObject({ receipt_number: null, receipt_url: null });
    expect(res.body.data.some((o: { status: string }) => o.status === 'created')).toBe(false);
  });

  it("never lists another user's orders, and a new user has none", async () => {
    const stranger = await newUser('Stranger');
    const res = await call(ordersGet, '/api/users/me/orders', {}, { headers: await as(stranger.id) });
    expect(res.body).toEqual({ data: [], meta: { pagination: { page: 1, per_page: 10, total: 0, has_more: false } } });
  });

  it('refuses bad paging with 422', async () => {
    const cookie = await as(me.id);
    for (const q of ['limit=0', 'limit=51', 'page=0', 'page=x', 'sortedBy=sideways', 'orderBy=amount']) {
      const res = await call(ordersGet, `/api/users/me/orders?${q}`, {}, { headers: cookie });
      expect([q, res.status]).toEqual([q, 422]);
    }
  });
});

describe('receipts: my own successful orders only', () => {
  it("answers my receipt, and 404 for another user's order, a failed order or an unknown id", async () => {
    const me = await newUser('Receipt Owner');
    const other = await newUser('Receipt Thief');
    const mine = await orderAt({ userId: me.id, at: day(1), f: exempt, pan: 'ABCDE1234F', tip: 5_000 });
    const failed = await orderAt({ userId: me.id, at: day(2), status: 'failed' });
    const cookie = await as(me.id);
    const ok = await call(orderGet, `/api/users/me/orders/${mine}`, { orderId: mine }, { headers: cookie });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ receipt_number: mine, donated_amount_minor: 50_000, tip_amount_minor: 5_000, total_minor: 55_000, fundraiser: { id: exempt.id }, tax: { pan: 'ABCDE1234F' } });
    expect(ok.body.data.tax.organisation).toMatchObject({ has_80g: true });
    expect((await call(orderGet, '/x', { orderId: mine }, { headers: await as(other.id) })).status).toBe(404);
    expect((await call(orderGet, '/x', { orderId: failed }, { headers: cookie })).status).toBe(404);
    expect((await call(orderGet, '/x', { orderId: 'SHYNOPE0000' }, { headers: cookie })).status).toBe(404);
    expect((await call(orderGet, '/x', { orderId: mine })).status).toBe(401);
  });

  it('80G details only for a tax-exempt fundraiser and a PAN given with the donation', async () => {
    const me = await newUser('Tax Donor');
    const noPan = await orderAt({ userId: me.id, at: day(1), f: exempt });
    const notExempt = await orderAt({ userId: me.id, at: day(2), f: plain, pan: 'ABCDE1234F' });
    expect((await receiptOf(db, me.id, noPan))!.tax).toBeNull();
    expect((await receiptOf(db, me.id, notExempt))!.tax).toBeNull();
  });
});

// a cause's parent as the summary names it; a top-level cause (a fundraiser's own parent cause) has none
const parentOf = (c: typeof causes.$inferSelect) => (c.parent_id === null ? null : expect.objectContaining({ id: c.parent_id }));

describe('GET users/me/summary', () => {
  it('counts what a gift still gives after a partial refund, in its currency and in rupees (users/me too)', async () => {
    const me = await newUser('Refunded Donor');
    const rupees = await orderAt({ userId: me.id, at: day(1), f: plain, minor: 10_000, tip: 1_000 });
    const dollars = await orderAt({ userId: me.id, at: day(2), f: exempt, currency: 'USD', minor: 2_000, inr: 168_000 });
    // the donation is taken back before the tip: ₹40 of ₹100; half of the $20
    await requestRefund(db, rupees, 4_000, { reason: null, origin: 'http://localhost' });
    await requestRefund(db, dollars, 1_000, { reason: null, origin: 'http://localhost' });
    const res = await call(summaryGet, '/api/users/me/summary', {}, { headers: await as(me.id) });
    expect(res.body.data).toMatchObject({
      total_inr_minor: 6_000 + 84_000,
      totals: [
        { currency: 'INR', amount_minor: 6_000, donations: 1 },
        { currency: 'USD', amount_minor: 1_000, donations: 1 },
      ],
    });
    const account = await call(meGet, '/api/users/me', {}, { headers: await as(me.id) });
    expect(account.body.data.aggdonationall.funds_minor).toBe(90_000);
  });

  it('totals per currency and in rupees, counts donations and the distinct causes with their names', async () => {
    const me = await newUser('Summary Donor');
    await orderAt({ userId: me.id, at: day(1), f: plain, minor: 10_000 });
    await orderAt({ userId: me.id, at: day(2), f: plain, minor: 15_000 });
    await orderAt({ userId: me.id, at: day(3), f: exempt, currency: 'USD', minor: 2_500, inr: 210_000 });
    await orderAt({ userId: me.id, at: day(4), f: exempt, status: 'failed', minor: 1_000_000 });
    const res = await call(summaryGet, '/api/users/me/summary', {}, { headers: await as(me.id) });
    expect(res.status).toBe(200);
    const [plainCause] = await db.select().from(causes).where(eq(causes.id, plain.cause_id));
    const [exemptCause] = await db.select().from(causes).where(eq(causes.id, exempt.cause_id));
    expect(res.body.data).toMatchObject({
      total_inr_minor: 235_000,
      totals: [
        { currency: 'INR', amount_minor: 25_000, donations: 2 },
        { currency: 'USD', amount_minor: 2_500, donations: 1 },
      ],
      donations: 3,
      fundraisers_supported: 2,
      causes_supported: plain.cause_id === exempt.cause_id ? 1 : 2,
    });
    expect(res.body.data.causes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: plainCause.id, info_1: plainCause.info_1, parent: parentOf(plainCause) }),
        expect.objectContaining({ id: exemptCause.id, info_1: exemptCause.info_1, parent: parentOf(exemptCause) }),
      ]),
    );
  });

  it('is all zeros for a user who never gave', async () => {
    const me = await newUser('New Person');
    const res = await call(summaryGet, '/api/users/me/summary', {}, { headers: await as(me.id) });
    expect(res.body.data).toEqual({ total_inr_minor: 0, totals: [], donations: 0, fundraisers_supported: 0, causes_supported: 0, causes: [] });
  });
});

describe('GET users/me/subscriptions', () => {
  it("lists my SIPs with their status, never another user's", async () => {
    const me = await newUser('Sip Donor');
    const other = await newUser('Other Sip Donor');
    await db.insert(subscriptions).values([
      { user_id: me.id, sip_cause: 'education', amount_minor: 50_000, status_flag: 1, next_payment_date: day(40) },
      { user_id: me.id, sip_cause: 'animals', amount_minor: 20_000, status_flag: 2 },
      { user_id: other.id, sip_cause: 'elderly', amount_minor: 99_900, status_flag: 1 },
    ]);
    const res = await call(subscriptionsGet, '/api/users/me/subscriptions', {}, { headers: await as(me.id) });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { sip_cause: string; status: string }) => [s.sip_cause, s.status])).toEqual([
      ['education', 'active'],
      ['animals', 'paused'],
    ]);
    expect(res.body.data[0].next_payment_date).toBe(day(40).toISOString());
  });
});

describe('PUT users/me: profile edit with the spec 5 rules', () => {
  const put = (cookie: { cookie: string }, body: unknown, headers: Record<string, string> = {}) =>
    call(mePut, '/api/users/me', {}, { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...cookie, ...headers } });

  it('saves name, phone, pincode, PAN (upper-cased), address and gender', async () => {
    const me = await newUser('Old Name');
    const res = await put(await as(me.id), { full_name: 'Meera Iyer', extension: '+91', phone_1: '+91 98765 43210', pincode: '600001', pan_number: 'abcde1234f', address_1: ' 4 Beach Road ', gender: 'female' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ full_name: 'Meera Iyer', phone_1: '9876543210', pincode: '600001', pan_number: 'ABCDE1234F', panNumber: 'ABCDE1234F', address_1: '4 Beach Road', gender: 'female' });
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ full_name: 'Meera Iyer', phone_1: '9876543210', pan_number: 'ABCDE1234F' });
  });

  it('answers 422 with the spec 5 message for each bad field', async () => {
    const me = await newUser('Field Checker');
    const res = await put(await as(me.id), { full_name: 'R2D2', phone_1: '12345', pincode: '12345', pan_number: 'ABCD1234F', gender: 'robot', address_1: 'x'.repeat(300) });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({
      full_name: 'Please enter a valid name',
      phone_1: 'Please enter a valid number',
      pincode: 'Please enter a valid pincode',
      pan_number: 'Please enter a valid PAN',
      gender: 'Please choose a gender',
      address_1: 'Maximum character limit exceeds',
    });
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row.full_name).toBe('Field Checker');
  });

  it('spec 5: the Indian mobile pattern applies with +91 (also the stored +91), not with other codes', async () => {
    const me = await newUser('Phone Person');
    const cookie = await as(me.id);
    // starts with 5: not an Indian mobile
    expect((await put(cookie, { phone_1: '5123456789' })).body.error.fields).toEqual({ phone_1: 'Please enter a valid number' });
    expect((await put(cookie, { phone_1: '5123456789', extension: '+91' })).status).toBe(422);
    const abroad = await put(cookie, { phone_1: '5123456789', extension: '1', pincode: 'SW1A 1AA' });
    expect(abroad.status).toBe(200);
    expect(abroad.body.data).toMatchObject({ phone_1: '5123456789', extension: '+1', pincode: 'SW1A 1AA' });
    // a 6-digit pincode is for India only: a UK postcode is refused once the code is +91 again
    expect((await put(cookie, { extension: '+91', phone_1: '9876543210', pincode: 'SW1A 1AA' })).body.error.fields).toEqual({ pincode: 'Please enter a valid pincode' });
  });

  it('an empty field clears it, a missing field keeps it, and email or role flags cannot be changed', async () => {
    const me = await newUser('Keeper', { pincode: '400001', address_1: 'Somewhere' });
    const res = await put(await as(me.id), { pincode: '', email: 'taken@example.com', is_hospital: true, entity_type: 'ngo', isHospital: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pincode: null, address_1: 'Somewhere', email: me.email, isHospital: false, entity_type: 'individual' });
  });

  it('needs a session, refuses a cross-site request, and changes only my own profile', async () => {
    const me = await newUser('Victim');
    expect((await put({ cookie: '' }, { full_name: 'Hacked' })).status).toBe(401);
    const crossSite = await put(await as(me.id), { full_name: 'Hacked' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const attacker = await newUser('Attacker');
    // an id in the body is ignored: the session decides whose profile changes
    await put(await as(attacker.id), { id: me.id, full_name: 'Renamed' });
    const [victim] = await db.select().from(users).where(eq(users.id, me.id));
    expect(victim.full_name).toBe('Victim');
  });

  it('refuses a body that is not a JSON object', async () => {
    const me = await newUser('Json Person');
    const res = await call(mePut, '/api/users/me', {}, { method: 'PUT', body: '[1,2]', headers: { 'content-type': 'application/json', ...(await as(me.id)) } });
    expect(res.status).toBe(422);
  });
});

describe('guest donations join an account only through claimGuestOrders', () => {
  it('a donation made before sign-up shows once the email is proven, and only for that email', async () => {
    const me = await newUser('Guest Giver');
    const guest = await orderAt({ userId: null, at: day(1), email: me.email.toUpperCase() });
    const someoneElse = await orderAt({ userId: null, at: day(2), email: 'not-me@example.com' });
    const cookie = await as(me.id);
    expect((await call(ordersGet, '/api/users/me/orders', {}, { headers: cookie })).body.data).toEqual([]);
    expect(await claimGuestOrders(db, me.id, me.email)).toBe(1);
    const listed = (await call(ordersGet, '/api/users/me/orders', {}, { headers: cookie })).body.data.map((o: { order_id: string }) => o.order_id);
    expect(listed).toEqual([guest]);
    expect(listed).not.toContain(someoneElse);
    // claiming again changes nothing
    expect(await claimGuestOrders(db, me.id, me.email)).toBe(0);
  });
});

describe('/manage/list data', () => {
  it("lists fundraisers I run, manage, or that my NGO's entity runs; not others'", async () => {
    // an NGO's own fundraisers, one its volunteer runs for it, and a hospital desk managing some and starting others for patients
    const ngoAccount = await makeNgo(db, { full_name: 'Paws of Hope Trust' });
    const ngo = ngoAccount.user;
    await makeNgoFundraiser(db, {}, ngoAccount);
    await makeNgoFundraiser(db, { status_flag: 4 }, ngoAccount);
    await makeNgoFundraiser(db, { campaigner_id: (await newUser('NGO Volunteer')).id }, ngoAccount);
    const desk = await makeHospitalDesk(db);
    await makeFundraiser(db, { manager_id: desk.user.id });
    await makeFundraiser(db, { creator_entity_details_id: desk.entity.id });
    await makeFundraiser(db, { creator_entity_details_id: desk.entity.id, manager_id: desk.user.id });
    const list = await managedFundraisersOf(db, ngo.id);
    expect(list.length).toBeGreaterThan(0);
    const expected = (await db.execute(sql`select count(*)::int as n from fundraisers f left join entity_details e on e.id = f.entity_details_id left join entity_details c on c.id = f.creator_entity_details_id where f.campaigner_id = ${ngo.id} or f.manager_id = ${ngo.id} or e.user_id = ${ngo.id} or c.user_id = ${ngo.id}`)) as unknown as { rows: { n: number }[] };
    expect(list).toHaveLength(expected.rows[0].n);
    const managed = await managedFundraisersOf(db, desk.user.id);
    expect(managed.length).toBeGreaterThan(0);
    // the hospital desk manages some and started others for patients under its entity (spec 6)
    expect(managed.every((f) => f.role === 'manager' || f.role === 'created_for_others' || f.role === 'organisation')).toBe(true);
    expect(managed.some((f) => f.role === 'created_for_others')).toBe(true);
    const stranger = await newUser('No Campaigns');
    expect(await managedFundraisersOf(db, stranger.id)).toEqual([]);
  });
});
