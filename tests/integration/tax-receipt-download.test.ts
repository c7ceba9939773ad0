// The 80G receipt's PDF downloads exactly where its receipt page opens: the donor's own gift, or the order a signed
// receipt link opens; anyone else gets a 404. A gift given without a PAN gets one from the same place, once.
import { eq } from 'drizzle-orm';
import { GET as pdfGet } from '@/app/api/orders/[oi]/receipt.pdf/route';
import { PUT as taxDetailsPut } from '@/app/api/orders/[oi]/tax-details/route';
import type { Db } from '@/lib/db/client';
import { carts, outbox } from '@/lib/db/schema';
import { receiptToken } from '@/lib/portfolio/receipt-link';
import { receiptOfOrder } from '@/lib/portfolio/queries';
import { call, closeDb } from '../helpers/db';
import { signedIn } from '../helpers/auth';
import { freshDb, makeGift, makeNgo, makeNgoFundraiser, makeUser } from '../factories';

let db: Db;
let fundraiserId: number;
let plainId: number;

beforeAll(async () => {
  db = await freshDb();
  const ngo = await makeNgo(db, { full_name: 'Annapurna Foundation' }, { has_80g: true, registration_80g: 'AAATA1234FF20214', registration_80g_valid_until: '2030-03-31', pan_number: 'AAATA1234F' });
  fundraiserId = (await makeNgoFundraiser(db, { taxexempted: true }, ngo)).id;
  plainId = (await makeNgoFundraiser(db, { taxexempted: false }, await makeNgo(db, { full_name: 'Plain Society' }))).id;
});
afterAll(closeDb);

const cookieOf = async (userId: number) => ({ cookie: (await signedIn(db, userId)).cookie });
const pdf = (orderId: string, query = '', headers: Record<string, string> = {}) => call(pdfGet, `/api/orders/${orderId}/receipt.pdf${query}`, { oi: orderId }, { headers });

describe('downloading an 80G receipt', () => {
  it('gives the signed-in donor the PDF of their own gift, and a guest the PDF their receipt link opens', async () => {
    const donor = await makeUser(db, 'Asha Rao');
    const { order } = await makeGift(db, fundraiserId, { userId: donor.id, cart: { pan: 'ABCPR1234K' } });
    const own = await pdf(order.order_id, '', await cookieOf(donor.id));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="80G-receipt-80G-\d{4}-\d{2}-\d{6}\.pdf"$/);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(String(own.body).startsWith('%PDF-')).toBe(true);

    const guest = await makeGift(db, fundraiserId, { cart: { pan: 'ABCPR1234K' } });
    const res = await pdf(guest.order.order_id, `?receipt_token=${encodeURIComponent(receiptToken(guest.order.order_id))}`);
    expect(res.status).toBe(200);
    expect(String(res.body).startsWith('%PDF-')).toBe(true);
  });

  it('answers 404 to anyone else: signed out, another account, a link made for another order, a tampered link', async () => {
    const donor = await makeUser(db, 'Ravi Kumar');
    const stranger = await makeUser(db, 'Someone Else');
    const { order } = await makeGift(db, fundraiserId, { userId: donor.id, cart: { pan: 'ABCPR1234K' } });
    const other = await makeGift(db, fundraiserId);
    const token = receiptToken(order.order_id);
    for (const res of [
      await pdf(order.order_id),
      await pdf(order.order_id, '', await cookieOf(stranger.id)),
      await pdf(order.order_id, `?receipt_token=${encodeURIComponent(receiptToken(other.order.order_id))}`),
      await pdf(order.order_id, `?receipt_token=${encodeURIComponent(token.slice(0, -2))}xx`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('answers 404 for a gift that earned no 80G receipt, even to its donor', async () => {
    const donor = await makeUser(db, 'Meera Iyer');
    const { order } = await makeGift(db, plainId, { userId: donor.id });
    expect((await pdf(order.order_id, '', await cookieOf(donor.id))).status).toBe(404);
  });
});

describe('adding a PAN to a gift given without one', () => {
  const put = (orderId: string, body: unknown, headers: Record<string, string> = {}) =>
    call(taxDetailsPut, `/api/orders/${orderId}/tax-details`, { oi: orderId }, { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: 'http://localhost', ...headers } });

  it('lets the receipt link’s guest add PAN and address once, and sends the receipt again', async () => {
    const { order, cart } = await makeGift(db, fundraiserId, { cart: { donor_email: 'guest.pan@example.com' } });
    expect((await receiptOfOrder(db, order.order_id))!.eighty_g).toMatchObject({ pan: null });
    const token = receiptToken(order.order_id);
    expect((await put(order.order_id, { panNumber: 'abcpr1234k', address: '4 Lake View, Pune', receipt_token: token })).status).toBe(200);
    const [saved] = await db.select().from(carts).where(eq(carts.id, cart.id));
    expect(saved).toMatchObject({ donor_pan: 'ABCPR1234K', donor_address: '4 Lake View, Pune' });
    expect((await receiptOfOrder(db, order.order_id))!.eighty_g).toMatchObject({ pan: 'ABCPR1234K' });
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'guest.pan@example.com'))).toHaveLength(2);
    // a PAN once given stays
    const again = await put(order.order_id, { panNumber: 'ZZZZZ9999Z', address: 'Elsewhere 1', receipt_token: token });
    expect(again.status).toBe(409);
    expect((await db.select().from(carts).where(eq(carts.id, cart.id)))[0].donor_pan).toBe('ABCPR1234K');
  });

  it('refuses a malformed PAN or address with the field’s message, and anyone without the link with a 404', async () => {
    const { order } = await makeGift(db, fundraiserId);
    const token = receiptToken(order.order_id);
    const bad = await put(order.order_id, { panNumber: 'ABC123', address: 'x', receipt_token: token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['address', 'panNumber']);
    expect((await put(order.order_id, { panNumber: 'ABCPR1234K', address: '4 Lake View, Pune' })).status).toBe(404);
    const stranger = await makeUser(db, 'Not The Donor');
    expect((await put(order.order_id, { panNumber: 'ABCPR1234K', address: '4 Lake View, Pune' }, await cookieOf(stranger.id))).status).toBe(404);
  });
});
