// A signed-in donor's details as the payment form fills them in, from their own account only.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { NameSchema, PhoneSchema } from '../validation/people';
import { PAN_PATTERN } from '../constants/tax';

export interface DonorDetails {
  name: string;
  email: string;
  extension: string | null;
  phone: string | null;
  pincode: string | null;
  /** for an 80G receipt: the account's PAN (when well formed) and postal address */
  pan: string | null;
  address: string | null;
}

/**
 * The account's name, email, phone, pincode, PAN and address for the payment form. A placeholder email (spec 3 isDummyEmail, a
 * social or wallet sign-in without one) is left for the donor to give; a name or phone the form would refuse is too.
 */
export async function donorDetails(db: Db, userId: number): Promise<DonorDetails | null> {
  const [u] = await db.select({ name: users.full_name, email: users.email, dummy: users.is_dummy_email, extension: users.extension, phone: users.phone_1, pincode: users.pincode, pan: users.pan_number, address: users.address_1 }).from(users).where(eq(users.id, userId));
  if (!u) return null;
  const phone = u.phone ? PhoneSchema.safeParse(u.phone) : null;
  return {
    name: NameSchema.safeParse(u.name).success ? u.name : '',
    email: u.dummy ? '' : u.email,
    extension: u.extension || null,
    phone: phone?.success ? phone.data : null,
    pincode: u.pincode || null,
    pan: u.pan && PAN_PATTERN.test(u.pan) ? u.pan : null,
    address: u.address?.trim() || null,
  };
}
