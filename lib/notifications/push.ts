// Web Push (spec 7 push notifications): messages to the browsers people subscribed, signed with our VAPID key pair
// and encrypted for each browser (RFC 8291/8292) by the web-push library. Nothing is sent until VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY are set. A push service answering 404 or 410 has dropped the subscription: it is marked gone and
// never sent to again.
import 'server-only';
import webpush from 'web-push';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { env, type Env } from '../env';
import { isLoopbackHttp } from '../auth/social/client';
import { reportError } from '../observability/report';
import { isPushServiceHost } from '../validation/account-utilities';
import { PUSH_PAYLOAD_MAX_BYTES, PUSH_SEND_TIMEOUT_MS, PUSH_TTL_S } from '../constants/notifications';

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** who the push services may contact about our messages (mailto: or https:) */
  subject: string;
}

/** Our VAPID details, or null when push is not configured (then nothing is sent and no browser is offered a key). */
export function vapidConfig(e: Env = env()): VapidConfig | null {
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) return null;
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? `mailto:${e.TEAM_INBOX}` };
}

/** What the service worker shows: a title, a line of text, and the page of ours a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url?: string;
  /** a later message with the same tag replaces the earlier one on the device */
  tag?: string;
}

/** sent: the push service took it; gone: the subscription is dead (marked); failed: try another time; skipped: not sent. */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'skipped';

type StoredSubscription = Pick<typeof pushSubscriptions.$inferSelect, 'id' | 'endpoint' | 'p256dh' | 'auth' | 'gone_at'>;

/** Only a push service's own https host, or a stand-in on this machine (tests, local demos), is ever sent a request. */
function mayPostTo(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    return (url.protocol === 'https:' && isPushServiceHost(url.hostname)) || isLoopbackHttp(endpoint);
  } catch {
    return false;
  }
}

/** Marks a subscription the push service dropped: it is never sent to again (a browser subscribing again revives it). */
async function markGone(db: DbOrTx, id: number, now = new Date()): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ gone_at: now, updated_at: now })
    .where(and(eq(pushSubscriptions.id, id), isNull(pushSubscriptions.gone_at)));
}

/** Sends one message to one stored subscription. */
export async function sendPush(db: DbOrTx, subscription: StoredSubscription, message: PushMessage, opts: { timeoutMs?: number } = {}): Promise<PushOutcome> {
  const vapid = vapidConfig();
  if (!vapid || subscription.gone_at || !mayPostTo(subscription.endpoint)) return 'skipped';
  const payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > PUSH_PAYLOAD_MAX_BYTES) throw new Error(`A push message is at most ${PUSH_PAYLOAD_MAX_BYTES} bytes of JSON`);
  // web-push signs (VAPID JWT for the endpoint's origin) and encrypts (aes128gcm); the request itself goes out
  // through fetch, so it has a timeout and never follows a redirect to a host the push service names
  const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
    vapidDetails: vapid,
    TTL: PUSH_TTL_S,
    contentEncoding: 'aes128gcm',
  });
  const headers = Object.fromEntries(Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? PUSH_SEND_TIMEOUT_MS),
    });
  } catch (error) {
    void reportError(error, { pushSubscriptionId: subscription.id });
    return 'failed';
  }
  await response.body?.cancel();
  // RFC 8030: 404 and 410 mean the subscription has expired or was removed
  if (response.status === 404 || response.status === 410) {
    await markGone(db, subscription.id);
    return 'gone';
  }
  if (response.ok) return 'sent';
  void reportError(new Error(`The push service answered ${response.status}`), { pushSubscriptionId: subscription.id });
  return 'failed';
}

/** Sends one message to every live subscription of a user; how many were sent, gone and failed. */
export async function notifyUserByPush(db: DbOrTx, userId: number, message: PushMessage): Promise<Record<PushOutcome, number>> {
  const tally: Record<PushOutcome, number> = { sent: 0, gone: 0, failed: 0, skipped: 0 };
  if (!vapidConfig()) return tally;
  const live = await db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, gone_at: pushSubscriptions.gone_at })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), isNull(pushSubscriptions.gone_at)));
  // one person has a few browsers at most: one after another keeps the push services' rate limits happy
  for (const subscription of live) tally[await sendPush(db, subscription, message)] += 1;
  return tally;
}
