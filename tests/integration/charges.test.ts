// Payments core v2: refunds (several per order, never more than paid), mandates moved by their
// events, and SIP months as charges with the key sip:{subscription}:{period}, all through applyGatewayEvent.
import { and, eq, like } from 'drizzle-orm';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, fundraisers, ledgerEntries, mandates, orders, outbox, refunds, subscriptions } from '@/lib/db/schema';
import { recordMandateCover } from '@/lib/sip/cover';
import { checkLedger } from '@/lib/payments/ledger-check';
import { requestRefund, REFUND_TOO_LARGE } from '@/lib/payments/refunds';
import { createMandate } from '@/lib/payments/mandates';
import { handleWebhook } from '@/lib/payments/results';
import { sandboxGateway, sandboxSecret } from '@/lib/payments/registry';
import { SANDBOX_SIGNATURE_HEADER, sandboxSign } from '@/lib/payments/sandbox';
import { placeSipCharge, sipChargeKey } from '@/lib/sip/charge';
import { makeFundraiser, makeOrder, makeSubscription, makeUser } from '../factories';

const ORIGIN = 'http://localhost:3000';
let db: Db;
let seq = 0;

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

const fundraiserNow = async (id: number) => (await db.select().from(fundraisers).where(eq(fundraisers.id, id)))[0];

/** A paid ₹1,000 gift with a ₹100 tip to a new fundraiser. */
async function paidGift() {
  const f = await makeFundraiser(db);
  const donor = await makeUser(db, 'Refund Donor');
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: f.id, user_id: donor.id, currency: 'INR', donated_amount_minor: 100_000, donated_amount_inr_minor: 100_000, tip_amount_minor: 10_000, donor_name: 'Refund Donor', donor_email: donor.email })
    .returning();
  const order = await makeOrder(db, { order_id: `SHYCHG${Date.now()}${++seq}`, cart_id: cart.id, fundraiser_id: f.id, user_id: donor.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 100_000, tip_amount_minor: 10_000, credited_amount_minor: 100_000, status: 'success' });
  return { f, order };
}

const signedWebhook = (body: object) => {
  const raw = JSON.stringify(body);
  return handleWebhook(db, 'sandbox', raw, new Headers({ [SANDBOX_SIGNATURE_HEADER]: sandboxSign(sandboxSecret(), raw) }), ORIGIN);
};

