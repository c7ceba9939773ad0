// What an 80G receipt states, read in one place for the PDF, the receipt email and the desk: the NGO (name, address,
// PAN, 80G registration and validity), the donor (name, address, PAN), the gift (amount, date, mode, transaction id).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { carts, entityDetails, orders, receipts, users } from '../db/schema';
import { PAN_PATTERN } from '../constants/tax';

export interface TaxReceiptDocument {
  number: string;
  financialYear: string;
  orderId: string;
  ngo: { name: string; address: string | null; pan: string | null; registration80g: string | null; validUntil: string | null };
  /** the PAN is null when the donor gave none (then no 80G claim is possible) */
  donor: { name: string; address: string | null; pan: string | null };
  /** the gift to the NGO in paise (the tip to the platform is not the NGO's and not deductible) */
  amountMinor: number;
  paidAt: Date;
  paymentMode: string;
  transactionId: string | null;
}

const joinAddress = (...parts: (string | null | undefined)[]) => parts.map((p) => p?.trim()).filter(Boolean).join(', ') || null;

/** The 80G receipt of an order (by its public id), or null when the gift was given none. */
export async function taxReceiptDocument(db: DbOrTx, orderId: string): Promise<TaxReceiptDocument | null> {
  const [row] = await db
    .select({ r: receipts, o: orders, cart: carts, ngo: entityDetails })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.order_id))
    .innerJoin(entityDetails, eq(entityDetails.id, receipts.entity_details_id))
    .leftJoin(carts, eq(carts.id, orders.cart_id))
    .where(eq(orders.order_id, orderId));
  if (!row) return null;
  const { r, o, cart, ngo } = row;
  // a SIP month has no cart: its donor is the subscriber's account
  const [account] = !cart && o.user_id ? await db.select({ name: users.full_name, address: users.address_1, pincode: users.pincode, pan: users.pan_number }).from(users).where(eq(users.id, o.user_id)) : [];
  const donor = cart
    ? { name: cart.donor_name, address: joinAddress(cart.donor_address, cart.donor_city, cart.donor_pincode), pan: cart.donor_pan }
    : { name: account?.name ?? '', address: joinAddress(account?.address, account?.pincode), pan: account?.pan ?? null };
  return {
    number: r.number,
    financialYear: r.financial_year,
    orderId: o.order_id,
    ngo: { name: ngo.name, address: joinAddress(ngo.address, ngo.city), pan: ngo.pan_number, registration80g: ngo.registration_80g ?? ngo.registration_number, validUntil: ngo.registration_80g_valid_until },
    donor: { ...donor, pan: donor.pan && PAN_PATTERN.test(donor.pan) ? donor.pan : null },
    amountMinor: o.donated_amount_minor,
    paidAt: o.settled_at ?? r.issued_at,
    paymentMode: o.payment_mode,
    transactionId: o.gateway_payment_id,
  };
}
