// An order's 80G receipt as a file: what the receipt email attaches and the receipt page downloads.
import type { DbOrTx } from '../db/client';
import type { MailAttachment } from '../outbox/attachments';
import { taxReceiptDocument } from './receipt-document';
import { renderTaxReceiptPdf, taxReceiptFileName } from './receipt-pdf';

/** The PDF of an order's 80G receipt, or null when the gift was given none. */
export async function taxReceiptFile(db: DbOrTx, orderId: string): Promise<MailAttachment | null> {
  const document = await taxReceiptDocument(db, orderId);
  if (!document) return null;
  return { filename: taxReceiptFileName(document.number), content: await renderTaxReceiptPdf(document), contentType: 'application/pdf' };
}
