// The outbox sender: queued email goes out through SMTP (nodemailer). A sender claims one message at a
// time (status 'sending', skip-locked), so two servers draining together never send one message twice;
// a claim left by a sender that died is taken again after a while. A channel with no transport stays queued.
import { and, asc, eq, inArray, lt, notInArray, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { env, type Env } from '../env';
import { httpSmsTransport, type SmsTransport } from './sms';
import { renderAttachments, storedAttachmentRefs, type MailAttachment } from './attachments';
import { OUTBOX_CLAIM_TIMEOUT_MS, OUTBOX_ERROR_MAX_LENGTH, OUTBOX_MAX_ATTEMPTS, OUTBOX_SEND_BATCH, SMTP_TIMEOUT_MS } from '../constants/outbox';

/** What the sender needs of a mail transport; nodemailer's transporter is one. */
export interface MailTransport {
  /** with html, nodemailer sends multipart/alternative: the text part first, the HTML part preferred */
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] }): Promise<unknown>;
}

/** What the outbox can send through: email, SMS, or both. */
export interface OutboxTransports {
  email?: MailTransport;
  sms?: SmsTransport;
}

/** The transports the configuration names (SMTP_URL, SMS_API_URL + SMS_API_KEY), or null when none. */
export function configuredTransports(e: Env = env()): OutboxTransports | null {
  const transports: OutboxTransports = {};
  if (e.SMTP_URL) transports.email = smtpTransport(e.SMTP_URL);
  if (e.SMS_API_URL && e.SMS_API_KEY) transports.sms = httpSmsTransport(e.SMS_API_URL, e.SMS_API_KEY, e.SMS_SENDER_ID);
  return transports.email || transports.sms ? transports : null;
}

export interface OutboxPass {
  sent: number;
  /** refused this time, queued again for the next pass */
  retrying: number;
  /** refused for the last allowed time: status 'failed' */
  failed: number;
}

/** An SMTP transport for SMTP_URL, with timeouts so a silent server cannot hold a pass for long. */
export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport({ url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS });
}

// an SMTP reply (e.g. 550 for one mailbox) concerns one message; no reply at all means the server is unreachable
const serverUnreachable = (error: unknown) => typeof (error as { responseCode?: unknown }).responseCode !== 'number';

/**
 * One pass over the queued email, oldest first: sends each through the transport, marks it sent, or counts
 * the attempt and keeps the error, giving up after OUTBOX_MAX_ATTEMPTS. A message is tried once per pass.
 */
export async function sendQueuedMessages(db: Db, transports: OutboxTransports, opts: { limit?: number; from?: string } = {}): Promise<OutboxPass> {
  const limit = opts.limit ?? OUTBOX_SEND_BATCH;
  const from = opts.from ?? env().SMTP_FROM;
  const pass: OutboxPass = { sent: 0, retrying: 0, failed: 0 };
  const tried: number[] = [];
  const channels = (['email', 'sms'] as const).filter((c) => transports[c]);
  while (channels.length && tried.length < limit) {
    const message = await claimNextMessage(db, tried, [...channels]);
    if (!message) break;
    tried.push(message.id);
    const attempts = message.attempts + 1;
    // no transaction is open while SMTP talks: on the embedded database one would stall every request
    try {
      if (message.channel === 'sms') await transports.sms!.sendSms({ to: message.recipient, text: message.body });
      else {
        const html = message.html;
        const attachments = await renderAttachments(db, storedAttachmentRefs(message.attachments));
        await transports.email!.sendMail({ from, to: message.recipient, subject: message.subject ?? '', text: message.body, ...(html ? { html } : {}), ...(attachments.length ? { attachments } : {}) });
      }
      await db.update(outbox).set({ status: 'sent', attempts, last_error: null, sent_at: new Date(), claimed_at: null }).where(eq(outbox.id, message.id));
      pass.sent += 1;
    } catch (error) {
      const givenUp = attempts >= OUTBOX_MAX_ATTEMPTS;
      const text = (error instanceof Error ? error.message : String(error)).slice(0, OUTBOX_ERROR_MAX_LENGTH);
      await db.update(outbox).set({ status: givenUp ? 'failed' : 'queued', attempts, last_error: text, claimed_at: null }).where(eq(outbox.id, message.id));
      pass[givenUp ? 'failed' : 'retrying'] += 1;
      // the rest would wait for the same timeout: leave them for the next pass
      if (serverUnreachable(error)) break;
    }
  }
  return pass;
}

/** Takes the oldest sendable message for this sender in one statement; other senders skip it from then on. */
async function claimNextMessage(db: Db, tried: number[], channels: ('email' | 'sms')[]): Promise<typeof outbox.$inferSelect | null> {
  const staleBefore = new Date(Date.now() - OUTBOX_CLAIM_TIMEOUT_MS);
  const next = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.channel, channels),
        or(eq(outbox.status, 'queued'), and(eq(outbox.status, 'sending'), lt(outbox.claimed_at, staleBefore))),
        tried.length ? notInArray(outbox.id, tried) : undefined,
      ),
    )
    .orderBy(asc(outbox.created_at), asc(outbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db.update(outbox).set({ status: 'sending', claimed_at: new Date() }).where(inArray(outbox.id, next)).returning();
  return claimed ?? null;
}

/**
 * Drains the outbox every intervalMs in the background of a server. The timer never keeps the process
 * alive, passes never overlap, and a failing pass is reported, never thrown.
 */
export function startOutboxDrain(opts: { db: () => Promise<Db>; transports: OutboxTransports; intervalMs: number; onError: (error: unknown) => void; onPass?: (pass: OutboxPass) => void }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    opts
      .db()
      .then((db) => sendQueuedMessages(db, opts.transports))
      .then((pass) => opts.onPass?.(pass))
      .catch(opts.onError)
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
