// Email and SMS leave through the outbox table: sent through SMTP_URL and an SMS provider, or read at /dev/outbox.
// How often a server drains it: lib/constants/jobs.ts.

/** a message is given up (status 'failed') after this many refused sends */
export const OUTBOX_MAX_ATTEMPTS = 5;
export const OUTBOX_SEND_BATCH = 50;
/** a message claimed this long ago by a sender that never finished is sent again */
export const OUTBOX_CLAIM_TIMEOUT_MS = 10 * 60 * 1000;
export const OUTBOX_ERROR_MAX_LENGTH = 500;
/** an SMTP server that does not answer within this time counts as a failed attempt */
export const SMTP_TIMEOUT_MS = 10_000;
export const SMS_TIMEOUT_MS = 10_000;
/** spec 5 keeps 10 digits of a phone; India is the default country when sending SMS */
export const SMS_DEFAULT_COUNTRY_CODE = '+91';
/** the email layout's column, the width every mail client shows whole */
export const EMAIL_MAX_WIDTH_PX = 600;
/** newest messages listed at /dev/outbox */
export const DEV_OUTBOX_LIST_LIMIT = 100;
