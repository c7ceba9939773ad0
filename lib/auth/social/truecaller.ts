// spec 1: sign-in with a caller-verification app (Truecaller style). Our page asks us for a nonce,
// hands it to the app, and the app returns the person's profile as a base64 JSON `payload` signed
// with the provider's RSA key (`signature`, SHA512withRSA over the payload string as sent). We trust
// only the signed payload: its signature, our nonce inside it, and its age are checked before any
// database work. requestTime is read as Unix seconds (milliseconds are recognised too).
import 'server-only';
import { createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { env } from '../../env';
import { TRUECALLER_FUTURE_SKEW_MS, TRUECALLER_NONCE_COOKIE, TRUECALLER_NONCE_TTL_S, TRUECALLER_PAYLOAD_MAX_AGE_MS } from '../../constants/auth';
import { ApiError, notFound } from '../../http/errors';
import { cookieValue, isHttps, setCookieHeader } from '../../http/cookies';
import { sessionSecret } from '../../security/session-secret';
import { trimPhone } from '../../validation/people';
import { randomToken } from '../tokens';
import { userForIdentity, type OutsideIdentity } from '../accounts';
import { completeSignIn, type CompletedSignIn } from '../sign-in';

export const CALLER_VERIFICATION_MESSAGES = {
  algorithm: 'Unsupported signature algorithm',
  signature: 'The caller verification could not be confirmed',
  payload: 'The caller verification profile is not readable',
  nonce: 'This caller verification was not started here. Please try again',
  stale: 'This caller verification has expired. Please try again',
} as const;

const SIGNATURE_ALGORITHM = 'SHA512withRSA';
const MS_TIMESTAMP_ABOVE = 1e12;
const INDIAN_NUMBER = /^(?:\+?91)?([6-9]\d{9})$/;

let cachedKey: { pem: string; key: KeyObject } | undefined;

function providerKey(): KeyObject {
  const pem = env().TRUECALLER_PUBLIC_KEY;
  if (!pem) throw notFound('This sign-in method is not available');
  if (cachedKey?.pem !== pem) cachedKey = { pem, key: createPublicKey(pem.replace(/\\n/g, '\n')) };
  return cachedKey.key;
}

/** GET /api/auth/social/truecaller: a fresh nonce for the app, remembered in a sealed cookie. */
export async function issueCallerVerificationNonce(request: Request): Promise<{ nonce: string; cookie: string }> {
  providerKey();
  const nonce = randomToken(24);
  const sealed = await sealData({ nonce }, { password: sessionSecret(), ttl: TRUECALLER_NONCE_TTL_S });
  return { nonce, cookie: setCookieHeader(TRUECALLER_NONCE_COOKIE, sealed, { maxAgeS: TRUECALLER_NONCE_TTL_S, secure: isHttps(request) }) };
}

async function issuedNonce(request: Request): Promise<string | null> {
  const sealed = cookieValue(request, TRUECALLER_NONCE_COOKIE);
  if (!sealed) return null;
  try {
    const data = await unsealData<{ nonce?: unknown }>(sealed, { password: sessionSecret(), ttl: TRUECALLER_NONCE_TTL_S });
    return typeof data.nonce === 'string' ? data.nonce : null;
  } catch {
    return null;
  }
}

export const CallerVerificationSchema = z.object({
  payload: z.string({ error: CALLER_VERIFICATION_MESSAGES.payload }).min(1, CALLER_VERIFICATION_MESSAGES.payload).max(16_384),
  signature: z.string({ error: CALLER_VERIFICATION_MESSAGES.signature }).min(1, CALLER_VERIFICATION_MESSAGES.signature).max(4096),
  signatureAlgorithm: z.string({ error: CALLER_VERIFICATION_MESSAGES.algorithm }).max(64),
  redirect_uri: z.string().max(2048).optional(),
});
export type CallerVerification = z.infer<typeof CallerVerificationSchema>;

const SignedProfile = z.object({
  requestNonce: z.string().min(1),
  requestTime: z.coerce.number().positive(),
  phoneNumber: z.string().min(7).max(20),
  countryCode: z.string().max(8).optional().nullable(),
  firstName: z.string().max(200).optional().nullable(),
  lastName: z.string().max(200).optional().nullable(),
  email: z.string().max(254).optional().nullable(),
});
export type CallerVerifiedProfile = z.infer<typeof SignedProfile>;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The profile the provider signed, if the signature, our nonce and its age all hold; otherwise 400/401. */
export function verifyCallerVerification(input: Pick<CallerVerification, 'payload' | 'signature' | 'signatureAlgorithm'>, expectedNonce: string | null, now = Date.now()): CallerVerifiedProfile {
  if (input.signatureAlgorithm !== SIGNATURE_ALGORITHM) throw new ApiError('bad_request', CALLER_VERIFICATION_MESSAGES.algorithm);
  const signed = verify('sha512', Buffer.from(input.payload, 'utf8'), providerKey(), Buffer.from(input.signature, 'base64'));
  if (!signed) throw new ApiError('unauthenticated', CALLER_VERIFICATION_MESSAGES.signature);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(input.payload, 'base64').toString('utf8'));
  } catch {
    throw new ApiError('bad_request', CALLER_VERIFICATION_MESSAGES.payload);
  }
  const parsed = SignedProfile.safeParse(decoded);
  if (!parsed.success) throw new ApiError('bad_request', CALLER_VERIFICATION_MESSAGES.payload);
  const profile = parsed.data;
  if (!expectedNonce || !sameText(profile.requestNonce, expectedNonce)) throw new ApiError('unauthenticated', CALLER_VERIFICATION_MESSAGES.nonce);
  const requestedAt = profile.requestTime > MS_TIMESTAMP_ABOVE ? profile.requestTime : profile.requestTime * 1000;
  if (now - requestedAt > TRUECALLER_PAYLOAD_MAX_AGE_MS || requestedAt - now > TRUECALLER_FUTURE_SKEW_MS) throw new ApiError('unauthenticated', CALLER_VERIFICATION_MESSAGES.stale);
  return profile;
}

