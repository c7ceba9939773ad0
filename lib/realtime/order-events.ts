// spec 4 realtime: when Pusher is configured, a settled payment is pushed on the order's channel so the
// waiting page (UPI QR, UPI ID) reacts at once; without it, those pages poll every 5 s.
import Pusher from 'pusher';
import { env } from '../env';
import { ORDER_CHANNEL_PREFIX, orderChannel, PAYMENT_RESULT_EVENT } from './channels';

export { orderChannel, PAYMENT_RESULT_EVENT };

let client: Pusher | null | undefined;

function pusher(): Pusher | null {
  if (client !== undefined) return client;
  const e = env();
  if (!e.PUSHER_APP_ID || !e.PUSHER_KEY || !e.PUSHER_SECRET) return (client = null);
  const base = { appId: e.PUSHER_APP_ID, key: e.PUSHER_KEY, secret: e.PUSHER_SECRET };
  // PUSHER_HOST points at a self-hosted Channels-compatible server (and at the tests' local receiver)
  client = e.PUSHER_HOST
    ? new Pusher({ ...base, host: new URL(e.PUSHER_HOST).hostname, port: new URL(e.PUSHER_HOST).port, useTLS: new URL(e.PUSHER_HOST).protocol === 'https:' })
    : new Pusher({ ...base, cluster: e.PUSHER_CLUSTER, useTLS: true });
  return client;
}

/** Whether a payment result has anywhere to be pushed (settling skips working one out when not). */
export const pushesPaymentResults = (): boolean => pusher() !== null;

/** Tests change the configuration between cases. */
export function resetPusherForTests(): void {
  client = undefined;
}

export async function pushPaymentResult(orderId: string, result: { status: string; redirect: string | null }): Promise<void> {
  const p = pusher();
  if (!p) return;
  try {
    await p.trigger(orderChannel(orderId), PAYMENT_RESULT_EVENT, result);
  } catch {
    // the page still polls: a lost push only costs the donor a few seconds
  }
}

/** The order a private order channel is for; null for any other channel name. */
export const orderIdOfChannel = (channel: string): string | null => (channel.startsWith(ORDER_CHANNEL_PREFIX) ? channel.slice(ORDER_CHANNEL_PREFIX.length) : null);

/** Pusher's signature letting this connection (socket) subscribe to the private channel; null when Pusher is not configured. */
export function authorizeOrderChannel(socketId: string, channel: string): { auth: string } | null {
  const p = pusher();
  return p ? p.authorizeChannel(socketId, channel) : null;
}
