// Spec 7 POST coupon: a sponsor's code adds a match to a gift, once, within its dates and uses; the gift counts
// once (the match moves the total, never the supporters), and a refund takes the match back with the gift.
// Never a match on a gift from the fundraiser's own people (signed in, or typing their own email), a cap per
// donor (account and email) and per fundraiser, and a sponsor's budget no number of simultaneous settlements exceeds.
import { and, eq, like, sum } from 'drizzle-orm';
import { POST as couponRoute } from '@/app/api/coupon/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { carts, couponRedemptions, coupons, entityDetails, fundraisers, ledgerEntries, memberships, orders } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { checkLedger } from '@/lib/payments/ledger-check';
import { requestRefund } from '@/lib/payments/refunds';
import { COUPON_MESSAGES, matchFor } from '@/lib/coupons/coupons';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeUser } from '../factories';
import { cookiesFrom, signedInPerson } from '../helpers/auth';

let db: Db;
const ORIGIN = 'http://localhost';
const RUN = Date.now().toString(36).toUpperCase();
const gateway = () => new SandboxGateway(getDb, sandboxSecret(), ORIGIN);
let ip = 0;
const code = (name: string) => `${name}${RUN}`;

beforeAll(async () => {
  db = await freshDb();
  const day = 24 * 3600 * 1000;
  await db.insert(coupons).values([
    { code: code('FIXED'), sponsor: 'Sahyog Friends', currency: 'INR', amount_minor: 10_000 },
    { code: code('HALF'), sponsor: 'Acme CSR', currency: 'INR', share_percent: 50, max_match_minor: 20_000 },
    { code: code('ONCE'), sponsor: 'One Time Co', currency: 'INR', amount_minor: 5_000, max_uses: 1 },
    { code: code('OLD'), sponsor: 'Past Drive', currency: 'INR', amount_minor: 5_000, valid_until: new Date(Date.now() - day) },
    { code: code('SOON'), sponsor: 'Future Drive', currency: 'INR', amount_minor: 5_000, valid_from: new Date(Date.now() + day) },
    { code: code('USD'), sponsor: 'US Friends', currency: 'USD', amount_minor: 500 },
  ]);
});
afterAll(closeDb);

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.16.0.${++ip % 250}`, ...headers } });
const quote = (body: Record<string, unknown>) => call(couponRoute, '/api/coupon', {}, post(body));
const fundraiserNow = async (id: number) => (await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, id)))[0];

async function giftWith(fundraiserId: number, couponCode: string | undefined, amount = 1000, donor: { email?: string; headers?: Record<string, string> } = {}) {
  const cart = await call(cartRoute, '/x', { id: String(fundraiserId) }, post({ donated_amount: amount, currency: 'INR', donor_name: 'Kiran Shah', donor_email: donor.email ?? `kiran-${RUN}-${ip}@example.com`, donor_phone: '9876543210', ...(couponCode ? { coupon_code: couponCode } : {}) }, donor.headers));
  if (cart.status !== 201) return { cart, order: null };
  // the donor's browser keeps the cart's checkout access
  const headers = { ...donor.headers, cookie: cookiesFrom(cart.headers, donor.headers?.cookie) };
  const placed = await call(orderRoute, '/x', { id: String(fundraiserId) }, post({ cart_id: cart.body.data.id, mode: 'CARD' }, headers));
  await call(sendRoute, '/x', {}, post({ order_id: placed.body.data.order_id }, headers));
  const [order] = await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id));
  return { cart, order };
}
async function pay(order: typeof orders.$inferSelect) {
  const outcome = await gateway().complete(order.gateway_order_id!, 'success');
  await call(responseRoute, `/api/payment/response/${order.order_id}`, { oi: order.order_id }, post(outcome.params));
  return outcome;
}

describe('POST coupon (quote)', () => {
  it('answers the match: a fixed amount, or a share up to its cap', async () => {
    expect((await quote({ coupon_code: code('fixed'), currency: 'INR', donated_amount: 1000 })).body.data).toMatchObject({ code: code('FIXED'), sponsor: 'Sahyog Friends', match_minor: 10_000 });
    expect((await quote({ coupon_code: ` ${code('HALF')} `, currency: 'INR', donated_amount: 300 })).body.data.match_minor).toBe(15_000);
    expect((await quote({ coupon_code: code('HALF'), currency: 'INR', donated_amount: 5000 })).body.data.match_minor).toBe(20_000);
    // a fixed match never exceeds the gift itself
    expect(matchFor({ amount_minor: 10_000, share_percent: null, max_match_minor: null }, 5_000)).toBe(5_000);
  });

  it.each([
    ['NOPE', 'INR', 'This coupon code is not valid'],
    ['OLD', 'INR', 'This coupon has expired'],
    ['SOON', 'INR', 'This coupon is not active yet'],
    ['USD', 'INR', 'This coupon is for gifts in USD'],
  ])('refuses %s with a clear message', async (name, currency, message) => {
    const r = await quote({ coupon_code: code(name), currency, donated_amount: 1000 });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ message, fields: { coupon_code: message } });
  });

  it('refuses a missing code with the envelope', async () => {
    const r = await quote({ currency: 'INR', donated_amount: 1000 });
    expect(r.status).toBe(422);
    expect(r.body.error.fields.coupon_code).toBe('Please enter a coupon code');
  });
});

describe('a gift with a coupon', () => {
  it('adds the match once, whatever the callbacks; one supporter; the ledger equals the totals', async () => {
    const f = await makeFundraiser(db);
    const { order } = await giftWith(f.id, code('FIXED'));
    const outcome = await pay(order!);
    for (let i = 0; i < 2; i++) await call(webhookRoute, '/api/webhooks/sandbox', { gateway: 'sandbox' }, { method: 'POST', body: outcome.webhookBody, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: outcome.webhookSignature } });
    expect(await fundraiserNow(f.id)).toEqual({ raised: 110_000, donors: 1 });
    const lines = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, order!.order_id));
    expect(lines.map((l) => [l.kind, l.amount_minor]).sort()).toEqual([['coupon', 10_000], ['donation', 100_000]]);
    expect(await db.select().from(couponRedemptions).where(eq(couponRedemptions.order_id, order!.id))).toHaveLength(1);
    expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
  });

  it('a coupon with one use left matches the first gift to settle; the second stands without it', async () => {
    const f = await makeFundraiser(db);
    const a = await giftWith(f.id, code('ONCE'), 500);
    const b = await giftWith(f.id, code('ONCE'), 500);
    expect(a.cart.status).toBe(201);
    expect(b.cart.status).toBe(201);
    await Promise.all([pay(a.order!), pay(b.order!)]);
    expect(await fundraiserNow(f.id)).toEqual({ raised: 105_000, donors: 2 });
    const [c] = await db.select().from(coupons).where(eq(coupons.code, code('ONCE')));
    expect(c.uses).toBe(1);
    // used up now: a new cart is refused with the reason
    const late = await giftWith(f.id, code('ONCE'), 500);
    expect(late.cart.status).toBe(422);
    expect(late.cart.body.error.fields.coupon_code).toBe('This coupon has been fully used');
  });

  it('a cart with a bad coupon is refused and writes nothing', async () => {
    const f = await makeFundraiser(db);
    const before = (await db.select({ id: carts.id }).from(carts).where(eq(carts.fundraiser_id, f.id))).length;
    const { cart } = await giftWith(f.id, code('OLD'));
    expect(cart.status).toBe(422);
    expect((await db.select({ id: carts.id }).from(carts).where(eq(carts.fundraiser_id, f.id))).length).toBe(before);
  });

  it('a refund takes the match back with the gift: partial pro rata, then the rest; the supporter leaves once', async () => {
    const f = await makeFundraiser(db);
    const { order } = await giftWith(f.id, code('HALF'), 1000);
    await pay(order!);
    expect(await fundraiserNow(f.id)).toEqual({ raised: 120_000, donors: 1 });
    const first = await requestRefund(db, order!.order_id, 50_000, { reason: 'donor asked', origin: ORIGIN });
    expect(first.outcome.result).toBe('refund_processed');
    expect(await fundraiserNow(f.id)).toEqual({ raised: 60_000, donors: 1 });
    const second = await requestRefund(db, order!.order_id, 50_000, { reason: null, origin: ORIGIN });
    expect(second.outcome.result).toBe('refund_processed');
    expect(await fundraiserNow(f.id)).toEqual({ raised: 0, donors: 0 });
    const refundLines = await db.select().from(ledgerEntries).where(like(ledgerEntries.group_id, `refund:${second.refundId}`));
    expect(refundLines).toHaveLength(1);
    expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
  });
});

describe("a sponsor's match is for supporters, within its caps and budget", () => {
  let n = 0;
  /** A coupon of its own for each test: ₹100 a gift unless told otherwise. */
  async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
    const [c] = await db.insert(coupons).values({ code: code(`T${++n}X`), sponsor: 'Test Sponsor', currency: 'INR', amount_minor: 10_000, ...values }).returning();
    return c.code;
  }
  const redemptionsOf = async (couponCode: string) => db.select().from(couponRedemptions).where(eq(couponRedemptions.coupon_code, couponCode));
  const quoteFor = (couponCode: string, fundraiserId: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call(couponRoute, '/api/coupon', {}, post({ coupon_code: couponCode, currency: 'INR', donated_amount: 100, campaign_id: fundraiserId, ...extra }, headers));

  it('the campaigner giving ₹100 to their own fundraiser with a coupon is told, signed in or by their email; the gift alone moves the total', async () => {
    const campaigner = await signedInPerson(db, 'Self Matcher');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const c = await coupon();
    // the quote says so at once: signed in, or signed out with their own email (any case, any spaces)
    for (const [extra, headers] of [[{}, campaigner.auth], [{ donor_email: ` ${campaigner.email.toUpperCase()} ` }, {}]] as const) {
      const q = await quoteFor(c, f.id, extra, headers);
      expect([q.status, q.body.error?.fields]).toEqual([422, { coupon_code: COUPON_MESSAGES.ownFundraiser }]);
    }
    // a stranger's quote on the same fundraiser is the match
    expect((await quoteFor(c, f.id, { donor_email: 'someone.else@example.com' })).body.data.match_minor).toBe(10_000);
    // the cart refuses the coupon with the reason, signed in or signed out with the campaigner's email, and writes nothing
    for (const donor of [{ headers: campaigner.auth }, { email: campaigner.email.toUpperCase() }]) {
      const { cart } = await giftWith(f.id, c, 100, donor);
      expect([cart.status, cart.body.error.fields]).toEqual([422, { coupon_code: COUPON_MESSAGES.ownFundraiser }]);
    }
    expect(await db.select({ id: carts.id }).from(carts).where(eq(carts.fundraiser_id, f.id))).toEqual([]);
    // without the coupon the gift goes through and counts once: ₹100 raised, not ₹200
    const { order } = await giftWith(f.id, undefined, 100, { headers: campaigner.auth });
    await pay(order!);
    expect(await fundraiserNow(f.id)).toEqual({ raised: 10_000, donors: 1 });
    expect(await redemptionsOf(c)).toEqual([]);
  });

  // each of the fundraiser's own people, as they are recorded: a cart made before they were one (or typed with their
  // email by someone else) settles as a gift without the match
  it.each([
    ['manager', async (f: { id: number }, u: { id: number }) => void (await db.update(fundraisers).set({ manager_id: u.id }).where(eq(fundraisers.id, f.id)))],
    ['owner of the NGO it raises for', async (f: { id: number }, u: { id: number }) => {
      const [e] = await db.insert(entityDetails).values({ user_id: u.id, entity_type: 'ngo', name: 'Own NGO' }).returning();
      await db.update(fundraisers).set({ entity_details_id: e.id }).where(eq(fundraisers.id, f.id));
    }],
    ["member of the NGO's team", async (f: { id: number }, u: { id: number }) => {
      const boss = await makeUser(db, 'NGO Boss');
      const [e] = await db.insert(entityDetails).values({ user_id: boss.id, entity_type: 'ngo', name: 'Team NGO' }).returning();
      await db.insert(memberships).values({ user_id: u.id, scope: 'entity', scope_id: e.id, role: 'member' });
      await db.update(fundraisers).set({ entity_details_id: e.id }).where(eq(fundraisers.id, f.id));
    }],
    ['field-sales agent who started it', async (f: { id: number }, u: { id: number }) => {
      const [e] = await db.insert(entityDetails).values({ user_id: u.id, entity_type: 'individual', name: 'FOS Agent' }).returning();
      await db.insert(memberships).values({ user_id: u.id, scope: 'platform', scope_id: 0, role: 'field_sales' });
      await db.update(fundraisers).set({ creator_entity_details_id: e.id }).where(eq(fundraisers.id, f.id));
    }],
  ])('the %s gets no match: refused at the cart, withheld at settlement; the gift settles', async (_role, makeOwn) => {
    const f = await makeFundraiser(db);
    const person = await signedInPerson(db, 'Own Person');
    const c = await coupon();
    // the cart is made while they are a stranger to the fundraiser
    const early = await giftWith(f.id, c, 500, { email: person.email });
    expect(early.cart.status).toBe(201);
    await makeOwn(f, person);
    // now the quote and the cart refuse them, by account and by email
    expect((await quoteFor(c, f.id, {}, person.auth)).body.error.fields).toEqual({ coupon_code: COUPON_MESSAGES.ownFundraiser });
    expect((await giftWith(f.id, c, 500, { email: `x.${person.email}`, headers: person.auth })).cart.body.error.fields).toEqual({ coupon_code: COUPON_MESSAGES.ownFundraiser });
    expect((await giftWith(f.id, c, 500, { email: person.email })).cart.body.error.fields).toEqual({ coupon_code: COUPON_MESSAGES.ownFundraiser });
    // the early cart's gift settles without the match
    await pay(early.order!);
    expect(await fundraiserNow(f.id)).toEqual({ raised: 50_000, donors: 1 });
    expect(await redemptionsOf(c)).toEqual([]);
    expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
  });

  it('one match per donor: by account and by email, at the cart and at settlement', async () => {
    const f = await makeFundraiser(db);
    const g = await makeFundraiser(db);
    const donor = await signedInPerson(db, 'Repeat Donor');
    const c = await coupon({ max_uses_per_donor: 1 });
    // two carts made before either is paid: both pass, only the first to settle is matched
    const a = await giftWith(f.id, c, 500, { headers: donor.auth, email: `first.${RUN}@example.com` });
    const b = await giftWith(g.id, c, 500, { email: `First.${RUN}@Example.com` });
    expect([a.cart.status, b.cart.status]).toEqual([201, 201]);
    await pay(a.order!);
    await pay(b.order!);
    expect((await fundraiserNow(f.id)).raised).toBe(60_000);
    expect(await fundraiserNow(g.id)).toEqual({ raised: 50_000, donors: 1 });
    expect(await redemptionsOf(c)).toHaveLength(1);
    // afterwards: the same account with another email, and the same email signed out, are told at once
    for (const again of [{ headers: donor.auth, email: `second.${RUN}@example.com` }, { email: `FIRST.${RUN}@example.com` }]) {
      expect((await giftWith(g.id, c, 500, again)).cart.body.error.fields).toEqual({ coupon_code: COUPON_MESSAGES.perDonor });
    }
    expect((await quoteFor(c, g.id, { donor_email: `first.${RUN}@example.com` })).body.error.fields).toEqual({ coupon_code: COUPON_MESSAGES.perDonor });
    // someone else still has it
    expect((await giftWith(g.id, c, 500)).cart.status).toBe(201);
  });

  it('a capped coupon is quoted for a donor not known yet (no fundraiser, no email), before and after its first match', async () => {
    const c = await coupon({ max_uses_per_donor: 1, max_uses_per_fundraiser: 5, budget_minor: 50_000 });
    const bare = () => call(couponRoute, '/api/coupon', {}, post({ coupon_code: c, currency: 'INR', donated_amount: 100 }));
    expect([(await bare()).status, (await bare()).body.data?.match_minor]).toEqual([200, 10_000]);
    const f = await makeFundraiser(db);
    await pay((await giftWith(f.id, c, 100)).order!);
    expect((await bare()).body.data.match_minor).toBe(10_000);
  });

  it('a cap per fundraiser: past it, the cart is told and a gift settling later has no match', async () => {
    const f = await makeFundraiser(db);
    const other = await makeFundraiser(db);
    const c = await coupon({ max_uses_per_fundraiser: 2 });
    const gifts = [await giftWith(f.id, c, 500), await giftWith(f.id, c, 500), await giftWith(f.id, c, 500)];
    expect(gifts.map((x) => x.cart.status)).toEqual([201, 201, 201]);
    for (const x of gifts) await pay(x.order!);
    expect(await fundraiserNow(f.id)).toEqual({ raised: 3 * 50_000 + 2 * 10_000, donors: 3 });
    expect((await giftWith(f.id, c, 500)).cart.body.error.fields).toEqual({ coupon_code: COUPON_MESSAGES.perFundraiser });
    // another fundraiser has its own count
    expect((await giftWith(other.id, c, 500)).cart.status).toBe(201);
  });

  it("the sponsor's budget: the last gift gets what remains, then the coupon is used up", async () => {
    const f = await makeFundraiser(db);
    const c = await coupon({ budget_minor: 25_000 });
    const gifts = [await giftWith(f.id, c, 500), await giftWith(f.id, c, 500), await giftWith(f.id, c, 500)];
    expect((await quoteFor(c, f.id)).body.data.match_minor).toBe(10_000);
    for (const x of gifts) await pay(x.order!);
    expect((await redemptionsOf(c)).map((r) => r.amount_minor).sort()).toEqual([10_000, 10_000, 5_000]);
    expect(await fundraiserNow(f.id)).toEqual({ raised: 3 * 50_000 + 25_000, donors: 3 });
    const [row] = await db.select().from(coupons).where(eq(coupons.code, c));
    expect([row.spent_minor, row.uses]).toEqual([25_000, 3]);
    expect((await giftWith(f.id, c, 500)).cart.body.error.fields).toEqual({ coupon_code: COUPON_MESSAGES.usedUp });
  });

  it('50 gifts settling at once never spend more than the budget; every gift settles', async () => {
    const f = await makeFundraiser(db);
    const c = await coupon({ budget_minor: 100_000 });
    const gifts = [];
    for (let i = 0; i < 50; i++) gifts.push(await giftWith(f.id, c, 100));
    expect(gifts.every((x) => x.cart.status === 201)).toBe(true);
    // the gateway's results first, then all 50 returns at once
    const outcomes = await Promise.all(gifts.map((x) => gateway().complete(x.order!.gateway_order_id!, 'success')));
    await Promise.all(gifts.map((x, i) => call(responseRoute, `/api/payment/response/${x.order!.order_id}`, { oi: x.order!.order_id }, post(outcomes[i].params))));
    const [spent] = await db.select({ total: sum(couponRedemptions.amount_minor) }).from(couponRedemptions).where(eq(couponRedemptions.coupon_code, c));
    expect(Number(spent.total)).toBe(100_000);
    const [row] = await db.select().from(coupons).where(eq(coupons.code, c));
    expect([row.spent_minor, row.uses]).toEqual([100_000, 10]);
    expect(await fundraiserNow(f.id)).toEqual({ raised: 50 * 10_000 + 100_000, donors: 50 });
    const paid = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.fundraiser_id, f.id), eq(orders.status, 'success')));
    expect(paid).toHaveLength(50);
    expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
  });
});
