// 80G receipt numbers: each NGO's series per financial year (India time) is gapless; a replayed or second callback
// never takes a second number, and gifts settling at once never share one (run on PostgreSQL to see real races).
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orders, receipts, receiptSeries } from '@/lib/db/schema';
import { applyGatewayEvent } from '@/lib/payments/events';
import { issueTaxReceipt, receiptNumber, receiptsInSeries } from '@/lib/tax/receipts';
import { financialYearOf } from '@/lib/india-time';
import { closeDb } from '../helpers/db';
import { freshDb, makeGift, makeNgo, makeNgoFundraiser, makeOrder, makeUser, settleOrder, unique } from '../factories';

let db: Db;
const ngoWith80g = (name: string, until: string | null = '2030-03-31') =>
  makeNgo(db, { full_name: name }, { has_80g: true, registration_80g: `AAATN${unique('u').length}F20214`, registration_80g_valid_until: until, pan_number: 'AAATN1000K' });

beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

const seriesOf = async (entityId: number, fy: string) => (await receiptsInSeries(db, entityId, fy)).map((r) => r.serial);
const receiptsOfOrder = async (orderId: number) => (await db.select({ n: count() }).from(receipts).where(eq(receipts.order_id, orderId)))[0].n;

describe('80G receipt numbers', () => {
  it('numbers each NGO’s gifts in its own series, from 1, in the format 80G/<FY>/000042', async () => {
    const a = await ngoWith80g('Annapurna Foundation');
    const b = await ngoWith80g('Vidya Trust');
    const fa = await makeNgoFundraiser(db, { taxexempted: true }, a);
    const fb = await makeNgoFundraiser(db, { taxexempted: true }, b);
    const fy = financialYearOf(new Date());
    const numbers: string[] = [];
    for (const f of [fa, fb, fa, fa, fb]) {
      const { order } = await makeGift(db, f.id, { cart: { pan: 'ABCDE1234F' } });
      const [r] = await db.select().from(receipts).where(eq(receipts.order_id, order.id));
      numbers.push(r.number);
    }
    expect(numbers).toEqual([receiptNumber(fy, 1), receiptNumber(fy, 1), receiptNumber(fy, 2), receiptNumber(fy, 3), receiptNumber(fy, 2)]);
    expect(numbers[3]).toMatch(/^80G\/\d{4}-\d{2}\/000003$/);
    expect(await seriesOf(a.entity.id, fy)).toEqual([1, 2, 3]);
    expect(await seriesOf(b.entity.id, fy)).toEqual([1, 2]);
  });

  it('gives a gift without a PAN a number too (its receipt says no 80G claim is possible)', async () => {
    const ngo = await ngoWith80g('Seva Sadan');
    const f = await makeNgoFundraiser(db, { taxexempted: true }, ngo);
    const { order } = await makeGift(db, f.id);
    expect(await receiptsOfOrder(order.id)).toBe(1);
  });

  it('never numbers a replayed or second success callback again', async () => {
    const ngo = await ngoWith80g('Replay Trust');
    const f = await makeNgoFundraiser(db, { taxexempted: true }, ngo);
    const { order } = await makeGift(db, f.id, { cart: { pan: 'ABCDE1234F' } });
    await settleOrder(db, order); // the same event again
    await applyGatewayEvent(db, order.payment_gateway, { eventId: `second:${order.order_id}`, type: 'payment.success', gatewayOrderId: order.gateway_order_id!, gatewayPaymentId: order.gateway_payment_id, status: 'success', amountMinor: order.donated_amount_minor + order.tip_amount_minor, currency: 'INR', payload: {} }, 'return');
    // and the settling code asked again in a transaction of its own
    await db.transaction(async (tx) => issueTaxReceipt(tx, order, new Date()));
    const fy = financialYearOf(new Date());
    expect(await receiptsOfOrder(order.id)).toBe(1);
    expect(await seriesOf(ngo.entity.id, fy)).toEqual([1]);
    const [series] = await db.select().from(receiptSeries).where(and(eq(receiptSeries.entity_details_id, ngo.entity.id), eq(receiptSeries.financial_year, fy)));
    expect(series.last_serial).toBe(1);
  });

  it('starts a new series at 00:30 IST on 1 April and keeps 23:59 IST on 31 March in the old one', async () => {
    const ngo = await ngoWith80g('Year End Trust');
    const f = await makeNgoFundraiser(db, { taxexempted: true }, ngo);
    const place = async (at: Date) => {
      const order = await makeOrder(db, { order_id: unique('FY'), fundraiser_id: f.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 100_00, credited_amount_minor: 100_00 });
      return (await db.transaction((tx) => issueTaxReceipt(tx, order, at)))!.number;
    };
    expect(await place(new Date('2026-03-31T18:29:00Z'))).toBe('80G/2025-26/000001'); // 23:59 IST, 31 March
    expect(await place(new Date('2026-03-31T19:00:00Z'))).toBe('80G/2026-27/000001'); // 00:30 IST, 1 April
    expect(await place(new Date('2026-03-31T17:00:00Z'))).toBe('80G/2025-26/000002');
    expect(await place(new Date('2026-06-01T10:00:00Z'))).toBe('80G/2026-27/000002');
  });

  it('numbers no gift that earns no 80G receipt: an NGO without 80G, a lapsed registration, another currency, a foreign contribution', async () => {
    const plain = await makeNgoFundraiser(db, { taxexempted: false }, await makeNgo(db, { full_name: 'No 80G Society' }));
    const lapsed = await makeNgoFundraiser(db, { taxexempted: true }, await ngoWith80g('Lapsed Trust', '2020-03-31'));
    const live = await makeNgoFundraiser(db, { taxexempted: true }, await ngoWith80g('Live Trust'));
    const { order: o1 } = await makeGift(db, plain.id);
    const { order: o2 } = await makeGift(db, lapsed.id, { cart: { pan: 'ABCDE1234F' } });
    const donor = await makeUser(db, 'Kiran Mehta');
    const usd = await makeOrder(db, { order_id: unique('USD'), fundraiser_id: live.id, payment_mode: 'CARD', payment_gateway: 'sandbox', iso_currency: 'USD', user_id: donor.id, donated_amount_minor: 50_00, credited_amount_minor: 4000_00, status: 'success' });
    const foreign = await makeOrder(db, { order_id: unique('FC'), fundraiser_id: live.id, payment_mode: 'CARD', payment_gateway: 'sandbox', iso_currency: 'INR', user_id: donor.id, donated_amount_minor: 5000_00, credited_amount_minor: 5000_00, foreign_contribution: true, status: 'success' });
    for (const o of [o1, o2, usd, foreign]) expect(await receiptsOfOrder(o.id)).toBe(0);
  });

  it('never gives two gifts settling at once the same number, and leaves no gap', async () => {
    const a = await ngoWith80g('Rush Trust A');
    const b = await ngoWith80g('Rush Trust B');
    const fa = await makeNgoFundraiser(db, { taxexempted: true }, a);
    const fb = await makeNgoFundraiser(db, { taxexempted: true }, b);
    const placed = await Promise.all(Array.from({ length: 12 }, (_, i) => makeGift(db, (i % 2 ? fb : fa).id, { cart: { pan: 'ABCDE1234F' }, status: 'created' })));
    // every gift settles at once, each callback twice (webhook and return racing)
    await Promise.all(placed.flatMap(({ order }) => [settleOrder(db, order), settleOrder(db, order)]));
    const paid = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.status, 'success')));
    expect(paid.length).toBeGreaterThanOrEqual(12);
    const fy = financialYearOf(new Date());
    expect(await seriesOf(a.entity.id, fy)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await seriesOf(b.entity.id, fy)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
