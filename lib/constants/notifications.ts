// Web Push notifications (spec 7 POST push-notifications): who we send to and how much. Subscriptions per address:
// lib/constants/security/limits.ts.

/** a Web Push endpoint URL is at most this long (browsers' are under 500 characters) */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** the push services browsers subscribe with (Chrome, Edge, Firefox, Safari): we only ever send to these hosts */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const;
/** how long a push service keeps a message for an offline browser */
export const PUSH_TTL_S = 24 * 60 * 60;
/** how long we wait for a push service to take one message */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** a push message's JSON before encryption: one aes128gcm record (4096 bytes) less its overhead, with room to spare */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
/** the browser's user agent kept with its subscription, cut to this length */
export const PUSH_USER_AGENT_MAX = 300;
