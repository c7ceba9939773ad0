// A standalone tip and an anniversary gift go through the same cart, order, gateway and settle path as a
// gift; a one-time payment never takes a mandate mode.
import { eq } from 'drizzle-orm';
import { POST as tipCartRoute } from '@/app/api/standalonetip/cart/route';
import { POST as tipOrderRoute } from '@/app/api/standalonetip/order/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { POST as eligibilityRoute } from '@/app/api/payment/eligibility/route';
import { carts, fundraisers, ledgerEntries, orders, outbox } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { isOneTimeMode } from '@/lib/payments/options';
import { cookiesFrom } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
const ORIGIN = 'http://localhost';
const RUN = Date.now().toString(36);
const gateway = () => new SandboxGateway(getDb, sandboxSecret(), ORIGIN);
let ip = 0;

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(closeDb);

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.15.0.${++ip % 250}`, ...headers } });
const email = (who: string) => `${who}-${RUN}-${ip}@example.com`;
const totals = async () => (await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, fundraiser.id)))[0];
const returnOf = (orderId: string, params: Record<string, string>) => call(responseRoute, `/api/payment/response/${orderId}`, { oi: orderId }, post(params));

async function tipOrder(over: Record<string, unknown> = {}, mode = 'UPI') {
  const cart = await call(tipCartRoute, '/api/standalonetip/cart', {}, post({ tip_amount: 101, currency: 'INR', donor_name: 'Meera Iyer', donor_email: email('tip'), donor_phone: '+91 98765 43210', ...over }));
  expect(cart.status).toBe(201);
  // the donor's browser keeps the cart's checkout access for its order and send
  const browser = { cookie: cookiesFrom(cart.headers) };
  // whatever the client names as origin, a tip is a tip
  const order = await call(tipOrderRoute, '/api/standalonetip/order', {}, post({ cart_id: cart.body.data.id, mode, origin: 's' }, browser));
  return { cart, order, browser };
}

describe('standalone tip (spec 2 /new/standalonetip, origin tip)', () => {
  it('pays the platform once: platform:tips in the ledger, no fundraiser moves, a receipt naming the platform, back to the tip page', async () => {
    const before = await totals();
    const { order, browser } = await tipOrder();
    expect(order.status).toBe(201);
    const sent = await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, browser));
    expect(sent.status).toBe(200);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
    expect(row).toMatchObject({ kind: 'tip', fundraiser_id: null, origin: 'tip', donated_amount_minor: 0, tip_amount_minor: 10_100, status: 'pending' });
    const outcome = await gateway().complete(row.gateway_order_id!, 'success');
    const back = await returnOf(row.order_id, outcome.params);
    expect(back.body.data).toMatchObject({ status: 'success', redirect: `/new/standalonetip?oi=${row.order_id}&st=s` });
    // a replayed webhook after the return changes nothing
    await call(webhookRoute, '/api/webhooks/sandbox', { gateway: 'sandbox' }, { method: 'POST', body: outcome.webhookBody, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: outcome.webhookSignature } });
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, row.order_id));
    expect(ledger.map((l) => [l.account, l.kind, l.amount_minor])).toEqual([['platform:tips', 'tip', 10_100]]);
    expect(await totals()).toEqual(before);
    const [cart] = await db.select().from(carts).where(eq(carts.id, row.cart_id!));
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, cart.donor_email));
    expect(mail.subject).toContain('Sahyog');
    expect(mail.body).toContain('101');
  });

  it('a failed tip goes back to the tip page with st=f', async () => {
    const { order, browser } = await tipOrder();
    await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, browser));
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
    const outcome = await gateway().complete(row.gateway_order_id!, 'failed');
    const back = await returnOf(row.order_id, outcome.params);
    expect(back.body.data.status).toBe('failed');
    expect(back.body.data.redirect).toMatch(/^\/new\/standalonetip\?st=f/);
  });

  it('refuses bad input with the envelope and writes nothing', async () => {
    const count = async () => (await db.select({ id: carts.id }).from(carts).where(eq(carts.purpose, 'tip'))).length;
    const before = await count();
    const zero = await call(tipCartRoute, '/x', {}, post({ tip_amount: 0, currency: 'INR', donor_name: 'Meera', donor_email: email('bad'), donor_phone: '9876543210' }));
    expect(zero.status).toBe(422);
    expect(zero.body.error.fields.tip_amount).toBe('Please enter a value greater than or equal to 1');
    const name = await call(tipCartRoute, '/x', {}, post({ tip_amount: 50, currency: 'INR', donor_name: 'M3era!', donor_email: email('bad'), donor_phone: '9876543210' }));
    expect(name.body.error.fields.donor_name).toBe('Please enter a valid name');
    // spec 5: with +91 the number must be an Indian mobile, as on the gift form
    const phone = await call(tipCartRoute, '/x', {}, post({ tip_amount: 50, currency: 'INR', donor_name: 'Meera', donor_email: email('bad'), donor_phone: '5876543210' }));
    expect(phone.body.error.fields.donor_phone).toBe('Please enter a valid number');
    expect(await count()).toBe(before);
  });

  it('a gift cart is not a tip cart: the tip order refuses it', async () => {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: email('gift'), donor_phone: '9876543210' }));
    const order = await call(tipOrderRoute, '/x', {}, post({ cart_id: cart.body.data.id, mode: 'UPI' }, { cookie: cookiesFrom(cart.headers) }));
    expect(order.status).toBe(404);
  });

  it('a mandate mode is refused for a tip', async () => {
    const { order } = await tipOrder({}, 'Emandate');
    expect(order.status).toBe(422);
    expect(order.body.error.fields.mode).toBeTruthy();
  });
});

describe('anniversary giving (spec 2 /new/anniversary, origin tann)', () => {
  it('the dedication rides the cart to the receipt; the gift credits the fundraiser once', async () => {
    const before = await totals();
    const donor = email('ann');
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 1000, currency: 'INR', donor_name: 'Ravi Kumar', donor_email: donor, donor_phone: '9876543210', dedication: { occasion: 'birthday', honoree: 'Amma', message: 'Happy 70th!' } }));
    expect(cart.status).toBe(201);
    const order = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin: 'tann' }, { cookie: cookiesFrom(cart.headers) }));
    expect(order.status).toBe(201);
    await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie: cookiesFrom(cart.headers) }));
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
    expect(row.origin).toBe('tann');
    const outcome = await gateway().complete(row.gateway_order_id!, 'success');
    await returnOf(row.order_id, outcome.params);
    expect(await totals()).toEqual({ raised: before.raised + 100_000, donors: before.donors + 1 });
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, donor));
    expect(mail.body).toContain('Given to mark a birthday, in honour of Amma.');
    expect(mail.body).toContain('Happy 70th!');
  });

  it('a failed anniversary gift goes back to /new/anniversary with st=f', async () => {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Ravi Kumar', donor_email: email('annf'), donor_phone: '9876543210', dedication: { occasion: 'in_memory', honoree: 'Appa' } }));
    const order = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin: 'tann' }, { cookie: cookiesFrom(cart.headers) }));
    await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie: cookiesFrom(cart.headers) }));
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
    const back = await returnOf(row.order_id, (await gateway().complete(row.gateway_order_id!, 'failed')).params);
    expect(back.body.data.redirect).toMatch(/^\/new\/anniversary\?st=f/);
  });

  it('an unknown occasion or a bad name is refused', async () => {
    const bad = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Ravi Kumar', donor_email: email('annb'), donor_phone: '9876543210', dedication: { occasion: 'promotion', honoree: 'x1!' } }));
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields['dedication.occasion']).toBe('Please choose the occasion');
    expect(bad.body.error.fields['dedication.honoree']).toBe('Please enter a valid name');
  });
});

describe('one-time modes (a one-time gift never takes a mandate)', () => {
  it('the rule: mandates are for SIPs; UPI and wallets take rupees only', () => {
    expect(isOneTimeMode('INR', 'Emandate')).toBe(false);
    expect(isOneTimeMode('INR', 'UPIRECURRING')).toBe(false);
    expect(isOneTimeMode('INR', 'UPI')).toBe(true);
    expect(isOneTimeMode('USD', 'UPI')).toBe(false);
    expect(isOneTimeMode('USD', 'CARD')).toBe(true);
  });

  it('an Emandate order for a one-time INR gift is refused and writes no order', async () => {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: email('mandate'), donor_phone: '9876543210' }));
    const order = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'Emandate' }, { cookie: cookiesFrom(cart.headers) }));
    expect(order.status).toBe(422);
    expect(order.body.error.fields.mode).toBeTruthy();
    expect(await db.select().from(orders).where(eq(orders.cart_id, cart.body.data.id))).toHaveLength(0);
  });
});

describe('spec 7 POST payment/eligibility', () => {
  const eligibility = (body: unknown) => call(eligibilityRoute, '/api/payment/eligibility', {}, post(body));

  it('answers the one-time and monthly methods the order would take', async () => {
    const r = await eligibility({ currency: 'INR', amount: 500 });
    expect(r.status).toBe(200);
    expect(r.body.data.eligible).toBe(true);
    expect(r.body.data.one_time_modes).toEqual(expect.arrayContaining(['UPI', 'CARD']));
    expect(r.body.data.one_time_modes).not.toContain('Emandate');
    expect(r.body.data.sip).toMatchObject({ eligible: true, minimum: 100 });
    const usd = await eligibility({ currency: 'USD', amount: 5 });
    expect(usd.body.data.one_time_modes).toEqual(['CARD']);
    expect(usd.body.data.sip).toMatchObject({ eligible: false, minimum: 10, message: 'Please enter a value greater than or equal to 10' });
  });

  it('an amount above the ceiling is not eligible, with the reason; bad input gets the envelope', async () => {
    const big = await eligibility({ currency: 'INR', amount: 20_000_000 });
    expect(big.body.data).toMatchObject({ eligible: false, reasons: ['This amount is above what we accept online in one donation'] });
    const bad = await eligibility({ currency: 'XYZ', amount: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ currency: 'This currency is not supported', amount: 'Please enter a value greater than or equal to 1' });
  });
});

describe('spec 8: a wallet payment that did not succeed', () => {
  it("says 'Please try again', not the card text", async () => {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: email('wallet'), donor_phone: '9876543210' }));
    const order = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'PAYTM', origin: 's' }, { cookie: cookiesFrom(cart.headers) }));
    expect(order.status).toBe(201);
    await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie: cookiesFrom(cart.headers) }));
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
    const back = await returnOf(row.order_id, (await gateway().complete(row.gateway_order_id!, 'failed')).params);
    expect(back.body.data.failure_reason).toBe('Please try again');
    expect(decodeURIComponent(back.body.data.redirect)).toContain('reason=Please+try+again');
  });
});
