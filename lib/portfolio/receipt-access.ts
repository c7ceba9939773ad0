// Who may open a receipt, asked by the receipt page's downloads and changes as by the page itself: a signed receipt
// link opens its one order for anyone (a guest too); otherwise only the signed-in donor's own paid order. Anyone else
// gets a 404, never a hint that the order exists.
import 'server-only';
import type { DbOrTx } from '../db/client';
import { notFound } from '../http/errors';
import { receiptOf, receiptOfOrder, type Receipt } from './queries';
import { verifyReceiptToken } from './receipt-link';

/** an order id as our orders and receipt links spell it */
export const RECEIPT_ORDER_ID = /^[A-Za-z0-9_-]{4,64}$/;

export interface ReceiptReader {
  userId: number | null;
  /** the receipt link's token, when the reader came by one */
  token: string | null | undefined;
}

/** The receipt the reader may open, or a 404. */
export async function openReceipt(db: DbOrTx, orderId: string, reader: ReceiptReader): Promise<Receipt> {
  if (!RECEIPT_ORDER_ID.test(orderId)) throw notFound('Receipt not found');
  const receipt = reader.token && verifyReceiptToken(orderId, reader.token) ? await receiptOfOrder(db, orderId) : reader.userId ? await receiptOf(db, reader.userId, orderId) : null;
  if (!receipt) throw notFound('Receipt not found');
  return receipt;
}
