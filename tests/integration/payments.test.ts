import { and, eq, sql } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { carts, fundraisers, ledgerEntries, orders, paymentEvents } from '@/lib/db/schema';
import { getDb } from '@/lib/db/client';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER, sandboxSign } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { reconcilePendingOrders } from '@/lib/payments/results';
import { cookiesFrom } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeUser } from '../factories';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { statementsOf } from '../helpers/statements';
import type { Db } from '@/lib/db/client';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
const ORIGIN = 'http://localhost';
const gateway = () => new SandboxGateway(getDb, sandboxSecret(), ORIGIN);
let ipCounter = 0;

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(closeDb);

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.9.0.${++ipCounter % 250}`, ...headers } });
const cartBody = (over: Record<string, unknown> = {}) => ({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha${ipCounter}@example.com`, donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 50, ...over });

async function placedOrder(over: Record<string, unknown> = {}, id = fundraiser.id) {
  const cart = await call(cartRoute, '/x', { id: String(id) }, post(cartBody(over)));
  expect(cart.status).toBe(201);
  // the donor's browser keeps the cart's checkout access for the cart's order and its send
  const cookie = cookiesFrom(cart.headers);
  const order = await call(orderRoute, '/x', { id: String(id) }, post({ cart_id: cart.body.data.id, mode: 'UPI', origin: 's' }, { cookie }));
  expect(order.status).toBe(201);
  const sent = await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }));
  expect(sent.status).toBe(200);
  const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
  return row;
}
const totals = async () => (await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, fundraiser.id)))[0];
const ledgerFor = async (orderId: string) => db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, orderId));
const webhook = (body: string, signature: string) => call(webhookRoute, '/api/webhooks/sandbox', { gateway: 'sandbox' }, { method: 'POST', body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } });
const returnOf = (orderId: string, params: Record<string, string>) => call(responseRoute, `/api/payment/response/${orderId}`, { oi: orderId }, post(params));

