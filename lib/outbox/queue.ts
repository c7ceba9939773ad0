// Email and SMS leave through the outbox: written in the caller's transaction, sent later by the outbox sender.
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
}

export async function enqueueMessage(db: DbOrTx, message: OutgoingMessage): Promise<number> {
  const [row] = await db.insert(outbox).values({ channel: message.channel, recipient: message.recipient, subject: message.subject ?? null, body: message.body }).returning({ id: outbox.id });
  return row.id;
}
