// Form 10BD: a year of an 80G NGO's gifts, settled at their own times (the clock set to each), becomes the portal's CSV
// row by row: one row per donor and mode, the year counted in India time, refunds netted, foreign contributions and
// other currencies left out, cash above ₹2,000 flagged, gifts without a PAN listed apart (and their donors asked).
import { eq } from 'drizzle-orm';
import { GET as form10bdGet } from '@/app/api/ngos/[id]/form-10bd/route';
import { POST as askPanPost } from '@/app/api/ngos/[id]/form-10bd/ask-pan/route';
import type { Db } from '@/lib/db/client';
import { memberships, orders, outbox } from '@/lib/db/schema';
import { requestRefund } from '@/lib/payments/refunds';
import { FORM_10BD_COLUMNS } from '@/lib/constants/tax';
import { form10bdCsv, form10bdModeOf, form10bdParts, form10bdStatement, type Form10bdStatement } from '@/lib/tax/form-10bd';
import { call, closeDb } from '../helpers/db';
import { signedIn } from '../helpers/auth';
import { freshDb, makeGift, makeNgo, makeNgoFundraiser, makeOrder, makeUser, unique } from '../factories';

let db: Db;
let ngo: Awaited<ReturnType<typeof makeNgo>>;
let fundraiserId: number;
const ORIGIN = 'http://localhost:3000';

/** Settles what `act` does at that moment, as if the clock said so (only Date is faked; timers run as usual). */
async function at<T>(iso: string, act: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], now: new Date(iso) });
  try {
    return await act();
  } finally {
    jest.useRealTimers();
  }
}

const gift = (iso: string, cart: Record<string, unknown>, mode: 'UPI' | 'CARD' = 'UPI') => at(iso, async () => (await makeGift(db, fundraiserId, { cart: cart as never, mode })).order);
/** The file's rows and cells as a spreadsheet reads them (quoted cells keep their commas). */
const parse = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => (m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1])));

let statement: Form10bdStatement;
let guestOrderId: string;

