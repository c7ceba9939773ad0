// Every limit an abuser meets, in one place: what one request may carry and how long it may take, and how often one
// address, account or fundraiser may try something (rate limits and wrong-guess limits).
import { MINUTE_MS } from '../time';

// What one request may be
/** JSON bodies larger than this are refused (413) before they are read in full; uploads have their own limit */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** arrays and objects inside one another in an input, at most this deep (the API's deepest payload has 3); deeper is a 400 */
export const JSON_INPUT_MAX_DEPTH = 32;
/**
 * a request, its headers and its whole body, must reach our server within this, else it is answered 408 and closed
 * (Node's default held a half-sent body for 5 minutes). A 10 MB picture (spec 5's cap) arrives in it over a 1.4 Mbit/s
 * phone uplink, a JSON body (1 MB at most) over 140 kbit/s
 */
export const REQUEST_BODY_TIMEOUT_MS = 60_000;
/** the headers alone within this: a browser's fit in a packet or two; sending them a byte at a time is the slow-headers attack */
export const REQUEST_HEADERS_TIMEOUT_MS = 10_000;
/** how often Node looks for requests past those times (its default, 30 s, would let one stay half a minute longer) */
export const REQUEST_TIMEOUT_CHECK_MS = 1_000;

// Signing in
export const LOGIN_LIMIT_PER_IP = { max: 30, windowMs: 15 * 60 * 1000 } as const;
export const LOGIN_LIMIT_PER_EMAIL = { max: 10, windowMs: 15 * 60 * 1000 } as const;
export const SIGNUP_LIMIT_PER_IP = { max: 10, windowMs: 60 * 60 * 1000 } as const;
export const PASSWORD_RESET_LIMIT_PER_EMAIL = { max: 3, windowMs: 60 * 60 * 1000 } as const;
/** one-time codes sent to one phone or email, and from one address */
export const ONE_TIME_CODE_LIMIT_PER_DESTINATION = { max: 5, windowMs: 60 * 60 * 1000 } as const;
export const ONE_TIME_CODE_LIMIT_PER_IP = { max: 20, windowMs: 60 * 60 * 1000 } as const;
/** wrong guesses of one code before it stops being taken */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** POST admin/verify (does this email have an account): checks per client address, no looser than sign-up's own limit */
export const EMAIL_CHECK_LIMIT_PER_IP = { max: 10, windowMs: 60 * MINUTE_MS } as const;

// Giving
export const CART_LIMIT_PER_IP = { max: 20, windowMs: 10 * 60 * 1000 } as const;
export const CART_LIMIT_PER_EMAIL = { max: 10, windowMs: 10 * 60 * 1000 } as const;
export const ORDER_LIMIT_PER_IP = { max: 30, windowMs: 10 * 60 * 1000 } as const;
/** spec 7 POST coupon: checks one address may make per window (coupon codes are guessable words) */
export const COUPON_CHECKS_PER_IP = { max: 30, windowMs: 10 * 60 * 1000 } as const;
/** policy creations, changes and premium payments per client address */
export const INSURANCE_WRITE_LIMIT_PER_IP = { max: 30, windowMs: 60 * MINUTE_MS } as const;

// A private fundraiser's PIN
/** PIN tries from one visitor for one fundraiser in the window */
export const PIN_ATTEMPTS_MAX = 5;
export const PIN_ATTEMPTS_WINDOW_MS = 15 * 60 * 1000;
/** wrong PINs for one private fundraiser, from everyone together, before it locks for the rest of the window */
export const PIN_ATTEMPTS_MAX_PER_FUNDRAISER = 30;
export const PIN_FUNDRAISER_LOCK_WINDOW_MS = 60 * 60 * 1000;

// Writing to others and storing things
export const LEAD_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
/** messages to campaigners one client address may send in the window (each lands in a stranger's inbox) */
export const CONTACT_CAMPAIGNER_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
/** lead updates one account may make in the window */
export const LEAD_UPDATE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 } as const;
/** POST push-notifications: subscriptions stored or refreshed per client address */
export const PUSH_SUBSCRIBE_LIMIT_PER_IP = { max: 30, windowMs: 60 * MINUTE_MS } as const;
/** uploads per user in the window */
export const UPLOADS_PER_HOUR = 60;
export const UPLOADS_WINDOW_MS = 60 * 60 * 1000;

// Web-vitals beacons: a page view sends one or two (on hide), so a busy visitor stays far below this
export const WEB_VITALS_LIMIT_PER_IP = { max: 60, windowMs: 10 * MINUTE_MS } as const;
