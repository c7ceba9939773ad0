// Logs, metrics and web-vitals: the names and bounds they share.

/** the answer header carrying the request's id, and the incoming one believed only from a trusted proxy */
export const REQUEST_ID_HEADER = 'x-request-id';
/** an incoming id longer than this, or with characters outside [A-Za-z0-9._-], is replaced by our own */
export const REQUEST_ID_MAX_LENGTH = 128;

/** fields pino replaces with [secret] wherever they appear up to two levels down in a log line's object */
export const SECRET_LOG_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'otp', 'code', 'pan', 'card', 'cardNumber', 'cvv', 'authorization', 'cookie', 'set-cookie', 'secret', 'signature'] as const;
export const REDACTED = '[secret]';

/** seconds; a story's cached answer is about a millisecond, a gateway call up to GATEWAY_TIMEOUT_MS */
export const HTTP_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25];

/** seconds from a change announced on the cache bus to another server hearing it: milliseconds when healthy, the
 * writer's transaction time included; the top buckets show a listener that was reconnecting */
export const CACHE_BUS_LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** the web-vitals we take, and the page kinds they are grouped by (no per-visit rows, no raw URLs) */
export const WEB_VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export const WEB_VITAL_PAGE_KINDS = ['story', 'payment', 'home', 'other'] as const;
/** milliseconds for all but CLS (a unitless score): web.dev's good / poor thresholds sit on bucket edges */
export const WEB_VITAL_MS_BUCKETS = [100, 200, 500, 800, 1000, 1800, 2500, 3000, 4000, 6000, 10000, 20000];
export const WEB_VITAL_CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];
/** a page path in a beacon, at most this long (only its kind is kept) */
export const WEB_VITAL_PATH_MAX_LENGTH = 2048;
/** a value past these is a broken measurement, not a slow page */
export const WEB_VITAL_MAX_MS = 600_000;
export const WEB_VITAL_MAX_CLS = 100;
export const WEB_VITALS_PATH = '/api/vitals';
