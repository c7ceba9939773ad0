// A donor who gave without a PAN adds it (and their address) to the gift from its receipt page, so the NGO can report
// the gift in Form 10BD and the donor gets the deduction. Only a missing PAN is added: one already given stays.
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, orders } from '../db/schema';
import { conflict } from '../http/errors';
import { openReceipt, type ReceiptReader } from '../portfolio/receipt-access';
import { sendReceipt } from '../payments/events';

export const PAN_ALREADY_GIVEN = 'This donation already has a PAN';
export const NO_80G_RECEIPT = 'This donation has no 80G receipt';

/** Adds them and sends the receipt email again, its PDF now a receipt the donor can claim with. */
export async function addGiftTaxDetails(db: Db, orderId: string, reader: ReceiptReader, details: { panNumber: string; address: string }): Promise<void> {
  const receipt = await openReceipt(db, orderId, reader);
  if (!receipt.eighty_g) throw conflict(NO_80G_RECEIPT);
  const cartOfOrder = sql`(select ${orders.cart_id} from ${orders} where ${orders.order_id} = ${orderId})`;
  const [changed] = await db
    .update(carts)
    .set({ donor_pan: details.panNumber, donor_address: details.address })
    .where(and(sql`${carts.id} = ${cartOfOrder}`, isNull(carts.donor_pan)))
    .returning({ id: carts.id });
  if (!changed) throw conflict(PAN_ALREADY_GIVEN);
  await sendReceipt(db, orderId);
}