beforeAll(async () => {
  db = await freshDb();
  ngo = await makeNgo(db, { full_name: 'Annapurna Foundation' }, { has_80g: true, registration_80g: 'AAATA1234FF20214', registration_80g_valid_until: '2030-03-31', registration_80g_issued_on: '2021-05-28', pan_number: 'AAATA1234F' });
  // open across both years the gifts are given in
  fundraiserId = (await makeNgoFundraiser(db, { taxexempted: true, end_date: new Date('2030-01-01T00:00:00Z') }, ngo)).id;
  const asha = { donor_name: 'Asha Rao', donor_email: 'asha@example.com', pan: 'AAAPA1111A', donor_address: '4 Lake View, Pune', donated_amount: 1000 };
  // 23:59 IST on 31 March: the year before
  await gift('2026-03-31T18:29:00Z', asha);
  // 00:30 IST on 1 April and in August: the same donor twice, one row; the later address is the one reported
  await gift('2026-03-31T19:00:00Z', { ...asha, donated_amount: 2000 });
  await gift('2026-08-15T06:00:00Z', { ...asha, donated_amount: 500, donor_address: '9 Hill Road, Pune' });
  // a card gift partly refunded: 5,000 less 2,000
  const ravi = await gift('2026-06-01T06:00:00Z', { donor_name: 'Ravi Kumar', donor_email: 'ravi@example.com', pan: 'BBBPB2222B', donor_address: 'Flat 2, MG Road, Bengaluru', donated_amount: 5000 }, 'CARD');
  await requestRefund(db, ravi.order_id, 2000_00, { reason: 'donor asked', origin: ORIGIN });
  // refunded whole: nothing to report
  const gone = await gift('2026-07-01T06:00:00Z', { donor_name: 'Gone Giver', donor_email: 'gone@example.com', pan: 'CCCPC3333C', donated_amount: 800 });
  await requestRefund(db, gone.order_id, 800_00, { reason: null, origin: ORIGIN });
  // a foreign contribution (FCRA) is never in 10BD
  const foreign = await gift('2026-09-01T06:00:00Z', { donor_name: 'John Smith', donor_email: 'john@example.com', pan: 'DDDPD4444D', donated_amount: 3000 });
  await db.update(orders).set({ foreign_contribution: true }).where(eq(orders.id, foreign.id));
  // dollars earn no 80G receipt
  await gift('2026-10-01T06:00:00Z', { donor_name: 'Dollar Donor', donor_email: 'usd@example.com', currency: 'USD', donated_amount: 50, citizenship: 'indian' }, 'CARD');
  // no PAN: listed apart
  guestOrderId = (await gift('2026-11-01T06:00:00Z', { donor_name: 'Meera Iyer', donor_email: 'meera@example.com', donated_amount: 700 })).order_id;
  // cash recorded for the NGO (the desk's offline gift): above ₹2,000 it is flagged
  const cashDonor = await makeUser(db, { full_name: 'Kiran Shah', pan_number: 'EEEPE5555E', address_1: '1 Station Road, Surat' });
  await at('2026-12-01T06:00:00Z', () => makeOrder(db, { order_id: unique('CASH'), fundraiser_id: fundraiserId, user_id: cashDonor.id, payment_mode: 'CASH', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 2500_00, credited_amount_minor: 2500_00, status: 'success' }));
  // another NGO's gift is in its own statement
  const other = await makeNgoFundraiser(db, { taxexempted: true }, await makeNgo(db, { full_name: 'Vidya Trust' }, { has_80g: true }));
  await at('2026-05-01T06:00:00Z', () => makeGift(db, other.id, { cart: { pan: 'FFFPF6666F' } }));
  // 23:59 IST on 31 March 2027 is still this year; 00:30 IST on 1 April 2027 is the next
  await gift('2027-03-31T18:29:00Z', { donor_name: 'Late Giver', donor_email: 'late@example.com', pan: 'GGGPG7777G', donor_address: 'Old Town, Jaipur', donated_amount: 1500 });
  await gift('2027-03-31T19:00:00Z', { donor_name: 'Next Year', donor_email: 'next@example.com', pan: 'HHHPH8888H', donated_amount: 1500 });
  statement = await form10bdStatement(db, ngo.entity.id, '2026-27');
});
afterAll(closeDb);