describe('one-time donation, sandbox gateway', () => {
  it('cart, order, send, success: the order settles once, the ledger and the totals move together', async () => {
    const before = await totals();
    const order = await placedOrder();
    expect(order.status).toBe('pending');
    expect(order.donated_amount_minor).toBe(50_000);
    const outcome = await gateway().complete(order.gateway_order_id!, 'success');
    const back = await returnOf(order.order_id, outcome.params);
    expect(back.body.data).toMatchObject({ status: 'success', redirect: `/new/thankyou/${encodeURIComponent(fundraiser.custom_tag)}?oi=${order.order_id}` });
    expect(await totals()).toEqual({ raised: before.raised + 50_000, donors: before.donors + 1 });
    const ledger = await ledgerFor(order.order_id);
    expect(ledger.map((l) => [l.account, l.kind, l.amount_minor]).sort()).toEqual([
      [`fundraiser:${fundraiser.id}`, 'donation', 50_000],
      ['platform:tips', 'tip', 5_000],
    ]);
  });

  it('a duplicate webhook, and the return after it, change nothing', async () => {
    const order = await placedOrder();
    const outcome = await gateway().complete(order.gateway_order_id!, 'success');
    const before = await totals();
    for (let i = 0; i < 3; i++) expect((await webhook(outcome.webhookBody, outcome.webhookSignature)).status).toBe(200);
    await returnOf(order.order_id, outcome.params);
    expect(await totals()).toEqual({ raised: before.raised + 50_000, donors: before.donors + 1 });
    expect(await ledgerFor(order.order_id)).toHaveLength(2);
    expect((await db.select().from(paymentEvents).where(eq(paymentEvents.order_id, order.order_id))).length).toBe(2);
  });

  it('a replay (a webhook retried, the return after it) is answered from the event log: no transaction, no row lock', async () => {
    const order = await placedOrder();
    const outcome = await gateway().complete(order.gateway_order_id!, 'success');
    expect((await webhook(outcome.webhookBody, outcome.webhookSignature)).body.data.result).toBe('settled');
    const before = await totals();
    const transaction = jest.spyOn(db, 'transaction');
    try {
      expect((await webhook(outcome.webhookBody, outcome.webhookSignature)).body.data.result).toBe('duplicate');
      expect((await returnOf(order.order_id, outcome.params)).body.data).toMatchObject({ status: 'success' });
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
    expect(await totals()).toEqual(before);
  });

  it('return before webhook credits once too', async () => {
    const order = await placedOrder();
    const outcome = await gateway().complete(order.gateway_order_id!, 'success');
    const before = await totals();
    await returnOf(order.order_id, outcome.params);
    await webhook(outcome.webhookBody, outcome.webhookSignature);
    expect(await totals()).toEqual({ raised: before.raised + 50_000, donors: before.donors + 1 });
  });

  it('refuses a tampered return or webhook with a 4xx and changes nothing', async () => {
    const order = await placedOrder();
    const outcome = await gateway().complete(order.gateway_order_id!, 'success');
    const before = await totals();
    const tampered = await returnOf(order.order_id, { ...outcome.params, amount: '1' });
    expect(tampered.status).toBe(400);
    const badHook = await webhook(outcome.webhookBody.replace('"success"', '"success" '), outcome.webhookSignature);
    expect(badHook.status).toBe(400);
    const forged = await webhook(outcome.webhookBody, sandboxSign('not-the-secret-at-all', outcome.webhookBody));
    expect(forged.status).toBe(400);
    expect(await totals()).toEqual(before);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.order_id));
    expect(row.status).toBe('pending');
  });

  it('never credits when the gateway charged a different amount', async () => {
    const order = await placedOrder();
    const before = await totals();
    const body = JSON.stringify({ event_id: 'evt_mismatch', type: 'payment.success', gateway_order_id: order.gateway_order_id, payment_id: 'sbx_pay_mismatch', status: 'success', amount: '100', currency: 'INR' });
    expect((await webhook(body, sandboxSign(sandboxSecret(), body))).body.data.result).toBe('amount_mismatch');
    expect(await totals()).toEqual(before);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, order.order_id));
    expect(row).toMatchObject({ status: 'pending', failure_reason: 'amount_mismatch', charged: false });
  });

  it('failed, then retried with a new order: one credit, and the failed order stays failed', async () => {
    const first = await placedOrder();
    const failed = await gateway().complete(first.gateway_order_id!, 'failed');
    const back = await returnOf(first.order_id, failed.params);
    expect(back.body.data.status).toBe('failed');
    expect(back.body.data.redirect).toBe(`/stories/${encodeURIComponent(fundraiser.custom_tag)}?st=f&reason=Payment+declined+by+the+bank`);
    const before = await totals();
    const retry = await placedOrder();
    const ok = await gateway().complete(retry.gateway_order_id!, 'success');
    await returnOf(retry.order_id, ok.params);
    expect(await totals()).toEqual({ raised: before.raised + 50_000, donors: before.donors + 1 });
    expect((await db.select().from(orders).where(eq(orders.order_id, first.order_id)))[0].status).toBe('failed');
  });

  it('pending that later succeeds is settled by reconciliation (the lost webhook case)', async () => {
    const order = await placedOrder();
    const pending = await gateway().complete(order.gateway_order_id!, 'pending');
    expect((await returnOf(order.order_id, pending.params)).body.data.status).toBe('pending');
    await gateway().complete(order.gateway_order_id!, 'success'); // the bank confirms later; its webhook is lost
    const results = await reconcilePendingOrders(db, { olderThanMs: -60_000, expireAfterMs: 86_400_000, origin: ORIGIN });
    expect(results.find((r) => r.order_id === order.order_id)?.result).toBe('settled:success');
    expect((await db.select().from(orders).where(eq(orders.order_id, order.order_id)))[0]).toMatchObject({ status: 'success', charged: true });
    expect(await ledgerFor(order.order_id)).toHaveLength(2);
    // a second run finds nothing left to do for it
    expect((await reconcilePendingOrders(db, { olderThanMs: -60_000, expireAfterMs: 86_400_000, origin: ORIGIN })).find((r) => r.order_id === order.order_id)).toBeUndefined();
  });

  it('keeps every raised total equal to its ledger (check:ledger)', async () => {
    const { checkLedger } = await import('@/lib/payments/ledger-check');
    expect(await checkLedger(db)).toEqual({ foreignContributionsOverdrawn: [], mismatchedFundraisers: [], paymentsSettledTwice: [], withdrawalsOverRaised: [], withdrawalsOffLedger: [] });
  });

  it('one gateway payment id can settle one order only', async () => {
    const a = await placedOrder();
    const b = await placedOrder();
    const okA = await gateway().complete(a.gateway_order_id!, 'success');
    await returnOf(a.order_id, okA.params);
    const stolen = JSON.stringify({ event_id: 'evt_reuse', type: 'payment.success', gateway_order_id: b.gateway_order_id, payment_id: okA.params.payment_id, status: 'success', amount: '55000', currency: 'INR' });
    const before = await totals();
    const res = await webhook(stolen, sandboxSign(sandboxSecret(), stolen));
    expect(res.status).toBe(409);
    expect(await totals()).toEqual(before);
    expect((await db.select().from(orders).where(eq(orders.order_id, b.order_id)))[0].status).toBe('pending');
  });
});