describe('refunds', () => {
  it('takes back part of a gift, then the rest; the order is refunded and the fundraiser is where it started', async () => {
    const { f, order } = await paidGift();
    expect((await fundraiserNow(f.id))).toMatchObject({ raised_minor: 100_000, donor_count: 1 });

    const first = await requestRefund(db, order.order_id, 40_000, { reason: 'donor asked', origin: ORIGIN });
    expect(first.outcome.result).toBe('refund_processed');
    expect(await fundraiserNow(f.id)).toMatchObject({ raised_minor: 60_000, donor_count: 1 });
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('success');

    // the rest, tip included: every account goes back to zero and the supporter is no longer counted
    const second = await requestRefund(db, order.order_id, 70_000, { reason: null, origin: ORIGIN });
    expect(second.outcome.result).toBe('refund_processed');
    expect(await fundraiserNow(f.id)).toMatchObject({ raised_minor: 0, donor_count: 0 });
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('refunded');
    const entries = await db.select().from(ledgerEntries).where(like(ledgerEntries.group_id, 'refund:%'));
    const mine = entries.filter((e) => [first.refundId, second.refundId].some((r) => e.group_id === `refund:${r}`));
    expect(mine.map((e) => [e.account, e.amount_minor]).sort()).toEqual(
      [[`fundraiser:${f.id}`, -40_000], [`fundraiser:${f.id}`, -60_000], ['platform:tips', -10_000]].sort(),
    );
    expect((await checkLedger(db)).mismatchedFundraisers).toEqual([]);
  });

  it('never refunds more than was paid, even when two refunds are asked for at once', async () => {
    const { f, order } = await paidGift();
    const both = await Promise.allSettled([60_000, 60_000].map((a) => requestRefund(db, order.order_id, a, { reason: null, origin: ORIGIN })));
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409, message: REFUND_TOO_LARGE } });
    await expect(requestRefund(db, order.order_id, 50_001, { reason: null, origin: ORIGIN })).rejects.toMatchObject({ status: 409 });
    expect((await fundraiserNow(f.id)).raised_minor).toBe(40_000);
  });

  it('applies a refund made on the gateway dashboard once, however often its webhook comes', async () => {
    const { f, order } = await paidGift();
    const event = { event_id: `evt_rf_${order.order_id}`, type: 'refund.processed', refund_id: `sbx_rfd_dash_${order.order_id}`, payment_id: order.gateway_payment_id, status: 'processed', amount: '25000', currency: 'INR' };
    expect((await signedWebhook(event)).result).toBe('refund_processed');
    expect((await signedWebhook(event)).result).toBe('refund_duplicate');
    expect((await signedWebhook({ ...event, event_id: `${event.event_id}_again` })).result).toBe('refund_unchanged');
    expect(await db.select({ amount: refunds.amount_minor, status: refunds.status }).from(refunds).where(eq(refunds.order_id, order.id))).toEqual([{ amount: 25_000, status: 'processed' }]);
    expect((await fundraiserNow(f.id)).raised_minor).toBe(75_000);
  });

  it('never applies a refund event naming our refund but another payment', async () => {
    const mine = await paidGift();
    const other = await paidGift();
    // our refund is asked for and the gateway has not answered yet
    const [pending] = await db.insert(refunds).values({ refund_id: `RFDPENDING${Date.now()}`, order_id: mine.order.id, gateway: 'sandbox', amount_minor: 10_000, currency: 'INR' }).returning();
    const outcome = await signedWebhook({ event_id: `evt_rf_cross_${pending.refund_id}`, type: 'refund.processed', refund_id: `sbx_rfd_cross_${pending.refund_id}`, our_refund_id: pending.refund_id, payment_id: other.order.gateway_payment_id, status: 'processed', amount: '10000', currency: 'INR' });
    expect(outcome.result).toBe('refund_mismatch');
    expect((await db.select().from(refunds).where(eq(refunds.id, pending.id)))[0]).toMatchObject({ status: 'pending', failure_reason: 'amount_mismatch' });
    expect((await fundraiserNow(mine.f.id)).raised_minor).toBe(100_000);
    expect((await fundraiserNow(other.f.id)).raised_minor).toBe(100_000);
  });

  it('refunds part of a tip-only payment from the tip alone', async () => {
    const f = await makeFundraiser(db);
    const [cart] = await db.insert(carts).values({ fundraiser_id: f.id, currency: 'INR', donated_amount_minor: 0, donated_amount_inr_minor: 0, tip_amount_minor: 10_000, donor_name: 'Tip Giver', donor_email: 'tip.giver@example.com' }).returning();
    const order = await makeOrder(db, { order_id: `SHYTIP${Date.now()}${++seq}`, cart_id: cart.id, fundraiser_id: f.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 0, tip_amount_minor: 10_000, credited_amount_minor: 0, status: 'success' });
    const { refundId } = await requestRefund(db, order.order_id, 4_000, { reason: null, origin: ORIGIN });
    const taken = await db.select({ account: ledgerEntries.account, amount: ledgerEntries.amount_minor }).from(ledgerEntries).where(eq(ledgerEntries.group_id, `refund:${refundId}`));
    expect(taken).toEqual([{ account: 'platform:tips', amount: -4_000 }]);
    expect((await fundraiserNow(f.id)).raised_minor).toBe(0);
  });

  it('answers 2xx for a refund of a payment we do not know (nothing to retry), and changes nothing', async () => {
    const outcome = await signedWebhook({ event_id: `evt_rf_unknown_${Date.now()}`, type: 'refund.processed', refund_id: 'sbx_rfd_nobody', payment_id: 'sbx_pay_nobody', status: 'processed', amount: '100', currency: 'INR' });
    expect(outcome.result).toBe('unknown_refund');
  });
});

describe('mandates', () => {
  it('is authorised, paused and cancelled by its signed events, and a late event never revives it', async () => {
    const donor = await makeUser(db, 'Mandate Donor');
    const { mandate, authoriseUrl } = await createMandate(db, { userId: donor.id, gateway: 'sandbox', method: 'UPIRECURRING', maxAmountMinor: 100_000, currency: 'INR' }, { origin: ORIGIN, returnUrl: `${ORIGIN}/sip` });
    expect(mandate.status).toBe('created');
    expect(new URL(authoriseUrl).origin).toBe(ORIGIN);
    // set up for a SIP, as subscribing does (a mandate that pays nothing is ended once active)
    const { subscription } = await makeSubscription(db, { userId: donor.id, lines: [{ sip_cause: 'medical', amount_minor: 20_000 }], mandate: null });
    await db.update(subscriptions).set({ mandate_id: mandate.id, status_flag: 5 }).where(eq(subscriptions.id, subscription.id));
    await recordMandateCover(db, mandate.id, [subscription.id]);
    const sandbox = sandboxGateway(ORIGIN)!;
    const say = async (status: 'active' | 'paused' | 'cancelled') => {
      const w = sandbox.mandateWebhook(mandate.gateway_mandate_id, status);
      return handleWebhook(db, 'sandbox', w.webhookBody, new Headers({ [SANDBOX_SIGNATURE_HEADER]: w.webhookSignature }), ORIGIN);
    };
    const state = async () => (await db.select().from(mandates).where(eq(mandates.id, mandate.id)))[0];
    expect((await say('active')).result).toBe('mandate_updated');
    expect((await state()).authorised_at).not.toBeNull();
    expect((await say('paused')).result).toBe('mandate_updated');
    expect((await say('cancelled')).result).toBe('mandate_updated');
    expect((await say('active')).result).toBe('mandate_unchanged');
    expect(await state()).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(Date) });
  });

  it('refuses a mandate on a gateway that cannot hold one', async () => {
    const donor = await makeUser(db, 'Mandate Donor');
    await expect(createMandate(db, { userId: donor.id, gateway: 'razorpay', method: 'Emandate', maxAmountMinor: 100_000, currency: 'INR' }, { origin: ORIGIN, returnUrl: `${ORIGIN}/sip` })).rejects.toMatchObject({ status: 422 });
  });
});