describe('Form 10BD for 2026-27', () => {
  it('is the portal template, one row per donor and mode, in India’s financial year, refunds netted', () => {
    const rows = parse(form10bdCsv(statement));
    expect(rows[0]).toEqual([...FORM_10BD_COLUMNS]);
    const electronic = 'Electronic modes including account payee cheque/draft';
    expect(rows.slice(1)).toEqual([
      ['1', '', '1', 'AAAPA1111A', 'Section 80G', 'AAATA1234FF20214', '28/05/2021', 'Asha Rao', '9 Hill Road, Pune', 'Others', electronic, '2500'],
      ['2', '', '1', 'BBBPB2222B', 'Section 80G', 'AAATA1234FF20214', '28/05/2021', 'Ravi Kumar', 'Flat 2, MG Road, Bengaluru', 'Others', electronic, '3000'],
      ['3', '', '1', 'EEEPE5555E', 'Section 80G', 'AAATA1234FF20214', '28/05/2021', 'Kiran Shah', '1 Station Road, Surat', 'Others', 'Cash', '2500'],
      ['4', '', '1', 'GGGPG7777G', 'Section 80G', 'AAATA1234FF20214', '28/05/2021', 'Late Giver', 'Old Town, Jaipur', 'Others', electronic, '1500'],
    ]);
  });

  it('flags cash above ₹2,000 and counts each donor’s gifts', () => {
    expect(statement.rows.map((r) => [r.identification, r.gifts, r.cashAboveLimit])).toEqual([
      ['AAAPA1111A', 2, false],
      ['BBBPB2222B', 1, false],
      ['EEEPE5555E', 1, true],
      ['GGGPG7777G', 1, false],
    ]);
    expect(form10bdModeOf('CASH')).toBe('Cash');
    expect(form10bdModeOf('UPI')).toBe('Electronic modes including account payee cheque/draft');
  });

  it('lists the gift without a PAN apart, and leaves the year before and after to their own statements', async () => {
    expect(statement.unreportable.map((g) => [g.orderId, g.name, g.amountMinor, g.canAddPan])).toEqual([[guestOrderId, 'Meera Iyer', 700_00, true]]);
    const before = await form10bdStatement(db, ngo.entity.id, '2025-26');
    expect(before.rows.map((r) => [r.identification, r.amountMinor])).toEqual([['AAAPA1111A', 1000_00]]);
    const after = await form10bdStatement(db, ngo.entity.id, '2027-28');
    expect(after.rows.map((r) => [r.identification, r.amountMinor])).toEqual([['HHHPH8888H', 1500_00]]);
  });

  it('splits into files of at most the portal’s row limit, each numbered from 1', () => {
    const twoPerFile = (part: number) => parse(form10bdCsv(statement, part, 2)).map((r) => r[0]);
    expect(twoPerFile(1)).toEqual(['Sr. No.', '1', '2']);
    expect(twoPerFile(2)).toEqual(['Sr. No.', '1', '2']);
    expect(parse(form10bdCsv(statement, 2, 2))[1][3]).toBe('EEEPE5555E');
    expect(form10bdParts(statement)).toBe(1);
  });
});

describe('who may download it, and asking donors for their PAN', () => {
  const download = (headers: Record<string, string> = {}, query = '?fy=2026-27') => call(form10bdGet, `/api/ngos/${ngo.entity.id}/form-10bd${query}`, { id: String(ngo.entity.id) }, { headers });
  const cookie = async (userId: number) => ({ cookie: (await signedIn(db, userId)).cookie });

  it('gives the NGO’s owner and members the CSV, and anyone else a 404', async () => {
    const own = await download(await cookie(ngo.user.id));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(own.headers.get('content-disposition')).toBe('attachment; filename="form-10bd-2026-27-part-1.csv"');
    expect(String(own.body)).toContain('AAAPA1111A');
    const member = await makeUser(db, 'NGO Volunteer');
    await db.insert(memberships).values({ user_id: member.id, scope: 'entity', scope_id: ngo.entity.id, role: 'member' });
    expect((await download(await cookie(member.id))).status).toBe(200);
    const stranger = await makeUser(db, 'Someone Else');
    expect((await download(await cookie(stranger.id))).status).toBe(404);
    expect((await download()).status).toBe(401);
    expect((await download(await cookie(ngo.user.id), '?fy=2026-28')).status).toBe(422);
    expect((await download(await cookie(ngo.user.id), '?fy=2026-27&part=2')).status).toBe(404);
  });

  it('emails each donor without a PAN their receipt link, and lets no one else ask', async () => {
    const ask = async (userId: number) =>
      call(askPanPost, `/api/ngos/${ngo.entity.id}/form-10bd/ask-pan`, { id: String(ngo.entity.id) }, { method: 'POST', body: JSON.stringify({ fy: '2026-27' }), headers: { 'content-type': 'application/json', origin: 'http://localhost', ...(await cookie(userId)) } });
    const stranger = await makeUser(db, 'Nosy Person');
    expect((await ask(stranger.id)).status).toBe(404);
    const res = await ask(ngo.user.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ asked: 1 });
    const [mail] = await db.select().from(outbox).where(eq(outbox.subject, 'Add your PAN to claim 80G for your gift to Annapurna Foundation'));
    expect(mail.recipient).toBe('meera@example.com');
    expect(mail.body).toContain(`/portfolio/receipts/${guestOrderId}?receipt_token=`);
    expect(mail.body).toContain('₹700');
  });
});
