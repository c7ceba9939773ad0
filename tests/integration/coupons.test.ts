// Issue 15, spec 7 POST coupon: a sponsor's code adds a match to a gift, once, within its dates and uses; the gift counts
// once (the match moves the total, never the supporters), and a refund takes the match back with the gift.
import { eq, like } from 'drizzle-orm';
import { POST as couponRoute } from '@/app/api/coupon/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { carts, couponRedemptions, coupons, fundraisers, ledgerEntries, orders } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { checkLedger } from '@/lib/payments/ledger-check';
import { requestRefund } from '@/lib/payments/refunds';
import { matchFor } from '@/lib/coupons/coupons';
import { cookiesFrom } from '../helpers/auth';
import { call, closeDb, seededDb } from '../helpers/db';
import { makeFundraiser } from '../helpers/factories';

let db: Db;
const ORIGIN = 'http://localhost';
const RUN = Date.now().toString(36).toUpperCase();
const gateway = () => new SandboxGateway(getDb, sandboxSecret(), ORIGIN);
let ip = 0;
const code = (name: string) => `${name}${RUN}`;

beforeAll(async () => {
  db = await seededDb();
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

async function giftWith(fundraiserId: number, couponCode: string | undefined, amount = 1000) {
  const cart = await call(cartRoute, '/x', { id: String(fundraiserId) }, post({ donated_amount: amount, currency: 'INR', donor_name: 'Kiran Shah', donor_email: `kiran-${RUN}-${ip}@example.com`, donor_phone: '9876543210', ...(couponCode ? { coupon_code: couponCode } : {}) }));
  if (cart.status !== 201) return { cart, order: null };
  // the donor's browser keeps the cart's checkout access (issue 30.8)
  const cookie = cookiesFrom(cart.headers);
  const placed = await call(orderRoute, '/x', { id: String(fundraiserId) }, post({ cart_id: cart.body.data.id, mode: 'CARD' }, { cookie }));
  await call(sendRoute, '/x', {}, post({ order_id: placed.body.data.order_id }, { cookie }));
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
