// Where a SIP month goes: a cause's share is split among the five most in need (raised over goal) of its
// running, public fundraisers in the SIP's currency, in minor units that add up exactly, recorded per fundraiser in the
// ledger; a cause with none keeps it on its cause account; the donor's impact report shows it month by month.
// Its fundraisers run until a moment decades ahead of this run, and the splits are asked "as of" then, so nothing
// else in a shared database competes with them (they are ended afterwards).
import { eq, inArray } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db/client';
import { fundraisers, ledgerEntries, orders } from '@/lib/db/schema';
import { checkLedger } from '@/lib/payments/ledger-check';
import type { ChargeLine } from '@/lib/payments/ledger';
import { requestRefund } from '@/lib/payments/refunds';
import { placeSipCharge } from '@/lib/sip/charge';
import { sipImpactOf } from '@/lib/sip/impact';
import { storySupporters } from '@/lib/story/queries';
import { addSipMonths, sipPeriod } from '@/lib/sip/settled';
import { fundraisersForSipCause, splitEvenly, splitSipLines } from '@/lib/sip/split';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { hashPin } from '@/lib/fundraisers/pin';
import { CAUSE } from '@/lib/constants/fundraisers';
import { makeFundraiser, makeOrder, makeSubscription, makeUser } from '../factories';

const ORIGIN = 'http://localhost:3000';
const HOUR_MS = 60 * 60 * 1000;
const ELDERLY = 203;
const ANIMALS = 202;
// a moment only this run's fundraisers are running at (a later run's is at least an hour later per 150 s)
const FAR = new Date(Date.UTC(2080, 0, 1) + (Date.now() - Date.UTC(2026, 0, 1)) * 24);
const GOAL = 1_000_000;
let db: Db;
let seq = 0;
const made: number[] = [];

beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  if (made.length) await db.update(fundraisers).set({ status_flag: FUNDRAISER_STATUS.ended }).where(inArray(fundraisers.id, made));
  await closeDb();
});

/** An elderly-care fundraiser in HKD running until just after FAR, with `raised` given by a real paid order (the ledger agrees). */
async function elderly(raised: number, values: Partial<typeof fundraisers.$inferInsert> = {}) {
  const f = await makeFundraiser(db, { cause_id: ELDERLY, parent_cause_id: CAUSE.ngo, currency: 'HKD', goal_minor: GOAL, end_date: new Date(FAR.getTime() + HOUR_MS), ...values });
  made.push(f.id);
  if (raised > 0) {
    const donor = await makeUser(db, 'Split Donor');
    await makeOrder(db, { order_id: `SPLIT${Date.now()}${++seq}`, fundraiser_id: f.id, user_id: donor.id, payment_mode: 'CARD', payment_gateway: 'sandbox', iso_currency: f.currency, donated_amount_minor: raised, credited_amount_minor: raised, status: 'success' });
  }
  return (await db.select().from(fundraisers).where(eq(fundraisers.id, f.id)))[0];
}

const raisedOf = async (id: number) => (await db.select().from(fundraisers).where(eq(fundraisers.id, id)))[0];