describe('the donation path\'s statements', () => {
  // each statement is a round trip and a few hundred microseconds of the server's one thread: these are the budgets
  it('a cart, its order, a settling webhook and the return after it stay within their statement budgets', async () => {
    await placedOrder(); // today's rates are read once a minute: read here, not inside the counts below
    const cart = await statementsOf(db, () => call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody())));
    expect(cart.result.status).toBe(201);
    // both rate limits in one upsert, the fundraiser, the cart
    expect(cart.statements).toHaveLength(3);
    const placing = await statementsOf(db, () => call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.result.body.data.id, mode: 'UPI', origin: 's' }, { cookie: cookiesFrom(cart.result.headers) })));
    expect(placing.result.status).toBe(201);
    // the address limit, the cart with its fundraiser and earlier orders, our order, the gateway's, its id on ours
    expect(placing.statements).toHaveLength(5);
    // a story runs to pages and its search vector with it: taking a gift reads neither
    expect([...cart.statements, ...placing.statements].join('\n')).not.toMatch(/story_description|"search"/);
    const order = await placedOrder();
    const outcome = await gateway().complete(order.gateway_order_id!, 'success');
    const settle = await statementsOf(db, () => webhook(outcome.webhookBody, outcome.webhookSignature));
    expect(settle.result.body.data.result).toBe('settled');
    // the replay check, the locked order, the event, the paid order (payment reuse checked inside), cart/fundraiser/account
    // in one read, the receipt, the ledger, the total, the cache bus
    expect(settle.statements).toHaveLength(9);
    const back = await statementsOf(db, () => returnOf(order.order_id, outcome.params));
    expect(back.result.body.data.status).toBe('success');
    // the order with its fundraiser's tag, the replay check, the event
    expect(back.statements).toHaveLength(3);
  });
});

describe('cart and order rules (spec 5/7)', () => {
  it('answers a bad payload with 422 field messages and writes nothing', async () => {
    const before = (await db.select().from(carts)).length;
    const res = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: -5, currency: 'XYZ', donor_name: 'R2D2', donor_email: 'nope', donor_phone: '12' }));
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({ currency: 'This currency is not supported', donor_name: 'Please enter a valid name', donor_email: 'Please enter a valid email', donor_phone: 'Please enter a valid number' });
    expect(res.body.error.fields.donated_amount).toBeDefined();
    expect((await db.select().from(carts)).length).toBe(before);
  });

  it('refuses an absurd amount, an ended fundraiser and a private one without its PIN', async () => {
    expect((await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody({ donated_amount: 50_000_000 })))).status).toBe(422);
    const ended = await makeFundraiser(db, { status_flag: FUNDRAISER_STATUS.ended });
    expect((await call(cartRoute, '/x', { id: String(ended.id) }, post(cartBody()))).status).toBe(409);
    const priv = await makeFundraiser(db, { is_private: true });
    expect((await call(cartRoute, '/x', { id: String(priv.id) }, post(cartBody()))).body.error.code).toBe('pin_required');
  });

  it('a double-clicked Contribute (same idempotency key) places one order', async () => {
    const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody()));
    const body = { cart_id: cart.body.data.id, mode: 'UPI' };
    const cookie = cookiesFrom(cart.headers);
    const [a, b] = await Promise.all([
      call(orderRoute, '/x', { id: String(fundraiser.id) }, post(body, { 'idempotency-key': 'double-click-key-1', cookie })),
      call(orderRoute, '/x', { id: String(fundraiser.id) }, post(body, { 'idempotency-key': 'double-click-key-1', cookie })),
    ]);
    expect(a.body.data.order_id).toBe(b.body.data.order_id);
    expect((await db.select().from(orders).where(eq(orders.idempotency_key, 'double-click-key-1'))).length).toBe(1);
  });

  it('an idempotency key answers its own cart\'s order again, and is refused for another cart; a cart is its fundraiser\'s', async () => {
    const key = `key-of-one-cart-${Date.now()}`;
    // one browser makes both carts: it keeps the checkout access of each
    const cartA = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody()));
    const cartB = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody(), { cookie: cookiesFrom(cartA.headers) }));
    const cookie = cookiesFrom(cartB.headers, cookiesFrom(cartA.headers));
    const first = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cartA.body.data.id, mode: 'UPI' }, { 'idempotency-key': key, cookie }));
    expect(first.status).toBe(201);
    const again = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cartA.body.data.id, mode: 'UPI' }, { 'idempotency-key': key, cookie }));
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
    // without the key, the cart's live order is the answer too
    const live = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cartA.body.data.id, mode: 'UPI' }, { cookie }));
    expect(live.body.data.order_id).toBe(first.body.data.order_id);
    const stolen = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cartB.body.data.id, mode: 'UPI' }, { 'idempotency-key': key, cookie }));
    expect(stolen.status).toBe(409);
    expect(stolen.body.error.message).toBe('This idempotency key belongs to another donation');
    expect(await db.select().from(orders).where(eq(orders.cart_id, cartB.body.data.id))).toHaveLength(0);
    const other = await makeFundraiser(db);
    const elsewhere = await call(orderRoute, '/x', { id: String(other.id) }, post({ cart_id: cartB.body.data.id, mode: 'UPI' }, { cookie }));
    expect(elsewhere.status).toBe(404);
  });

  it('limits orders per address', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody({ donor_email: `o${i}@example.com` })));
      statuses.push((await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'UPI' }, { 'x-sahyog-client-address': '10.66.0.1', cookie: cookiesFrom(cart.headers) }))).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits carts per email (card testing)', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody({ donor_email: 'tester@example.com' })))).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('PAN for tax receipts', () => {
  it('keeps the PAN on fundraisers with a tax benefit (exempt or beneficiary) and drops it elsewhere', async () => {
    const benefit = await makeFundraiser(db, { taxexempted: false, beneficiary_tax_benefit: true });
    const plain = await makeFundraiser(db, { taxexempted: false, beneficiary_tax_benefit: false });
    const withPan = async (id: number) => {
      const res = await call(cartRoute, '/x', { id: String(id) }, post(cartBody({ pan: 'abcde1234f' })));
      return (await db.select().from(carts).where(eq(carts.id, res.body.data.id)))[0].donor_pan;
    };
    expect(await withPan(benefit.id)).toBe('ABCDE1234F');
    expect(await withPan(plain.id)).toBeNull();
  });
});

