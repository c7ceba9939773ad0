// Spec 7 POST redeem amount: a gift paid from Sahyog credit (spec 9 prizes), never above the balance, the debit
// and the gift settled together, once, whatever runs at the same time.
import { and, eq } from 'drizzle-orm';
import { POST as redeemRoute } from '@/app/api/redeem/route';
import { fundraisers, ledgerEntries, orders, outbox, walletEntries } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { grantPrize, walletBalance } from '@/lib/payments/wallet';
import { requestRefund } from '@/lib/payments/refunds';
import { checkLedger } from '@/lib/payments/ledger-check';
import { metrics } from '@/lib/observability/metrics';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import { signedInPerson } from '../helpers/auth';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

const redeem = (auth: Record<string, string>, body: unknown) => call(redeemRoute, '/api/redeem', {}, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth } });
const totals = async (id: number) => (await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, id)))[0];

it('a prize is granted once per reference, in spec 9 amounts', async () => {
  const p = await signedInPerson(db, 'Prize Winner');
  expect(await grantPrize(db, p.id, 'INR', 'diwali-draw')).toBe(true);
  expect(await grantPrize(db, p.id, 'INR', 'diwali-draw')).toBe(false);
  expect(await grantPrize(db, p.id, 'USD', 'diwali-draw')).toBe(true);
  expect(await walletBalance(db, p.id, 'INR')).toBe(30_000);
  expect(await walletBalance(db, p.id, 'USD')).toBe(6_000);
  await expect(grantPrize(db, p.id, 'CAD', 'x')).rejects.toThrow('There is no prize in this currency');
});

it('gives from the credit: the gift settles like any other (total, supporter, ledger, receipt) and the balance goes down', async () => {
  const p = await signedInPerson(db, 'Credit Giver');
  const f = await makeFundraiser(db);
  await grantPrize(db, p.id, 'INR', 'draw-1');
  const settledGifts = async () => (await metrics.donations.get()).values.find((v) => v.labels.result === 'settled')?.value ?? 0;
  const counted = await settledGifts();
  const r = await redeem(p.auth, { campaign_id: f.id, amount: 200, currency: 'INR' });
  expect(r.status).toBe(201);
  // on /metrics like a gift paid through a gateway
  expect(await settledGifts()).toBe(counted + 1);
  expect(r.body.data).toMatchObject({ status: 'success', donated_amount_minor: 20_000, balance_minor: 10_000 });
  expect(await totals(f.id)).toEqual({ raised: 20_000, donors: 1 });
  const [order] = await db.select().from(orders).where(eq(orders.order_id, r.body.data.order_id));
  expect(order).toMatchObject({ payment_gateway: 'wallet', origin: 'rfd', charged: true, user_id: p.id });
  const lines = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, order.order_id));
  expect(lines.map((l) => [l.account, l.amount_minor])).toEqual([[`fundraiser:${f.id}`, 20_000]]);
  expect(await db.select().from(outbox).where(and(eq(outbox.recipient, p.email), eq(outbox.channel, 'email')))).not.toHaveLength(0);
  expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);

  // more than is left: refused with the balance, nothing written
  const over = await redeem(p.auth, { campaign_id: f.id, amount: 150, currency: 'INR' });
  expect(over.status).toBe(422);
  expect(over.body.error.fields.amount).toBe('This is more than your Sahyog credit (₹100)');
  expect(await totals(f.id)).toEqual({ raised: 20_000, donors: 1 });
  expect(await walletBalance(db, p.id, 'INR')).toBe(10_000);
});

it('two redeems of the same balance at once: one gift, the balance never below zero', async () => {
  const p = await signedInPerson(db, 'Double Spender');
  const f = await makeFundraiser(db);
  await grantPrize(db, p.id, 'INR', 'draw-2');
  const results = await Promise.all([1, 2, 3].map(() => redeem(p.auth, { campaign_id: f.id, amount: 300, currency: 'INR' })));
  expect(results.map((x) => x.status).sort()).toEqual([201, 409, 409]);
  expect(await walletBalance(db, p.id, 'INR')).toBe(0);
  expect(await totals(f.id)).toEqual({ raised: 30_000, donors: 1 });
  expect(await db.select().from(walletEntries).where(eq(walletEntries.user_id, p.id))).toHaveLength(2);
});

it('refuses the signed out, no credit, bad input and ended fundraisers', async () => {
  const p = await signedInPerson(db, 'No Credit');
  const f = await makeFundraiser(db);
  expect((await redeem({}, { campaign_id: f.id, amount: 100 })).status).toBe(401);
  const none = await redeem(p.auth, { campaign_id: f.id, amount: 100, currency: 'INR' });
  expect(none.status).toBe(409);
  expect(none.body.error.message).toBe('You have no Sahyog credit in this currency');
  const bad = await redeem(p.auth, { campaign_id: 'x', amount: 0, currency: 'XYZ' });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.error.fields).sort()).toEqual(['amount', 'campaign_id', 'currency']);
  await grantPrize(db, p.id, 'INR', 'draw-3');
  const ended = await makeFundraiser(db, { status_flag: 4 });
  expect((await redeem(p.auth, { campaign_id: ended.id, amount: 100, currency: 'INR' })).status).toBe(409);
  expect(await walletBalance(db, p.id, 'INR')).toBe(30_000);
});

it("a refund of a gift paid from credit goes back to the credit, with the fundraiser's total, in one step and never twice", async () => {
  const p = await signedInPerson(db, 'Credit Refund');
  const f = await makeFundraiser(db);
  await grantPrize(db, p.id, 'INR', 'draw-refund');
  const r = await redeem(p.auth, { campaign_id: f.id, amount: 250, currency: 'INR' });
  expect(r.status).toBe(201);
  expect(await walletBalance(db, p.id, 'INR')).toBe(5_000);
  const orderId = r.body.data.order_id;

  const part = await requestRefund(db, orderId, 10_000, { reason: 'donor asked', origin: 'http://localhost' });
  expect(part.outcome.result).toBe('refund_processed');
  expect(await walletBalance(db, p.id, 'INR')).toBe(15_000);
  expect((await totals(f.id)).raised).toBe(15_000);
  // the rest, then once more: more than is left is refused and the credit stays
  await requestRefund(db, orderId, 15_000, { reason: null, origin: 'http://localhost' });
  await expect(requestRefund(db, orderId, 1, { reason: null, origin: 'http://localhost' })).rejects.toThrow(/cannot be refunded|more than what is left/);
  expect(await walletBalance(db, p.id, 'INR')).toBe(30_000);
  expect((await totals(f.id)).raised).toBe(0);
  expect((await db.select().from(orders).where(eq(orders.order_id, orderId)))[0].status).toBe('refunded');
  const entries = await db.select().from(walletEntries).where(and(eq(walletEntries.user_id, p.id), eq(walletEntries.reason, 'refund')));
  expect(entries.map((e) => e.amount_minor).sort((a, b) => a - b)).toEqual([10_000, 15_000]);
  expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
});
