// Refunds from the desk: support refunds part of a gift with a reason, through requestRefund, so the raised total,
// the ledger and the order follow as for a gateway's refund; never more than was paid; and one that would take the
// fundraiser below what it has already paid out waits for finance, who release it to the gateway or cancel it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { auditLog, fundraisers, ledgerEntries, orders, refunds } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { resetMediaStoreForTests } from '@/lib/media/store';
import { listWithdrawals } from '@/lib/fundraisers/withdrawals';
import { heldRefunds } from '@/lib/desk/refunds';
import { checkLedger } from '@/lib/payments/ledger-check';
import { makeFundraiser, makeGift, makeStaff, makeUser, makeWithdrawal } from '../factories';
import { sessionCookie } from '../helpers/auth';
import { call } from '../helpers/db';
import { POST as refundRoute } from '@/app/api/desk/orders/[orderId]/refunds/route';
import { POST as decideRoute } from '@/app/api/desk/refunds/[refundId]/route';

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sahyog-desk-refunds-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  db = await getDb();
});
afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  rmSync(dataDir, { recursive: true, force: true });
  await closeDb();
});

const post = (cookie: string, body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
const raisedOf = async (id: number) => (await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, id)))[0];
const refundRow = async (refundId: string) => (await db.select().from(refunds).where(eq(refunds.refund_id, refundId)))[0];
const linesOf = (action: string, recordId: string) => db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.record_id, recordId)));

/** A running fundraiser with one paid gift of `rupees` (no tip) from a guest donor. */
async function giftOf(rupees: number) {
  const campaigner = await makeUser(db, 'Refund Campaigner');
  const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
  const { order } = await makeGift(db, f.id, { cart: { donated_amount: rupees, tip_amount: 0 } });
  return { f, order, campaigner };
}

/** The campaigner withdraws `rupees`, approved by a reviewer (money that has left the fundraiser). */
const paidOut = (f: { id: number }, campaigner: { id: number }, rupees: number) => makeWithdrawal(db, campaigner, f.id, rupees);

describe('a refund from the desk', () => {
  it('takes back half the gift with its reason: raised, ledger and order follow, and the audit line names who', async () => {
    const support = await makeStaff(db, ['support']);
    const { f, order } = await giftOf(1_000);
    expect(await raisedOf(f.id)).toEqual({ raised: 100_000, donors: 1 });
    const answer = await call(refundRoute, `http://localhost/api/desk/orders/${order.order_id}/refunds`, { orderId: order.order_id }, post(await sessionCookie(db, support.id), { amount: '500', reason: 'Donor gave twice by mistake' }));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ held: false, status: 'processed' });
    const refund = await refundRow(answer.body.data.refund_id);
    expect(refund).toMatchObject({ amount_minor: 50_000, reason: 'Donor gave twice by mistake', requested_by: support.id, held_for_finance: false });
    expect(await raisedOf(f.id)).toEqual({ raised: 50_000, donors: 1 });
    const lines = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `refund:${refund.refund_id}`));
    expect(lines.map((l) => [l.account, l.kind, l.amount_minor])).toEqual([[`fundraiser:${f.id}`, 'refund', -50_000]]);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('success');
    const [line] = await linesOf('refund.request', order.order_id);
    expect(line).toMatchObject({ actor_id: support.id, record_kind: 'order' });
    expect(line.after).toMatchObject({ refund_id: refund.refund_id, amount_minor: 50_000, reason: 'Donor gave twice by mistake' });
    expect((await checkLedger(db)).mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
  });

  it('needs a reason, and never takes back more than was paid (nothing written, no audit line)', async () => {
    const support = await makeStaff(db, ['support']);
    const cookie = await sessionCookie(db, support.id);
    const { f, order } = await giftOf(1_000);
    const url = `http://localhost/api/desk/orders/${order.order_id}/refunds`;
    const noReason = await call(refundRoute, url, { orderId: order.order_id }, post(cookie, { amount: 100, reason: '' }));
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.fields.reason).toBeTruthy();
    const tooMuch = await call(refundRoute, url, { orderId: order.order_id }, post(cookie, { amount: 1_000.01, reason: 'Donor asked for all of it' }));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.message).toBe('The refund is more than what is left of this payment');
    expect(await db.select().from(refunds).where(eq(refunds.order_id, order.id))).toEqual([]);
    expect(await linesOf('refund.request', order.order_id)).toEqual([]);
    expect(await raisedOf(f.id)).toEqual({ raised: 100_000, donors: 1 });
    // all of it is fine: the supporter leaves and the order is refunded
    const all = await call(refundRoute, url, { orderId: order.order_id }, post(cookie, { amount: 1_000, reason: 'Donor asked for all of it' }));
    expect(all.body.data.status).toBe('processed');
    expect(await raisedOf(f.id)).toEqual({ raised: 0, donors: 0 });
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('refunded');
  });
});

