// The payment form's 80G section: the cart takes the donor's PAN (panNumber, or pan) and postal address for a rupee
// gift to a fundraiser whose NGO holds 80G, keeps neither where no 80G receipt follows, and a signed-in donor's form
// is filled from their account.
import { eq } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import type { Db } from '@/lib/db/client';
import { carts } from '@/lib/db/schema';
import { donorDetails } from '@/lib/donations/donor-details';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeNgo, makeNgoFundraiser, makeUser } from '../factories';

let db: Db;
let eightyG: number;
let plain: number;

beforeAll(async () => {
  db = await freshDb();
  // not marked tax-exempt itself: its NGO's 80G registration is what earns the receipt
  eightyG = (await makeNgoFundraiser(db, { taxexempted: false }, await makeNgo(db, { full_name: 'Annapurna Foundation' }, { has_80g: true, registration_80g: 'AAATA1234FF20214', registration_80g_valid_until: '2030-03-31' }))).id;
  plain = (await makeNgoFundraiser(db, { taxexempted: false }, await makeNgo(db, { full_name: 'Plain Society' }))).id;
});
afterAll(closeDb);

const post = (fundraiserId: number, body: Record<string, unknown>) =>
  call(cartRoute, '/x', { id: String(fundraiserId) }, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({ donated_amount: 700, currency: 'INR', donor_name: 'Asha Rao', donor_email: 'asha@example.com', donor_phone: '9876543210', donor_extension: '+91', is_anonymous: '0', tip_amount: 0, ...body }),
  });
const cartOf = async (id: number) => (await db.select().from(carts).where(eq(carts.id, id)))[0];

describe('the cart’s PAN and address', () => {
  it('keeps panNumber and the address for a rupee gift to an 80G NGO’s fundraiser', async () => {
    const res = await post(eightyG, { panNumber: 'abcpr1234k', donor_address: '4 Lake View, Koregaon Park, Pune' });
    expect(res.status).toBe(201);
    expect(await cartOf(res.body.data.id)).toMatchObject({ donor_pan: 'ABCPR1234K', donor_address: '4 Lake View, Koregaon Park, Pune' });
  });

  it('keeps neither for a fundraiser without 80G, nor for a gift in another currency', async () => {
    const noTax = await post(plain, { panNumber: 'ABCPR1234K', donor_address: '4 Lake View, Pune' });
    expect(await cartOf(noTax.body.data.id)).toMatchObject({ donor_pan: null, donor_address: null });
    const dollars = await post(eightyG, { currency: 'USD', donated_amount: 25, panNumber: 'ABCPR1234K', donor_address: '4 Lake View, Pune', citizenship: 'indian' });
    expect(dollars.status).toBe(201);
    expect(await cartOf(dollars.body.data.id)).toMatchObject({ donor_pan: null, donor_address: null });
  });

  it('takes the gift without them, and refuses a malformed PAN or address with the field’s message', async () => {
    const none = await post(eightyG, {});
    expect(none.status).toBe(201);
    expect(await cartOf(none.body.data.id)).toMatchObject({ donor_pan: null, donor_address: null });
    const bad = await post(eightyG, { panNumber: 'ABCD1234', donor_address: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ panNumber: 'Please enter a valid PAN', donor_address: 'Please enter your postal address' });
  });

  it('fills a signed-in donor’s PAN and address from their account, and leaves a malformed PAN out', async () => {
    const donor = await makeUser(db, { full_name: 'Asha Rao', pan_number: 'ABCPR1234K', address_1: '4 Lake View, Pune' });
    expect(await donorDetails(db, donor.id)).toMatchObject({ pan: 'ABCPR1234K', address: '4 Lake View, Pune' });
    const odd = await makeUser(db, { full_name: 'Ravi Kumar', pan_number: 'NOT-A-PAN' });
    expect(await donorDetails(db, odd.id)).toMatchObject({ pan: null, address: null });
  });
});