describe('splitting an amount', () => {
  it('gives shares that differ by at most one minor unit and add up exactly, the first ones taking the remainder', () => {
    expect(splitEvenly(10_003, 5)).toEqual([2001, 2001, 2001, 2000, 2000]);
    expect(splitEvenly(10_000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitEvenly(7, 7)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    for (const amount of [1, 99, 10_000, 12_345, 999_999]) {
      for (const parts of [1, 2, 3, 4, 5]) {
        const shares = splitEvenly(amount, parts);
        expect(shares.reduce((n, s) => n + s, 0)).toBe(amount);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('where a SIP month goes', () => {
  it('splits a cause among its five most in need running, public fundraisers in the SIP\'s currency, per fundraiser in the ledger', async () => {
    // six in need, by raised over goal: 0.4, 0, 0.3, 0.1, 0.5, 0.2
    const needy = [];
    for (const ratio of [0.4, 0, 0.3, 0.1, 0.5, 0.2]) needy.push(await elderly(ratio * GOAL));
    const [r04, r0, r03, r01, , r02] = needy;
    // none of these may be reached
    const excluded = [
      // private with a PIN and a story, as the product makes them (a PIN of this file's own: nothing here leans on the demo)
      await elderly(0, { is_private: true, pin_hash: await hashPin('2468'), story_description: '<p>A private fundraiser for elders.</p>' }),
      await elderly(0, { status_flag: FUNDRAISER_STATUS.ended }),
      await elderly(0, { end_date: new Date(FAR.getTime() - HOUR_MS) }),
      await elderly(0, { currency: 'INR' }),
      await elderly(0, { cause_id: ANIMALS }),
      await elderly(0, { support_campaign_id: r0.id }),
      await elderly(GOAL),
    ];
    expect(await fundraisersForSipCause(db, 'elderly', 'HKD', FAR)).toEqual([r0.id, r01.id, r02.id, r03.id, r04.id]);
    expect(excluded.length).toBe(7);

    const donor = await makeUser(db, 'Split Sip');
    const { subscription } = await makeSubscription(db, { userId: donor.id, currency: 'HKD', lines: [{ sip_cause: 'elderly', amount_minor: 10_003 }] });
    const before = await Promise.all(needy.map((f) => raisedOf(f.id)));
    const order = await placeSipCharge(db, subscription.id, sipPeriod(FAR), { origin: ORIGIN, now: FAR });
    expect(order).toMatchObject({ status: 'success', donated_amount_minor: 10_003, fundraiser_id: null });
    const lines = order.params!.lines as ChargeLine[];
    // in fundraiser id order (one lock order for concurrent charges), the most in need taking the remainder
    expect(lines).toEqual(
      [
        { sip_cause: 'elderly', fundraiser_id: r0.id, amount_minor: 2001, credited_minor: 2001 },
        { sip_cause: 'elderly', fundraiser_id: r01.id, amount_minor: 2001, credited_minor: 2001 },
        { sip_cause: 'elderly', fundraiser_id: r02.id, amount_minor: 2001, credited_minor: 2001 },
        { sip_cause: 'elderly', fundraiser_id: r03.id, amount_minor: 2000, credited_minor: 2000 },
        { sip_cause: 'elderly', fundraiser_id: r04.id, amount_minor: 2000, credited_minor: 2000 },
      ].sort((a, b) => a.fundraiser_id - b.fundraiser_id),
    );
    const credited = await db.select({ account: ledgerEntries.account, amount: ledgerEntries.amount_minor, currency: ledgerEntries.currency }).from(ledgerEntries).where(eq(ledgerEntries.group_id, order.order_id));
    expect(credited.reduce((n, e) => n + e.amount, 0)).toBe(10_003);
    expect(credited.every((e) => e.currency === 'HKD' && e.account.startsWith('fundraiser:'))).toBe(true);
    for (const [i, f] of needy.entries()) {
      const line = lines.find((l) => l.fundraiser_id === f.id);
      const now = await raisedOf(f.id);
      expect(now.raised_minor - before[i].raised_minor).toBe(line?.amount_minor ?? 0);
      expect(now.donor_count - before[i].donor_count).toBe(line ? 1 : 0);
    }
    expect((await checkLedger(db)).mismatchedFundraisers).toEqual([]);
    // each story's supporters list the subscriber, with the share that fundraiser received, once
    const supporters = (await storySupporters(db, r0.id, { page: 1, perPage: 20 })).data;
    expect(supporters).toEqual([expect.objectContaining({ name: donor.full_name, amount_minor: 2001, currency: 'HKD' })]);
    expect((await storySupporters(db, r04.id, { page: 1, perPage: 20 })).data.filter((x) => x.name === donor.full_name)).toHaveLength(1);
  });

  it('keeps a cause\'s month on its cause account when none of its fundraisers runs in that currency (or none fits the cause)', async () => {
    const donor = await makeUser(db, 'Split Sip');
    const { subscription } = await makeSubscription(db, { userId: donor.id, currency: 'QAR', lines: [{ sip_cause: 'elderly', amount_minor: 5_000 }, { sip_cause: 'acid_victims', amount_minor: 3_000 }] });
    const order = await placeSipCharge(db, subscription.id, sipPeriod(FAR), { origin: ORIGIN, now: FAR });
    expect(order.params!.lines).toEqual([
      { sip_cause: 'elderly', amount_minor: 5_000 },
      { sip_cause: 'acid_victims', amount_minor: 3_000 },
    ]);
    const credited = await db.select({ account: ledgerEntries.account, amount: ledgerEntries.amount_minor }).from(ledgerEntries).where(eq(ledgerEntries.group_id, order.order_id));
    expect(credited.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: 'cause:acid_victims', amount: 3_000 },
      { account: 'cause:elderly', amount: 5_000 },
    ]);
  });

  it('merges shares of one fundraiser from two causes into one line, and gives a tiny amount to fewer fundraisers', async () => {
    const f = await elderly(0);
    // widows and women & girls both give to the women-girls cause (205)
    const w = await makeFundraiser(db, { cause_id: 205, parent_cause_id: CAUSE.ngo, currency: 'SGD', goal_minor: GOAL, end_date: new Date(FAR.getTime() + HOUR_MS) });
    made.push(w.id);
    const merged = await splitSipLines(db, [{ sip_cause: 'widow', amount_minor: 3_000 }, { sip_cause: 'women_girls', amount_minor: 2_000 }], { currency: 'SGD', now: FAR });
    expect(merged).toEqual([{ sip_cause: 'widow', fundraiser_id: w.id, amount_minor: 5_000, credited_minor: 5_000 }]);
    const tiny = await splitSipLines(db, [{ sip_cause: 'elderly', amount_minor: 1 }], { currency: 'HKD', now: FAR });
    expect(tiny).toHaveLength(1);
    expect(tiny[0].amount_minor).toBe(1);
    expect(f.id).toBeGreaterThan(0);
  });
});

describe('the impact report', () => {
  it('shows per month which fundraisers the donor\'s SIP reached and how much, less what was sent back', async () => {
    const a = await elderly(0);
    const b = await elderly(0.05 * GOAL);
    const donor = await makeUser(db, 'Impact Donor');
    const { subscription } = await makeSubscription(db, { userId: donor.id, currency: 'HKD', lines: [{ sip_cause: 'elderly', amount_minor: 20_000 }, { sip_cause: 'acid_victims', amount_minor: 5_000 }] });
    const first = sipPeriod(FAR);
    const second = sipPeriod(addSipMonths(FAR, 1));
    const third = sipPeriod(addSipMonths(FAR, 2));
    const orderOne = await placeSipCharge(db, subscription.id, first, { origin: ORIGIN, now: FAR });
    const orderTwo = await placeSipCharge(db, subscription.id, second, { origin: ORIGIN, now: FAR });
    const orderThree = await placeSipCharge(db, subscription.id, third, { origin: ORIGIN, now: FAR });
    // another donor's SIP is not theirs
    const other = await makeUser(db, 'Impact Other');
    const otherSip = await makeSubscription(db, { userId: other.id, currency: 'HKD', lines: [{ sip_cause: 'elderly', amount_minor: 20_000 }] });
    await placeSipCharge(db, otherSip.subscription.id, first, { origin: ORIGIN, now: FAR });
    // the third month is sent back in full
    await requestRefund(db, orderThree.order_id, orderThree.donated_amount_minor, { reason: null, origin: ORIGIN });

    const report = await sipImpactOf(db, donor.id);
    expect(report.map((m) => m.period)).toEqual([second, first]);
    for (const [month, order] of [[report[0], orderTwo], [report[1], orderOne]] as const) {
      const lines = order.params!.lines as ChargeLine[];
      const fundraiserLines = lines.filter((l) => l.fundraiser_id);
      expect(month.fundraisers.map((f) => [f.fundraiser_id, f.amount_minor, f.currency, f.sip_cause]).sort()).toEqual(fundraiserLines.map((l) => [l.fundraiser_id, l.amount_minor, 'HKD', 'elderly']).sort());
      expect(month.fundraisers.reduce((n, f) => n + f.amount_minor, 0)).toBe(20_000);
      // most received first
      expect(month.fundraisers.map((f) => f.amount_minor)).toEqual([...month.fundraisers.map((f) => f.amount_minor)].sort((x, y) => y - x));
      expect(month.causes).toEqual([{ sip_cause: 'acid_victims', amount_minor: 5_000, currency: 'HKD' }]);
    }
    // the two in most need this run made are reached, named as the donor will see them
    const reached = report[1].fundraisers.map((f) => f.fundraiser_id);
    expect(reached).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(report[1].fundraisers.find((f) => f.fundraiser_id === a.id)).toMatchObject({ title: a.title, custom_tag: a.custom_tag });
    expect(await sipImpactOf(db, (await makeUser(db, 'Impact Nobody')).id)).toEqual([]);
    expect((await db.select().from(orders).where(eq(orders.id, orderThree.id)))[0].status).toBe('refunded');
  });
});
