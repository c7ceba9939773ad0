// Spec 7 POST entity/{id}/credit/details: the bank account a claim on a paid policy would be paid into,
// confirmed with a one-time code sent to the policy owner. The first call (the details, no code) sends the code; the
// second (the same details, the request id and the code) stores them. A code is bound to the policy and to exactly
// those details (its purpose), so it can neither confirm other details nor sign anyone in: lib/auth/one-time-code.ts
// issues and checks it as it does sign-in codes, by purpose.
import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import type { Db } from '../db/client';
import { insurancePolicies, users } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { enqueueMessage } from '../outbox/queue';
import { consumeOneTimeCode, issueOneTimeCode, unusedCodePurpose } from '../auth/one-time-code';
import { DEFAULT_LOCALE, isLocale, RTL_LOCALES } from '../i18n/locales';
import { loadMessages } from '../i18n/messages';
import { isolateLtr } from '../i18n/bidi';
import { ONE_TIME_CODE_TTL_MS } from '../constants/auth';
import { INSURANCE_MESSAGES } from '../validation/insurance';
import { lastDigits } from '../fundraisers/withdrawals';
import { ownPolicy, POLICY_STATUS, policyView, type CreditDetails } from './policies';

type Owner = { id: number };

/** What a code confirms: this policy's claim account, exactly these details. */
const purposeOf = (policyId: number, d: CreditDetails) =>
  `insurance_credit:${policyId}:${createHash('sha256').update(JSON.stringify([d.account_holder_name, d.account_number, d.ifsc_code])).digest('hex')}`;

const refused = (message: string) => new ApiError('validation_failed', message, { otp: message });

/** Where the owner's code goes: their email, or their mobile when the email is a placeholder (a phone-only account). */
async function ownerContact(db: Db, owner: Owner) {
  // the mobile in E.164, so the code goes to the number's own country
  const [u] = await db.select({ email: users.email, dummy: users.is_dummy_email, phone: users.phone_e164 }).from(users).where(eq(users.id, owner.id));
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
  const { request_id, code, expires_at } = await issueOneTimeCode(db, contact, ctx.ip, purposeOf(policy.id, details), now);
  const locale = ctx.locale && isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE;
  const { messages } = await loadMessages(locale);
  const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Insurance.codeMessage' });
  // in Arabic and Urdu the code and the account's digits keep reading left to right
  const digits = RTL_LOCALES.includes(locale) ? isolateLtr : (x: string) => x;
  const facts = { code: digits(code), brand: ctx.productName, last4: digits(lastDigits(details.account_number)), minutes: Math.round(ONE_TIME_CODE_TTL_MS / 60_000) };
  await enqueueMessage(db, contact.kind === 'email' ? { channel: 'email', recipient: contact.value, subject: t('subject', facts), body: t('body', facts) } : { channel: 'sms', recipient: contact.value, body: t('body', facts) });
  return { request_id, expires_at: expires_at.toISOString(), sent_to: contact.kind };
}

/** Second call: the right code for exactly these details stores them as the policy's claim account. */
export async function confirmCreditDetails(db: Db, owner: Owner, policyId: number, details: CreditDetails, proof: { request_id: string; otp: string }, now = new Date()) {
  const policy = await paidPolicy(db, owner, policyId);
  const contact = await ownerContact(db, owner);
  const purpose = purposeOf(policy.id, details);
  const asked = await unusedCodePurpose(db, proof.request_id, contact);
  // a live code of this owner for this policy, sent for other details (the form was changed after asking)
  if (asked && asked !== purpose && asked.startsWith(`insurance_credit:${policy.id}:`)) throw refused(INSURANCE_MESSAGES.codeForOtherDetails);
  // the code is spent before the details are stored: a wrong guess counts even if nothing else happens
  await consumeOneTimeCode(db, proof.request_id, proof.otp, purpose, { contact, now });
  const stored: CreditDetails = { account_holder_name: details.account_holder_name, account_number: details.account_number, ifsc_code: details.ifsc_code };
  const [updated] = await db
    .update(insurancePolicies)
    .set({ credit_details: { ...stored }, credit_verified_at: now, updated_at: now })
    .where(and(eq(insurancePolicies.id, policy.id), eq(insurancePolicies.user_id, owner.id)))
    .returning();
  return policyView(updated);
}