describe('a refund that would go below what was paid out', () => {
  it('is held for finance (pending, no gateway, no ledger) and released by finance, audited', async () => {
    const support = await makeStaff(db, ['support']);
    const finance = await makeStaff(db, ['finance']);
    const { f, order, campaigner } = await giftOf(10_000);
    await paidOut(f, campaigner, 8_000);
    expect((await listWithdrawals(db, campaigner, f.id)).balance.available).toBe(2_000);
    const held = await call(refundRoute, `http://localhost/api/desk/orders/${order.order_id}/refunds`, { orderId: order.order_id }, post(await sessionCookie(db, support.id), { amount: 5_000, reason: 'Duplicate payment' }));
    expect(held.body.data).toMatchObject({ held: true, status: 'pending' });
    const refundId = held.body.data.refund_id;
    expect(await refundRow(refundId)).toMatchObject({ held_for_finance: true, status: 'pending', gateway_refund_id: null });
    expect(await raisedOf(f.id)).toEqual({ raised: 1_000_000, donors: 1 });
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `refund:${refundId}`))).toEqual([]);
    expect(await linesOf('refund.hold', order.order_id)).toHaveLength(1);
    expect((await heldRefunds(db)).map((r) => r.refund_id)).toContain(refundId);
    // the money that may go back to the donor cannot be withdrawn meanwhile
    expect((await listWithdrawals(db, campaigner, f.id)).balance.available).toBe(0);
    // it holds back its part of the payment: the rest is all that can still be asked for
    const more = await call(refundRoute, `http://localhost/api/desk/orders/${order.order_id}/refunds`, { orderId: order.order_id }, post(await sessionCookie(db, support.id), { amount: 5_000.01, reason: 'Duplicate payment' }));
    expect(more.status).toBe(409);

    const released = await call(decideRoute, `http://localhost/api/desk/refunds/${refundId}`, { refundId }, post(await sessionCookie(db, finance.id), { decision: 'release' }));
    expect(released.status).toBe(200);
    expect(await refundRow(refundId)).toMatchObject({ held_for_finance: false, status: 'processed' });
    // the donor gets the whole ₹5,000 back; ₹3,000 of it had been paid out, so the platform covers that share: raised
    // stays at what was withdrawn, never below it (check:ledger)
    expect(await raisedOf(f.id)).toEqual({ raised: 800_000, donors: 1 });
    const refundLines = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `refund:${refundId}`));
    expect(refundLines.map((l) => [l.account, l.kind, l.amount_minor]).sort()).toEqual([
      [`fundraiser:${f.id}`, 'cover', 300_000],
      [`fundraiser:${f.id}`, 'refund', -500_000],
      ['platform:refund_cover', 'cover', -300_000],
    ]);
    const check = await checkLedger(db);
    expect(check.withdrawalsOverRaised.filter((w) => w.id === f.id)).toEqual([]);
    expect(check.mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
    const [line] = await linesOf('refund.release', refundId);
    expect(line).toMatchObject({ actor_id: finance.id, actor_roles: 'finance', record_kind: 'refund' });
    expect(line.before).toMatchObject({ held_for_finance: true, status: 'pending' });
    expect((await heldRefunds(db)).map((r) => r.refund_id)).not.toContain(refundId);
    // released once: a second decision finds nothing held
    const again = await call(decideRoute, `http://localhost/api/desk/refunds/${refundId}`, { refundId }, post(await sessionCookie(db, finance.id), { decision: 'release' }));
    expect(again.status).toBe(409);
  });

  it('or cancelled by finance with a reason: failed, nothing moved, the payment free again', async () => {
    const support = await makeStaff(db, ['support']);
    const finance = await makeStaff(db, ['finance']);
    const { f, order, campaigner } = await giftOf(10_000);
    await paidOut(f, campaigner, 9_500);
    const held = await call(refundRoute, `http://localhost/api/desk/orders/${order.order_id}/refunds`, { orderId: order.order_id }, post(await sessionCookie(db, support.id), { amount: 10_000, reason: 'Donor changed their mind' }));
    const refundId = held.body.data.refund_id;
    expect(held.body.data.held).toBe(true);
    const noReason = await call(decideRoute, `http://localhost/api/desk/refunds/${refundId}`, { refundId }, post(await sessionCookie(db, finance.id), { decision: 'cancel', reason: '' }));
    expect(noReason.status).toBe(422);
    const cancelled = await call(decideRoute, `http://localhost/api/desk/refunds/${refundId}`, { refundId }, post(await sessionCookie(db, finance.id), { decision: 'cancel', reason: 'Funds already spent on surgery' }));
    expect(cancelled.status).toBe(200);
    expect(await refundRow(refundId)).toMatchObject({ status: 'failed', held_for_finance: false, failure_reason: 'Funds already spent on surgery' });
    expect(await raisedOf(f.id)).toEqual({ raised: 1_000_000, donors: 1 });
    const [line] = await linesOf('refund.cancel', refundId);
    expect(line.after).toMatchObject({ status: 'failed', failure_reason: 'Funds already spent on surgery' });
    // a small refund that leaves the raised total above what was paid out goes straight to the gateway
    const small = await call(refundRoute, `http://localhost/api/desk/orders/${order.order_id}/refunds`, { orderId: order.order_id }, post(await sessionCookie(db, support.id), { amount: 500, reason: 'Part of a duplicate' }));
    expect(small.body.data).toMatchObject({ held: false, status: 'processed' });
    expect(await raisedOf(f.id)).toEqual({ raised: 950_000, donors: 1 });
  });
});
