// spec 7 one-time-code sign-in: random 6-digit codes, stored hashed, 10 minutes, 5 tries, rate limited
// per phone/email and per address, sent through the outbox (SMS or email).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import type { DbOrTx } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { ApiError, rateLimited } from '../http/errors';
import { hitRateLimits } from '../security/rate-limit';
import { sessionSecret } from '../security/session-secret';
import { enqueueMessage } from '../outbox/queue';
import { ACCOUNT_MESSAGES } from '../validation/account-messages';
import { ONE_TIME_CODE_DIGITS, ONE_TIME_CODE_TTL_MS, VERIFIED_CONTACT_TTL_MS } from '../constants/auth';
import { ONE_TIME_CODE_LIMIT_PER_DESTINATION, ONE_TIME_CODE_LIMIT_PER_IP, ONE_TIME_CODE_MAX_ATTEMPTS } from '../constants/security/limits';
import { hashToken, randomDigits, randomToken } from './tokens';

export interface Contact {
  kind: 'email' | 'phone';
  value: string;
}

const destinationKey = (c: Contact) => `${c.kind}:${c.value}`;
const codeHash = (requestId: string, code: string) => hashToken(`${requestId}:${code}`);
const LOGIN_PURPOSE = 'login';

/**
 * A new code for this contact and purpose (rate limited per contact and per address, with every other purpose): stored
 * hashed for 10 minutes. The caller words and sends it; a code only ever verifies for the purpose it was issued for.
 */
export async function issueOneTimeCode(db: DbOrTx, contact: Contact, ip: string, purpose: string, now = new Date()): Promise<{ request_id: string; code: string; expires_at: Date; codes_left: number }> {
  const limits = [{ key: `otp:dest:${destinationKey(contact)}`, rule: ONE_TIME_CODE_LIMIT_PER_DESTINATION }, { key: `otp:ip:${ip}`, rule: ONE_TIME_CODE_LIMIT_PER_IP }];
  const hit = await hitRateLimits(db, limits, now);
  if (!hit.allowed) {
    // say how long to wait (the sign-in form counts it down from retry_after_s)
    throw rateLimited(`Too many codes requested. Please try again in ${Math.ceil(hit.retryAfterS / 60)} min.`, hit.retryAfterS);
  }
  const code = randomDigits(ONE_TIME_CODE_DIGITS);
  const requestId = randomToken(18);
  const expiresAt = new Date(now.getTime() + ONE_TIME_CODE_TTL_MS);
  await db.insert(oneTimeCodes).values({ destination: destinationKey(contact), purpose, code_hash: codeHash(requestId, code), request_id: requestId, expires_at: expiresAt });
  return { request_id: requestId, code, expires_at: expiresAt, codes_left: hit.remaining };
}

export async function sendOneTimeCode(db: DbOrTx, contact: Contact, ip: string, productName: string, now = new Date()): Promise<{ request_id: string; expires_at: Date; codes_left: number }> {
  const { request_id, code, expires_at, codes_left } = await issueOneTimeCode(db, contact, ip, LOGIN_PURPOSE, now);
  const minutes = Math.round(ONE_TIME_CODE_TTL_MS / 60000);
  const text = `${code} is your ${productName} sign-in code. It expires in ${minutes} minutes. Do not share it with anyone.`;
  await enqueueMessage(db, contact.kind === 'email' ? { channel: 'email', recipient: contact.value, subject: `Your ${productName} sign-in code: ${code}`, body: text } : { channel: 'sms', recipient: contact.value, body: text });
  return { request_id, expires_at, codes_left };
}

const fail = (message: string, code: 'validation_failed' | 'rate_limited' = 'validation_failed') => new ApiError(code, message, { otp: message });

/**
 * Checks a code issued for this purpose (and, when given, this contact); each try counts, the right one is used up.
 * Returns the verified phone or email.
 */
export async function consumeOneTimeCode(db: DbOrTx, requestId: string, code: string, purpose: string, opts: { contact?: Contact; now?: Date } = {}): Promise<Contact> {
  const now = opts.now ?? new Date();
  // count the try first, atomically, so parallel guesses cannot exceed the limit
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.request_id, requestId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.used_at), opts.contact ? eq(oneTimeCodes.destination, destinationKey(opts.contact)) : undefined))
    .returning();
  if (!row) throw fail(ACCOUNT_MESSAGES.codeExpired);
  if (row.expires_at <= now) throw fail(ACCOUNT_MESSAGES.codeExpired);
  if (row.attempts > ONE_TIME_CODE_MAX_ATTEMPTS) throw fail(ACCOUNT_MESSAGES.codeAttempts, 'rate_limited');
  if (row.code_hash !== codeHash(requestId, code)) {
    throw fail(row.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS ? ACCOUNT_MESSAGES.codeAttempts : ACCOUNT_MESSAGES.codeWrong);
  }
  const used = await db.update(oneTimeCodes).set({ used_at: now }).where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.used_at))).returning({ id: oneTimeCodes.id });
  if (!used.length) throw fail(ACCOUNT_MESSAGES.codeExpired);
  const [kind, ...rest] = row.destination.split(':');
  return { kind: kind as Contact['kind'], value: rest.join(':') };
}

/** The purpose a request id was issued for, while it is unused (to tell "a code for other details" from "no such code"). */
export async function unusedCodePurpose(db: DbOrTx, requestId: string, contact: Contact): Promise<string | null> {
  const [row] = await db
    .select({ purpose: oneTimeCodes.purpose })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.request_id, requestId), eq(oneTimeCodes.destination, destinationKey(contact)), isNull(oneTimeCodes.used_at)));
  return row?.purpose ?? null;
}

/** Checks a sign-in code (spec 7 verify/otp/token). */
export const verifyOneTimeCode = (db: DbOrTx, requestId: string, code: string, now = new Date()): Promise<Contact> => consumeOneTimeCode(db, requestId, code, LOGIN_PURPOSE, { now });

// A verified phone or email with no account yet may finish sign-up (verify/details) with this sealed token.
export async function verifiedContactToken(contact: Contact): Promise<string> {
  return sealData({ ...contact, purpose: 'verified_contact' }, { password: sessionSecret(), ttl: VERIFIED_CONTACT_TTL_MS / 1000 });
}

export async function readVerifiedContactToken(token: string): Promise<Contact> {
  try {
    const data = await unsealData<Partial<Contact & { purpose: string }>>(token, { password: sessionSecret(), ttl: VERIFIED_CONTACT_TTL_MS / 1000 });
    if (data.purpose === 'verified_contact' && (data.kind === 'email' || data.kind === 'phone') && typeof data.value === 'string') return { kind: data.kind, value: data.value };
  } catch {
    // fall through
  }
  throw new ApiError('validation_failed', ACCOUNT_MESSAGES.codeExpired, { accessToken: ACCOUNT_MESSAGES.codeExpired });
}