describe('sandbox hosted checkout', () => {
  it('answers a malformed or unknown choice with a 4xx, never a 500', async () => {
    const { POST: complete } = await import('@/app/api/payment/sandbox/complete/route');
    expect((await call(complete, '/api/payment/sandbox/complete', {}, post({ not: 'a form' }))).status).toBe(400);
    const form = new URLSearchParams({ gateway_order_id: 'sbx_order_nope', status: 'success', return_url: 'http://localhost/new/payment-route?oi=x' });
    expect((await call(complete, '/api/payment/sandbox/complete', {}, { method: 'POST', body: form })).status).toBe(404);
    form.set('return_url', 'https://evil.example/steal');
    expect((await call(complete, '/api/payment/sandbox/complete', {}, { method: 'POST', body: form })).status).toBe(400);
  });
});

import { outbox } from '@/lib/db/schema';
import { POST as autologinRouteForReceipt } from '@/app/api/auth/autologin/route';

describe('receipt email with a sign-in link for donors who have an account', () => {
  it('links a known donor back to their portfolio on the site they gave on; the link token signs in once', async () => {
    const donor = await makeUser(db, 'Known Donor');
    const order = await placedOrder({ donor_email: donor.email });
    await returnOf(order.order_id, (await gateway().complete(order.gateway_order_id!, 'success')).params);
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.recipient, donor.email), sql`${outbox.subject} like ${`Receipt ${order.order_id}%`}`));
    // The receipt's own button is the sign-in link: it opens the receipt page, once
    const links = [...mail.body.matchAll(/(http:\/\/localhost\/new\/signin\?\S+)/g)].map((m) => new URL(m[1]));
    expect(links.map((l) => l.searchParams.get('redirect_uri'))).toEqual([`/portfolio/receipts/${order.order_id}`]);
    expect(mail.html).toContain(`href="${links[0].href.replace(/&/g, '&amp;')}"`);
    const token = links[0].searchParams.get('autologin_token')!;
    const signedIn = await call(autologinRouteForReceipt, '/x', {}, post({ token }));
    expect(signedIn.body.data.user.id).toBe(donor.id);
    expect((await call(autologinRouteForReceipt, '/x', {}, post({ token }))).status).toBe(401);
  });

  it('gives a donor without an account no link', async () => {
    const order = await placedOrder({ donor_email: `guest-${Date.now()}@example.com` });
    await returnOf(order.order_id, (await gateway().complete(order.gateway_order_id!, 'success')).params);
    const [mail] = await db.select().from(outbox).where(sql`${outbox.subject} like ${`Receipt ${order.order_id}%`}`);
    expect(mail.body).not.toContain('/new/signin');
    // the receipt page still has its absolute address (signing in by email code opens it)
    expect(mail.body).toContain(`http://localhost/portfolio/receipts/${order.order_id}`);
  });
});
