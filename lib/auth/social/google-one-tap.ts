// spec 7 callback/googleonetap: Google One Tap hands the page a Google ID token (`credential`). We
// verify it ourselves against Google's published keys (signature, issuer, audience = our client id,
// expiry, verified email) before it may name anyone.
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { DbOrTx } from '../../db/client';
import { ONE_TAP_CLOCK_TOLERANCE_S, ONE_TAP_CSRF_COOKIE, SOCIAL_PROVIDER_TIMEOUT_MS } from '../../constants/auth';
import { ApiError, notFound } from '../../http/errors';
import { cookieValue } from '../../http/cookies';
import { assertSameOrigin } from '../../http/origin';
import { parseJsonBody } from '../../http/validation';
import { userForIdentity, type OutsideIdentity } from '../accounts';
import { completeSignIn, signedInJson, signedInRedirect, validRedirectUri } from '../sign-in';
import { providerConfiguration } from './client';
import { reportUnexpectedSocialFailure, socialFailedRedirect, SocialSignInRefused } from './failure';
import { socialProvider, type OidcProvider } from './providers';
import { readBodyText } from '../../http/body';

const GOOGLE_ISSUER = 'https://accounts.google.com';
// Google signs One Tap tokens with either spelling of its issuer
const GOOGLE_BARE_ISSUER = 'accounts.google.com';
const CREDENTIAL_MAX_LENGTH = 8192;

const NOT_VERIFIED = 'We could not verify your Google sign-in. Please try again';

const keySets = new Map<string, JWTVerifyGetKey>();

function googleProvider(): OidcProvider {
  const p = socialProvider('google');
  if (!p || p.kind !== 'oidc') throw notFound('This sign-in method is not available');
  return p;
}

async function googleKeys(p: OidcProvider): Promise<JWTVerifyGetKey> {
  let jwksUri: string | undefined;
  try {
    jwksUri = (await providerConfiguration(p)).serverMetadata().jwks_uri;
  } catch (error) {
    reportUnexpectedSocialFailure(error, 'google');
  }
  if (!jwksUri) throw new ApiError('gateway_error', 'Google sign-in is not reachable right now. Please try again');
  let keys = keySets.get(jwksUri);
  // jose caches the keys and fetches again when Google rotates to a key id it has not seen
  if (!keys) keySets.set(jwksUri, (keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: SOCIAL_PROVIDER_TIMEOUT_MS })));
  return keys;
}

// a bad token is the sender's fault (401); keys we cannot fetch are Google's or the network's (502)
const KEY_FETCH_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

/** The verified Google identity inside a One Tap credential; 401 for any token we cannot trust. */
export async function googleIdentityFromCredential(credential: string, now = new Date()): Promise<OutsideIdentity> {
  const p = googleProvider();
  const keys = await googleKeys(p);
  const issuers = p.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, GOOGLE_BARE_ISSUER] : [p.issuer];
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(credential, keys, {
      issuer: issuers,
      audience: p.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: ONE_TAP_CLOCK_TOLERANCE_S,
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError && !KEY_FETCH_FAILURES.has(error.code)) throw new ApiError('unauthenticated', NOT_VERIFIED);
    reportUnexpectedSocialFailure(error, 'google');
    throw new ApiError('gateway_error', 'Google sign-in is not reachable right now. Please try again');
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!email || payload.email_verified !== true) throw new ApiError('unauthenticated', 'Google has not verified the email of this account');
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null;
  return { provider: 'google', subject: String(payload.sub), email, emailVerified: true, full_name: name };
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const OneTapJsonSchema = z.object({
  credential: z.string({ error: 'The Google credential is missing' }).min(1, 'The Google credential is missing').max(CREDENTIAL_MAX_LENGTH),
  redirect_uri: z.string().max(2048).optional(),
});

/**
 * POST /api/callback/googleonetap. Google's redirect mode posts a form (credential, g_csrf_token)
 * from the page: checked with Google's double-submit cookie and answered with a redirect. Our page's
 * script may instead post JSON: checked as same-origin and answered with JSON (user_exists included).
 */
export async function googleOneTapSignIn(db: DbOrTx, request: Request): Promise<Response> {
  googleProvider();
  const queryRedirect = new URL(request.url).searchParams.get('redirect_uri');
  if ((request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(await readBodyText(request));
    const redirectUri = await validRedirectUri(db, request, form.get('redirect_uri') ?? queryRedirect);
    try {
      const cookieToken = cookieValue(request, ONE_TAP_CSRF_COOKIE) ?? '';
      const bodyToken = form.get(ONE_TAP_CSRF_COOKIE) ?? '';
      if (!cookieToken || !sameText(cookieToken, bodyToken)) throw new SocialSignInRefused('Failed to verify double submit cookie');
      const credential = form.get('credential') ?? '';
      if (!credential || credential.length > CREDENTIAL_MAX_LENGTH) throw new SocialSignInRefused('No credential');
      const { user } = await userForIdentity(db, await googleIdentityFromCredential(credential));
      return await signedInRedirect(request, await completeSignIn(db, request, user.id, { redirectUri }));
    } catch (error) {
      if (!(error instanceof ApiError)) reportUnexpectedSocialFailure(error, 'google');
      return socialFailedRedirect(request, redirectUri);
    }
  }
  // a signed-in session is a state change: only our own pages may ask for one (login CSRF)
  assertSameOrigin(request);
  const body = await parseJsonBody(OneTapJsonSchema, request);
  const { user, created } = await userForIdentity(db, await googleIdentityFromCredential(body.credential));
  const done = await completeSignIn(db, request, user.id, { redirectUri: body.redirect_uri ?? queryRedirect });
  return signedInJson(done, 200, { user_exists: !created });
}