describe('SIP months are charges', () => {
  it('charges a two-cause SIP once per month, however many runs ask at once, each cause\'s share to its fundraisers or its account', async () => {
    const donor = await makeUser(db, 'Sip Donor');
    const { subscription } = await makeSubscription(db, { userId: donor.id, lines: [{ sip_cause: 'medical', amount_minor: 30_000 }, { sip_cause: 'animals', amount_minor: 20_000 }] });
    const runs = await Promise.all([1, 2, 3].map(() => placeSipCharge(db, subscription.id, '2026-11', { origin: ORIGIN })));
    expect(new Set(runs.map((o) => o.order_id)).size).toBe(1);
    const month = await db.select().from(orders).where(eq(orders.subscription_id, subscription.id));
    expect(month).toHaveLength(1);
    expect(month[0]).toMatchObject({ kind: 'sip', period: '2026-11', idempotency_key: sipChargeKey(subscription.id, '2026-11'), cart_id: null, fundraiser_id: null, donated_amount_minor: 50_000, status: 'success', charged: true });
    // Each cause's share goes to its running fundraisers (lib/sip/split.ts), or stays on its account when none runs
    const credited = await db.select({ account: ledgerEntries.account, amount: ledgerEntries.amount_minor }).from(ledgerEntries).where(eq(ledgerEntries.group_id, month[0].order_id));
    const lines = month[0].params!.lines as { sip_cause: string; fundraiser_id?: number; amount_minor: number }[];
    const accountOf = (l: (typeof lines)[number]) => (l.fundraiser_id ? `fundraiser:${l.fundraiser_id}` : `cause:${l.sip_cause}`);
    expect(credited.sort((a, b) => a.account.localeCompare(b.account))).toEqual(lines.map((l) => ({ account: accountOf(l), amount: l.amount_minor })).sort((a, b) => a.account.localeCompare(b.account)));
    const byCause = (cause: string) => lines.filter((l) => l.sip_cause === cause).reduce((n, l) => n + l.amount_minor, 0);
    expect([byCause('medical'), byCause('animals')]).toEqual([30_000, 20_000]);
    // the receipt goes to the subscriber and names each cause once
    const [receipt] = await db.select().from(outbox).where(and(eq(outbox.recipient, donor.email), like(outbox.subject, `%${month[0].order_id}%`)));
    expect(receipt.subject).toContain('Medical');
    expect(receipt.subject).toContain('Animals');
    expect(receipt.subject?.match(/Medical/g)).toHaveLength(1);

    await placeSipCharge(db, subscription.id, '2026-12', { origin: ORIGIN });
    expect(await db.select().from(orders).where(eq(orders.subscription_id, subscription.id))).toHaveLength(2);
  });

  it('credits a SIP for one fundraiser to that fundraiser, with a supporter', async () => {
    const f = await makeFundraiser(db);
    const donor = await makeUser(db, 'Sip Donor');
    const { subscription } = await makeSubscription(db, { userId: donor.id, lines: [{ fundraiser_id: f.id, amount_minor: 50_000 }] });
    const order = await placeSipCharge(db, subscription.id, '2026-11', { origin: ORIGIN });
    expect(order).toMatchObject({ fundraiser_id: f.id, status: 'success' });
    expect(await fundraiserNow(f.id)).toMatchObject({ raised_minor: 50_000, donor_count: 1 });
    expect((await checkLedger(db)).mismatchedFundraisers).toEqual([]);
  });

  it('does not charge a SIP whose mandate is not yet authorised', async () => {
    const donor = await makeUser(db, 'Sip Donor');
    const { subscription } = await makeSubscription(db, { userId: donor.id, lines: [{ sip_cause: 'education', amount_minor: 10_000 }], mandate: 'created' });
    await expect(placeSipCharge(db, subscription.id, '2026-11', { origin: ORIGIN })).rejects.toMatchObject({ status: 409 });
    expect(await db.select().from(orders).where(eq(orders.subscription_id, subscription.id))).toEqual([]);
  });
});
