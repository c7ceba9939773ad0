// Email and SMS leave through the outbox: written in the caller's transaction, sent later by the outbox sender.
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import { plainEmailHtml } from '../email/plain';
import type { AttachmentRef } from './attachments';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  /** an SMS's text, or an email's plain-text part */
  body: string;
  /** an email's HTML part from the template set (lib/email); without one the body is laid out as a plain email */
  html?: string;
  /** the language of a plain email (its direction) */
  locale?: string;
  /** files the email carries, rendered when it is sent (an 80G receipt's PDF) */
  attachments?: AttachmentRef[];
}

export async function enqueueMessage(db: DbOrTx, message: OutgoingMessage): Promise<number> {
  // every email goes out as text and HTML (multipart/alternative), laid out by the one template set
  const html = message.channel === 'email' ? (message.html ?? (await plainEmailHtml(message))) : null;
  const attachments = message.channel === 'email' && message.attachments?.length ? message.attachments : null;
  const [row] = await db.insert(outbox).values({ channel: message.channel, recipient: message.recipient, subject: message.subject ?? null, body: message.body, html, attachments }).returning({ id: outbox.id });
  return row.id;
}
