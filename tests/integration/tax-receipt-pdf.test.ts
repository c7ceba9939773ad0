// The 80G receipt PDF: rendered from a real settled gift, read back as text (poppler's pdftotext) field by field, and
// attached to the receipt email as the outbox sends it through nodemailer; the desk's sendReceipt sends it again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { eq, like } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { carts, outbox, receipts } from '@/lib/db/schema';
import { sendReceipt } from '@/lib/payments/events';
import { sendQueuedMessages, type MailTransport } from '@/lib/outbox/sender';
import { taxReceiptFile } from '@/lib/tax/receipt-file';
import { RECEIPT_PDF_WORDS } from '@/lib/tax/receipt-pdf';
import { closeDb } from '../helpers/db';
import { freshDb, makeGift, makeNgo, makeNgoFundraiser, settleOrder } from '../factories';

let db: Db;
let fundraiserId: number;

beforeAll(async () => {
  db = await freshDb();
  const ngo = await makeNgo(db, { full_name: 'Annapurna Foundation' }, { has_80g: true, registration_80g: 'AAATA1234FF20214', registration_80g_valid_until: '2030-03-31', pan_number: 'AAATA1234F', address: '12 MG Road, Indiranagar', city: 'Bengaluru' });
  fundraiserId = (await makeNgoFundraiser(db, { taxexempted: true }, ngo)).id;
});
afterAll(closeDb);

/** The PDF's text as poppler reads it, lines joined by single spaces. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-')), 'r.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function giftWith(cart: Record<string, string>, address: string | null, amount = 125000) {
  const { order, cart: c } = await makeGift(db, fundraiserId, { cart: { donated_amount: amount, donor_name: 'Asha Rao', ...cart }, status: 'created' });
  if (address) await db.update(carts).set({ donor_address: address }).where(eq(carts.id, c.id));
  return settleOrder(db, order);
}

describe('the 80G receipt PDF', () => {
  it('states the NGO, the donor, the amount in figures and words, the date, mode and transaction, and that Form 10BE follows', async () => {
    const order = await giftWith({ pan: 'ABCPR1234K', donor_city: 'Pune', donor_pincode: '411001' }, '4 Lake View, Koregaon Park');
    const [receipt] = await db.select().from(receipts).where(eq(receipts.order_id, order.id));
    const file = (await taxReceiptFile(db, order.order_id))!;
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toBe(`80G-receipt-${receipt.number.replace(/\//g, '-')}.pdf`);
    expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.content);
    const day = order.settled_at!.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
    for (const expected of [
      'Annapurna Foundation',
      '12 MG Road, Indiranagar, Bengaluru',
      'PAN: AAATA1234F',
      '80G registration: AAATA1234FF20214 (valid until 31 March 2030)',
      RECEIPT_PDF_WORDS.title,
      `Receipt number ${receipt.number}`,
      `Date ${day}`,
      'Received from Asha Rao',
      'Donor address 4 Lake View, Koregaon Park, Pune, 411001',
      'Donor PAN ABCPR1234K',
      'Amount ₹1,25,000',
      'Amount in words Rupees One Lakh Twenty-Five Thousand Only',
      'Mode of payment UPI app',
      `Transaction ID ${order.gateway_payment_id}`,
      `Donation reference ${order.order_id}`,
      'Form 10BE',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('No 80G claim');
  });

  it('says no 80G claim is possible when the donor gave no PAN', async () => {
    const order = await giftWith({}, null, 2500);
    const text = pdfText((await taxReceiptFile(db, order.order_id))!.content);
    expect(text).toContain('Donor PAN Not given');
    expect(text).toContain('No 80G claim is possible for this donation');
    expect(text).toContain('Rupees Two Thousand Five Hundred Only');
    expect(text).not.toContain('Form 10BE then follows');
    // and so does the receipt email, which still carries the numbered PDF
    const [mail] = await db.select().from(outbox).where(like(outbox.body, `%${order.order_id}%`));
    expect(mail.body).toContain('so no 80G claim is possible yet');
    expect(mail.body).toContain('Not eligible for 80G');
    expect(mail.attachments).toEqual([{ kind: expect.any(String), key: order.order_id }]);
  });

  it('is no file for a gift that earned no 80G receipt', async () => {
    const plain = await makeNgoFundraiser(db, { taxexempted: false }, await makeNgo(db, { full_name: 'Plain Society' }));
    const { order } = await makeGift(db, plain.id);
    expect(await taxReceiptFile(db, order.order_id)).toBeNull();
  });

  it('travels with the receipt email as a PDF attachment, and the desk’s sendReceipt sends it again', async () => {
    const order = await giftWith({ pan: 'ABCPR1234K', donor_email: 'asha.rao@example.com' }, '4 Lake View');
    const [receipt] = await db.select().from(receipts).where(eq(receipts.order_id, order.id));
    const queued = await db.select().from(outbox).where(eq(outbox.recipient, 'asha.rao@example.com'));
    expect(queued).toHaveLength(1);
    expect(queued[0].body).toContain(receipt.number);

    const sent: Buffer[] = [];
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const transport: MailTransport = { sendMail: async (m) => sent.push((await stream.sendMail(m)).message as Buffer) };
    // only this donor's mail: other tests' receipts are queued in the same database
    await db.update(outbox).set({ status: 'held' }).where(eq(outbox.status, 'queued'));
    await db.update(outbox).set({ status: 'queued' }).where(eq(outbox.id, queued[0].id));
    expect(await sendQueuedMessages(db, { email: transport })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mime = sent[0].toString();
    expect(mime).toContain('Content-Type: application/pdf');
    expect(mime).toContain(`filename=80G-receipt-${receipt.number.replace(/\//g, '-')}.pdf`);

    expect(await sendReceipt(db, order.order_id)).toBe(true);
    const again = await db.select().from(outbox).where(eq(outbox.recipient, 'asha.rao@example.com')).orderBy(outbox.id);
    expect(again).toHaveLength(2);
    expect(again[1].attachments).toEqual(again[0].attachments);
    expect(again[1].body).toContain(receipt.number);
    expect(await sendReceipt(db, 'NO-SUCH-ORDER')).toBe(false);
  });
});
