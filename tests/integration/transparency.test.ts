// The public transparency report: money raised, paid out against bills, refunded and still held per month (India
// time), the median days to payout, review send-backs by kind, and visitors' own web-vitals at the 75th percentile.
import { eq, inArray } from 'drizzle-orm';
import { POST as vitalsRoute } from '@/app/api/vitals/route';
import type { Db } from '@/lib/db/client';
import { ledgerEntries, vitalSamples, withdrawals } from '@/lib/db/schema';
import { indiaMonths, transparencyReport } from '@/lib/transparency/report';
import { pruneVitalSamples } from '@/lib/transparency/vitals';
import { requestRefund } from '@/lib/payments/refunds';
import { decideReview } from '@/lib/fundraisers/review';
import { DAY_MS } from '@/lib/constants/time';
import { JOB_PERIOD_MAX_MS } from '@/lib/constants/jobs';
import { JOB, productJobs } from '@/lib/jobs/definitions';
import { env } from '@/lib/env';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeGift, makeReviewer, makeUnderReview, makeUser, makeWithdrawal } from '../factories';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

// the report's clock: 10:00 IST on 15 November 2026
const NOW = new Date('2026-11-15T04:30:00Z');

describe('India-time months', () => {
  it('ends with the current month in India: 00:01 IST on 1 April is April, though it is 31 March in UTC', () => {
    expect(indiaMonths(new Date('2026-03-31T18:31:00Z'), 3)).toEqual(['2026-02', '2026-03', '2026-04']);
    expect(indiaMonths(new Date('2026-03-31T18:29:00Z'), 2)).toEqual(['2026-02', '2026-03']);
    expect(indiaMonths(new Date('2027-01-10T00:00:00Z'), 3)).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});

describe('the report', () => {
  it('counts each month in India time: raised, paid out, refunded and what is still held', async () => {
    const campaigner = await makeUser(db, 'Transparency Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const october = await makeGift(db, f.id, { cart: { donated_amount: 1000 } });
    const november = await makeGift(db, f.id, { cart: { donated_amount: 500 } });
    // the first gift settled at 23:59 IST on 31 October (18:29 UTC): October's, not November's
    await db.update(ledgerEntries).set({ created_at: new Date('2026-10-31T18:29:00Z') }).where(eq(ledgerEntries.group_id, october.order.order_id));
    await db.update(ledgerEntries).set({ created_at: new Date('2026-11-02T06:00:00Z') }).where(eq(ledgerEntries.group_id, november.order.order_id));
    const refund = await requestRefund(db, november.order.order_id, 20_000, { reason: 'donor asked', origin: 'http://localhost' });
    await db.update(ledgerEntries).set({ created_at: new Date('2026-11-03T06:00:00Z') }).where(eq(ledgerEntries.group_id, `refund:${refund.refundId}`));
    const w = await makeWithdrawal(db, campaigner, f.id, 300, { purpose: 'Physiotherapy for the first month', until: 'paid' });
    // asked on 2 November, paid on 5 November: three days
    await db.update(withdrawals).set({ created_at: new Date('2026-11-02T06:00:00Z'), paid_at: new Date('2026-11-05T06:00:00Z') }).where(eq(withdrawals.id, w.id));

    const report = await transparencyReport(db, NOW);
    // the months before the first gift are left out
    expect(report.months.map((m) => m.month)).toEqual(['2026-10', '2026-11']);
    const oct = report.months.find((m) => m.month === '2026-10')!;
    const nov = report.months.find((m) => m.month === '2026-11')!;
    expect(oct).toEqual({ month: '2026-10', raisedInrMinor: 100_000, paidOutInrMinor: 0, refundedInrMinor: 0, heldInrMinor: 100_000 });
    expect(nov).toEqual({ month: '2026-11', raisedInrMinor: 50_000, paidOutInrMinor: 30_000, refundedInrMinor: 20_000, heldInrMinor: 100_000 });
    expect(report.payouts).toEqual({ count: 1, medianDays: 3 });
  });

  it('counts review decisions, send-backs by kind', async () => {
    const reviewer = await makeReviewer(db);
    await decideReview(db, reviewer, (await makeUnderReview(db)).id, { decision: 'send_back', reason: 'Please add the hospital estimate', category: 'documents' });
    await decideReview(db, reviewer, (await makeUnderReview(db)).id, { decision: 'send_back', reason: 'Please add the hospital estimate too', category: 'documents' });
    await decideReview(db, reviewer, (await makeUnderReview(db)).id, { decision: 'send_back', reason: 'The goal is far above the estimate' });
    await decideReview(db, reviewer, (await makeUnderReview(db)).id, { decision: 'approve' });
    const { review } = await transparencyReport(db);
    expect(review.sentBack).toBe(3);
    expect(review.approved).toBeGreaterThanOrEqual(1);
    expect(review.byCategory).toMatchObject({ documents: 2, other: 1, story: 0 });
  });

  it("reports visitors' own LCP, INP and CLS at the 75th percentile per page type, and nothing from a handful of visits", async () => {
    let ip = 0;
    const beacon = (path: string, metrics: { name: string; value: number }[]) =>
      call(vitalsRoute, '/api/vitals', {}, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.77.0.${++ip}` }, body: JSON.stringify({ path, metrics }) });
    for (let i = 1; i <= 25; i++) expect((await beacon(`/hi/stories/help-${i}`, [{ name: 'LCP', value: i * 100 }, { name: 'CLS', value: i / 100 }])).status).toBe(204);
    for (let i = 1; i <= 5; i++) await beacon('/stories/help', [{ name: 'INP', value: 50 }]);
    const story = (await transparencyReport(db)).speed.find((s) => s.page === 'story')!;
    // percentile_cont(0.75) of 100, 200 ... 2500
    expect(story.p75.LCP).toBe(1900);
    expect(story.p75.CLS).toBeCloseTo(0.19);
    expect(story.p75.INP).toBeNull();
    expect(story.samples).toBe(25);
    // no URL is kept, only the page type
    expect((await db.select().from(vitalSamples).limit(1))[0]).not.toHaveProperty('path');
    // the daily job removes samples past the window
    await db.update(vitalSamples).set({ at: new Date(Date.now() - 40 * DAY_MS) }).where(inArray(vitalSamples.metric, ['INP']));
    expect(await pruneVitalSamples(db)).toBe(5);
  });

  it('prunes as one of the product jobs, at a period the job queue takes (it refuses one above 12 hours)', () => {
    const jobs = productJobs({ db: async () => db, env: env(), reconcile: async () => {} });
    expect(jobs.map((j) => j.name)).toContain(JOB.pruneVitalSamples);
    for (const j of jobs) expect([j.name, (j.everyMs ?? 0) <= JOB_PERIOD_MAX_MS]).toEqual([j.name, true]);
  });
});