/** The account identity of a verified profile: the phone is what the app verified. */
export function callerVerifiedIdentity(profile: CallerVerifiedProfile): OutsideIdentity {
  const digits = profile.phoneNumber.replace(/[^\d+]/g, '');
  // only an Indian number is compared with our stored 10-digit phones (another country's last 10 digits could match by chance)
  const indian = INDIAN_NUMBER.exec(digits) ?? (profile.countryCode?.toUpperCase() === 'IN' ? INDIAN_NUMBER.exec(trimPhone(digits)) : null);
  const name = [profile.firstName, profile.lastName].map((s) => s?.trim()).filter(Boolean).join(' ') || null;
  return { provider: 'truecaller', subject: digits.replace(/^\+/, ''), phone: indian ? indian[1] : null, email: profile.email?.trim().toLowerCase() || null, emailVerified: false, full_name: name };
}

/** 404 unless the provider's key is configured. */
export function requireCallerVerification(): void {
  providerKey();
}

/** POST /api/callback/truecaller: verify, then sign in by the verified phone (nothing is written before the checks pass). */
export async function callerVerificationSignIn(db: DbOrTx, request: Request, input: CallerVerification): Promise<{ done: CompletedSignIn; created: boolean }> {
  const profile = verifyCallerVerification(input, await issuedNonce(request));
  const { user, created } = await userForIdentity(db, callerVerifiedIdentity(profile), { linkByPhone: true });
  return { done: await completeSignIn(db, request, user.id, { redirectUri: input.redirect_uri }), created };
}

/** A nonce is spent once its sign-in succeeds. */
export const spentNonceCookie = (request: Request) => setCookieHeader(TRUECALLER_NONCE_COOKIE, '', { maxAgeS: 0, secure: isHttps(request) });
