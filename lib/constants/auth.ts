// Signing in and staying signed in: the session, one-time codes, passwords, the page guards and social sign-in
// (spec 5, 6, 7, 9). The sign-in panel's browser code reads this file: it imports only lib/constants/time.ts.
// How often anyone may try (codes, logins, sign-ups): lib/constants/security/limits.ts.
import { DAY_MS } from './time';

// spec 9: the session cookie, and API tokens that last as long
export const AUTH_COOKIE_NAME = 'u_auth';
export const AUTH_COOKIE_DAYS = 365;
export const API_TOKEN_DAYS = AUTH_COOKIE_DAYS;
/** recently unsealed u_auth cookies kept in memory (the token is still checked in the database each time) */
export const UNSEALED_SESSION_CACHE_MAX = 5_000;
export const UNSEALED_SESSION_CACHE_MS = 60_000;

// spec 7: one-time codes by SMS or email
export const ONE_TIME_CODE_DIGITS = 6;
export const ONE_TIME_CODE_TTL_MS = 10 * 60 * 1000;
/** a new code to the same phone or email only after this wait (the sign-in form counts it down) */
export const ONE_TIME_CODE_RESEND_AFTER_MS = 30 * 1000;
/** a verified phone or email may finish sign-up (verify/details) within this time */
export const VERIFIED_CONTACT_TTL_MS = 15 * 60 * 1000;

// spec 5: passwords and links that sign in
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const AUTOLOGIN_LINK_TTL_MS = 7 * DAY_MS;

// spec 6: the guards in front of signed-in pages
/** the cookie that tells the guards this browser's signed-in person has an active SIP */
export const SIP_HINT_COOKIE = 'sip_state';
/** spec 6: this utm value (telecalling agents) skips the SIP guard */
export const SIP_GUARD_EXEMPT_UTM = 'internal_impact_calling';
/** spec 6: the login redirect after a field-sales signup waits this long */
export const FOS_SIGNUP_REDIRECT_DELAY_MS = 1000;

// Social sign-in: Google, Facebook, Google One Tap, Truecaller and the Paytm wallet
/** sealed cookie carrying state, PKCE verifier, nonce and redirect_uri from the start route to the callback */
export const SOCIAL_FLOW_COOKIE = 'social_flow';
/** a sign-in at Google or Facebook must come back within this time */
export const SOCIAL_FLOW_TTL_S = 10 * 60;
/** the sign-in page shows a "could not sign you in" message for this ?error= value */
export const SOCIAL_FAILED_ERROR = 'social_failed';
/** provider metadata (discovery document, signing keys) is fetched again after this long */
export const SOCIAL_DISCOVERY_CACHE_MS = 60 * 60 * 1000;
/** a provider or wallet that does not answer within this time fails the sign-in */
export const SOCIAL_PROVIDER_TIMEOUT_MS = 10_000;
export const GOOGLE_ONE_TAP_SCRIPT = 'https://accounts.google.com/gsi/client';
/** clock skew allowed when checking a Google One Tap ID token's expiry */
export const ONE_TAP_CLOCK_TOLERANCE_S = 5;
/** Google's double-submit CSRF cookie and form field for One Tap posts */
export const ONE_TAP_CSRF_COOKIE = 'g_csrf_token';
export const TRUECALLER_NONCE_COOKIE = 'tc_nonce';
export const TRUECALLER_NONCE_TTL_S = 10 * 60;
/** a signed caller-verification profile older than this is refused (replay) */
export const TRUECALLER_PAYLOAD_MAX_AGE_MS = 10 * 60 * 1000;
/** a profile stamped this far in the future is refused (clock skew allowance) */
export const TRUECALLER_FUTURE_SKEW_MS = 60 * 1000;
/** GET paytm/login-code: the signed state of a wallet login, and the cookie that ties it to this browser, last this long */
export const PAYTM_LOGIN_STATE_TTL_S = 10 * 60;
export const PAYTM_LOGIN_COOKIE = 'paytm_login';
/** the scope our wallet client asks for, as in its token exchange (lib/auth/social/paytm.ts) */
export const PAYTM_LOGIN_SCOPE = 'paytm';

/** spec 3: sign-up and login carry the captcha's response under reCAPTCHA's field name */
export const SIGN_IN_CAPTCHA_FIELD = 'g-recaptcha-response';
