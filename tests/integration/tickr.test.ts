// Spec 7 GET tickr (country_code): the platform's latest gifts in the visitor's currency; public fundraisers
// only, first names only, anonymous donors unnamed.
import { GET as tickrRoute } from '@/app/api/tickr/route';
import { carts } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { convertMinor, currentRatesMicros } from '@/lib/currency-rates';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeOrder } from '../factories';

let db: Db;
const RUN = Date.now().toString(36).toUpperCase();
let seq = 0;

beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

async function paidGift(fundraiserId: number, name: string, anonymous = false, amount = 100_000) {
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, currency: 'INR', donated_amount_minor: amount, donated_amount_inr_minor: amount, donor_name: name, donor_email: `t${++seq}@example.com`, is_anonymous: anonymous })
    .returning();
  return makeOrder(db, { order_id: `TICKR${RUN}${seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: amount, credited_amount_minor: amount, status: 'success' });
}

it('answers the newest gifts first, converted to the country currency, first names only; private fundraisers and anonymous names stay out', async () => {
  const open = await makeFundraiser(db);
  const hidden = await makeFundraiser(db, { is_private: true });
  await paidGift(open.id, 'Asha Rao');
  await paidGift(hidden.id, 'Secret Donor');
  const last = await paidGift(open.id, 'Vikram Singh', true, 250_000);
  const r = await call(tickrRoute, '/api/tickr?country_code=gb&limit=5', {}, { method: 'GET' });
  expect(r.status).toBe(200);
  expect(r.headers.get('cache-control')).toContain('public');
  const { currency, gifts } = r.body.data;
  expect(currency).toBe('GBP');
  expect(gifts[0].id).toBe(last.id);
  expect(gifts[0].first_name).toBe('');
  const rates = await currentRatesMicros(db);
  expect(gifts[0]).toMatchObject({ currency: 'GBP', amount_minor: convertMinor(250_000, rates.INR, rates.GBP), fundraiser: { custom_tag: open.custom_tag } });
  expect(gifts[1]).toMatchObject({ first_name: 'Asha', fundraiser: { custom_tag: open.custom_tag } });
  expect(JSON.stringify(gifts)).not.toContain('Secret');
  expect(JSON.stringify(gifts)).not.toContain('Rao');
});

it('refuses a bad country code or limit with the envelope', async () => {
  const bad = await call(tickrRoute, '/api/tickr?country_code=india&limit=500', {}, { method: 'GET' });
  expect(bad.status).toBe(422);
  expect(bad.body.error.fields.country_code).toBe('Please give a two-letter country code');
  expect(bad.body.error.fields.limit).toBeTruthy();
});
