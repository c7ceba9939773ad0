// Issue 15, spec 7 POST entity/{id}/credit/details: the bank account a claim on a paid policy would be paid into,
// confirmed with a one-time code sent to the policy owner. The first call (the details, no code) sends the code; the
// second (the same details, the request id and the code) stores them. A code is bound to the policy and to exactly
// those details, so it can neither confirm other details nor sign anyone in (its hash is not a sign-in code's).
import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import type { Db } from '../db/client';
import { insurancePolicies, oneTimeCodes, users } from '../db/schema';
import { ApiError, conflict, rateLimited } from '../http/errors';
import { hitRateLimit } from '../security/rate-limit';
import { enqueueMessage } from '../outbox/queue';
import { hashToken, randomDigits, randomToken } from '../auth/tokens';
import { DEFAULT_LOCALE, isLocale, RTL_LOCALES } from '../i18n/locales';
import { loadMessages } from '../i18n/messages';
import { isolateLtr } from '../i18n/bidi';
import { ONE_TIME_CODE_DIGITS, ONE_TIME_CODE_LIMIT_PER_DESTINATION, ONE_TIME_CODE_LIMIT_PER_IP, ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_MS } from '../constants';
import { ACCOUNT_MESSAGES } from '../validation/accounts';
import { INSURANCE_MESSAGES } from '../validation/insurance';
import { lastDigits } from '../fundraisers/withdrawals';
import { ownPolicy, POLICY_STATUS, policyView, type CreditDetails } from './policies';

type Owner = { id: number };

/** What a code confirms: this policy's claim account, exactly these details. */
const purposeOf = (policyId: number, d: CreditDetails) =>
  `insurance_credit:${policyId}:${createHash('sha256').update(JSON.stringify([d.account_holder_name, d.account_number, d.ifsc_code])).digest('hex')}`;
// a separate namespace from sign-in codes' hashes (lib/auth/one-time-code.ts): this code never verifies there
const codeHash = (requestId: string, code: string) => hashToken(`insurance_credit:${requestId}:${code}`);

const refused = (message: string, code: 'validation_failed' | 'rate_limited' = 'validation_failed') => new ApiError(code, message, { otp: message });

/** Where the owner's code goes: their email, or their mobile when the email is a placeholder (a phone-only account). */
async function ownerContact(db: Db, owner: Owner) {
  const [u] = await db.select({ email: users.email, dummy: users.is_dummy_email, phone: users.phone_1 }).from(users).where(eq(users.id, owner.id));
  if (u && !u.dummy) return { kind: 'email' as const, value: u.email.toLowerCase() };
  if (u?.phone) return { kind: 'phone' as const, value: u.phone };
  throw conflict(INSURANCE_MESSAGES.noContact);
}

const paidPolicy = async (db: Db, owner: Owner, policyId: number) => {
  const policy = await ownPolicy(db, owner, policyId);
  if (policy.status !== POLICY_STATUS.paid) throw conflict(INSURANCE_MESSAGES.notPaidYet);
  return policy;
};

/** First call: a code for these details goes to the owner through the outbox (rate limited with sign-in codes). */
export async function sendCreditDetailsCode(db: Db, owner: Owner, policyId: number, details: CreditDetails, ctx: { ip: string; locale?: string; productName: string }, now = new Date()) {
  const policy = await paidPolicy(db, owner, policyId);
  const contact = await ownerContact(db, owner);
  const destination = `${contact.kind}:${contact.value}`;
  if (!(await hitRateLimit(db, `otp:dest:${destination}`, ONE_TIME_CODE_LIMIT_PER_DESTINATION, now)).allowed || !(await hitRateLimit(db, `otp:ip:${ctx.ip}`, ONE_TIME_CODE_LIMIT_PER_IP, now)).allowed) {
    throw rateLimited('Too many codes requested. Please wait a while and try again.');
  }
  const code = randomDigits(ONE_TIME_CODE_DIGITS);
  const requestId = randomToken(18);
  const expiresAt = new Date(now.getTime() + ONE_TIME_CODE_TTL_MS);
  await db.insert(oneTimeCodes).values({ destination, purpose: purposeOf(policy.id, details), code_hash: codeHash(requestId, code), request_id: requestId, expires_at: expiresAt });
  const locale = ctx.locale && isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE;
  const { messages } = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Insurance.codeMessage' });
  // in Arabic and Urdu the code and the account's digits keep reading left to right
  const digits = RTL_LOCALES.includes(locale) ? isolateLtr : (x: string) => x;
  const facts = { code: digits(code), brand: ctx.productName, last4: digits(lastDigits(details.account_number)), minutes: Math.round(ONE_TIME_CODE_TTL_MS / 60_000) };
  await enqueueMessage(db, contact.kind === 'email' ? { channel: 'email', recipient: contact.value, subject: t('subject', facts), body: t('body', facts) } : { channel: 'sms', recipient: contact.value, body: t('body', facts) });
  return { request_id: requestId, expires_at: expiresAt.toISOString(), sent_to: contact.kind };
}

/** Second call: the right code for exactly these details stores them as the policy's claim account. */
export async function confirmCreditDetails(db: Db, owner: Owner, policyId: number, details: CreditDetails, proof: { request_id: string; otp: string }, now = new Date()) {
  const policy = await paidPolicy(db, owner, policyId);
  const contact = await ownerContact(db, owner);
  const mine = and(eq(oneTimeCodes.request_id, proof.request_id), eq(oneTimeCodes.destination, `${contact.kind}:${contact.value}`), isNull(oneTimeCodes.used_at));
  // each try counts first, atomically, so parallel guesses cannot pass the limit
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(mine, eq(oneTimeCodes.purpose, purposeOf(policy.id, details))))
    .returning();
  if (!row) {
    const [other] = await db.select({ purpose: oneTimeCodes.purpose }).from(oneTimeCodes).where(mine);
    // a live code of this owner for this policy, sent for other details (the form was changed after asking)
    if (other?.purpose.startsWith(`insurance_credit:${policy.id}:`)) throw refused(INSURANCE_MESSAGES.codeForOtherDetails);
    throw refused(ACCOUNT_MESSAGES.codeExpired);
  }
  if (row.expires_at <= now) throw refused(ACCOUNT_MESSAGES.codeExpired);
  if (row.attempts > ONE_TIME_CODE_MAX_ATTEMPTS) throw refused(ACCOUNT_MESSAGES.codeAttempts, 'rate_limited');
  if (row.code_hash !== codeHash(proof.request_id, proof.otp)) throw refused(row.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS ? ACCOUNT_MESSAGES.codeAttempts : ACCOUNT_MESSAGES.codeWrong);
  return db.transaction(async (tx) => {
    const used = await tx.update(oneTimeCodes).set({ used_at: now }).where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.used_at))).returning({ id: oneTimeCodes.id });
    if (!used.length) throw refused(ACCOUNT_MESSAGES.codeExpired);
    const stored: CreditDetails = { account_holder_name: details.account_holder_name, account_number: details.account_number, ifsc_code: details.ifsc_code };
    const [updated] = await tx
      .update(insurancePolicies)
      .set({ credit_details: { ...stored }, credit_verified_at: now, updated_at: now })
      .where(and(eq(insurancePolicies.id, policy.id), eq(insurancePolicies.user_id, owner.id)))
      .returning();
    return policyView(updated);
  });
}
