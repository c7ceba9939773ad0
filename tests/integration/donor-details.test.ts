// A signed-in donor's payment form is filled in from their own account (lib/donations/donor-details.ts),
// and only what the form would take: a placeholder email or a number the form refuses is left for the donor to give.
import { eq } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { donorDetails } from '@/lib/donations/donor-details';
import { freshDb, makeUser } from '../factories';
import { closeDb } from '../helpers/db';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

it("fills in the account's name, email, phone, dialling code and pincode", async () => {
  const u = await makeUser(db, 'Kavya Menon');
  await db.update(users).set({ phone_1: '+91 97123 45678', extension: '+91', pincode: '400012', pan_number: 'ABCPM1234K', address_1: '12 Marine Drive, Mumbai' }).where(eq(users.id, u.id));
  // the PAN and address too: an 80G receipt's section is filled from them
  expect(await donorDetails(db, u.id)).toEqual({ name: 'Kavya Menon', email: u.email, extension: '+91', phone: '9712345678', pincode: '400012', pan: 'ABCPM1234K', address: '12 Marine Drive, Mumbai' });
});

it('leaves a placeholder email, a refused name and a refused number empty', async () => {
  const u = await makeUser(db, 'Ravi Kumar');
  await db.update(users).set({ full_name: 'R@vi 123', is_dummy_email: true, phone_1: '12', extension: null, pincode: null }).where(eq(users.id, u.id));
  expect(await donorDetails(db, u.id)).toEqual({ name: '', email: '', extension: null, phone: null, pincode: null, pan: null, address: null });
});

it('answers nothing for an account that does not exist', async () => {
  expect(await donorDetails(db, 2_000_000_000)).toBeNull();
});
