// Finance's export: gifts (count and amount), refunds, payouts (paid withdrawals) and platform tips per India-time day
// and fundraiser, in major units with two decimals; built from known gifts, a refund, a paid withdrawal and tips.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { auditLog, ledgerEntries, withdrawals } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { resetMediaStoreForTests } from '@/lib/media/store';
import { requestRefund } from '@/lib/payments/refunds';
import { withdrawalGroup } from '@/lib/payments/ledger';
import { financeRows, majorWithTwoDecimals } from '@/lib/desk/finance-export';
import { makeFundraiser, makeGift, makeStaff, makeUser, makeWithdrawal } from '../factories';
import { sessionCookie } from '../helpers/auth';
import { call } from '../helpers/db';
import { GET as exportRoute } from '@/app/api/desk/finance-export/route';

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sahyog-desk-export-'));
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

// 20:00 UTC is 01:30 the next day in India; 18:00 UTC is 23:30 the same day
const MARCH_11_IST = new Date('2026-03-10T20:00:00Z');
const MARCH_10_IST = new Date('2026-03-10T18:00:00Z');

async function knownDays() {
  const campaigner = await makeUser(db, 'Export Campaigner');
  const f = await makeFundraiser(db, { campaigner_id: campaigner.id, title: 'Help Meena, "walk" again' });
  const late = await makeGift(db, f.id, { cart: { donated_amount: 500, tip_amount: 0 } });
  const first = await makeGift(db, f.id, { cart: { donated_amount: 1_000, tip_amount: 100 } });
  const second = await makeGift(db, f.id, { cart: { donated_amount: 250, tip_amount: 25 } });
  const { refundId } = await requestRefund(db, first.order.order_id, 20_000, { reason: 'donor asked', origin: 'http://localhost' });
  const w = await makeWithdrawal(db, campaigner, f.id, 300, { purpose: 'Physiotherapy for the first month', until: 'paid' });
  // the day everything happened, as India counts it: one gift late on the 10th, the rest early on the 11th
  const groups = [first.order.order_id, second.order.order_id, `refund:${refundId}`, withdrawalGroup(w.id)];
  await db.update(ledgerEntries).set({ created_at: MARCH_11_IST }).where(inArray(ledgerEntries.group_id, groups));
  await db.update(ledgerEntries).set({ created_at: MARCH_10_IST }).where(eq(ledgerEntries.group_id, late.order.order_id));
  await db.update(withdrawals).set({ paid_at: MARCH_11_IST }).where(eq(withdrawals.id, w.id));
  return f;
}

it('writes minor units as major units with two decimals, exactly', () => {
  expect([majorWithTwoDecimals(0), majorWithTwoDecimals(5), majorWithTwoDecimals(123_456), majorWithTwoDecimals(-2_050)]).toEqual(['0.00', '0.05', '1234.56', '-20.50']);
});

// it settles gifts, a refund and a payout before it counts: on PostgreSQL beside the e2e suite that has taken over a minute
it('counts each India-time day and fundraiser: gifts, refunds, payouts and tips; the CSV is audited', async () => {
  const f = await knownDays();
  expect(await financeRows(db, '2026-03-10', '2026-03-11')).toEqual([
    { date: '2026-03-10', fundraiserId: f.id, fundraiserTitle: f.title, currency: 'INR', giftsCount: 1, giftsMinor: 50_000, refundsMinor: 0, payoutsMinor: 0, tipsMinor: 0 },
    { date: '2026-03-11', fundraiserId: f.id, fundraiserTitle: f.title, currency: 'INR', giftsCount: 2, giftsMinor: 125_000, refundsMinor: 20_000, payoutsMinor: 30_000, tipsMinor: 12_500 },
  ]);
  // a range of one day leaves the other out
  expect((await financeRows(db, '2026-03-11', '2026-03-11')).map((r) => r.date)).toEqual(['2026-03-11']);
  expect(await financeRows(db, '2026-03-12', '2026-03-20')).toEqual([]);

  const finance = await makeStaff(db, ['finance']);
  const answer = await call(exportRoute, 'http://localhost/api/desk/finance-export?from=2026-03-10&to=2026-03-11', {}, { headers: { cookie: await sessionCookie(db, finance.id) } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(answer.headers.get('content-disposition')).toBe('attachment; filename="sahyog-finance-2026-03-10-to-2026-03-11.csv"');
  expect(String(answer.body).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
    'date,fundraiser id,fundraiser title,currency,gifts count,gifts amount,refunds amount,payouts amount,tips amount',
    `2026-03-10,${f.id},"Help Meena, ""walk"" again",INR,1,500.00,0.00,0.00,0.00`,
    `2026-03-11,${f.id},"Help Meena, ""walk"" again",INR,2,1250.00,200.00,300.00,125.00`,
    '',
  ]);
  const [line] = await db.select().from(auditLog).where(eq(auditLog.action, 'finance.export'));
  expect(line).toMatchObject({ actor_id: finance.id, record_kind: 'finance', record_id: '2026-03-10..2026-03-11' });

  const backwards = await call(exportRoute, 'http://localhost/api/desk/finance-export?from=2026-03-11&to=2026-03-10', {}, { headers: { cookie: await sessionCookie(db, finance.id) } });
  expect(backwards.status).toBe(422);
}, 150_000);
