// Each sign-in method of spec 7 from payload to CompletedSignIn: limits, checks, then completeSignIn.
import 'server-only';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { env } from '../env';
import { ApiError, rateLimited } from '../http/errors';
import { clientIp, hitRateLimit } from '../security/rate-limit';
import { verifyCaptcha } from '../security/captcha';
import { requestOrigin } from '../whitelabel/request-origin';
import { enqueueMessage } from '../outbox/queue';
import { brandForHost, normaliseHost } from '../whitelabel/brand';
import { requestHost } from '../whitelabel/resolve';
import { leads } from '../db/schema';
import type { AutologinSchema, PasswordResetSchema, VerifyDetailsSchema, VerifyOtpSchema } from '../validation/accounts';
import type { SignupSchema } from '../validation/account-fields';
import { ACCOUNT_MESSAGES } from '../validation/account-messages';
import type { LoginSchema } from '../validation/sign-in';
import { PASSWORD_RESET_TTL_MS } from '../constants/auth';
import { INDIA_EXTENSION } from '../constants/people';
import { LOGIN_LIMIT_PER_EMAIL, LOGIN_LIMIT_PER_IP, PASSWORD_RESET_LIMIT_PER_EMAIL, SIGNUP_LIMIT_PER_IP } from '../constants/security/limits';
import { createUser, dummyEmailFor, findUserByEmail, findUserForProvenPhone, phoneColumns, proveContact } from './accounts';
import { issueLinkToken, spendLinkToken } from './link-tokens';
export { autologinLink } from './link-tokens';
import { readVerifiedContactToken, verifiedContactToken, verifyOneTimeCode, type Contact } from './one-time-code';
import { logInWithPassword, replacePassword, signUpWithPassword } from './password';
import { completeSignIn, type CompletedSignIn } from './sign-in';

export async function productNameFor(db: DbOrTx, request: Request): Promise<string> {
  return (await brandForHost(db, normaliseHost(requestHost(request)), env().PRODUCT_NAME)).name;
}

async function limit(db: DbOrTx, key: string, rule: { max: number; windowMs: number }, message: string) {
  if (!(await hitRateLimit(db, key, rule)).allowed) throw rateLimited(message);
}

// spec 4: signup, then lead creation, then the after-login steps
export async function signUp(db: DbOrTx, request: Request, input: z.output<typeof SignupSchema>): Promise<CompletedSignIn> {
  const ip = clientIp(request);
  await limit(db, `signup:ip:${ip}`, SIGNUP_LIMIT_PER_IP, 'Too many sign-ups from this network. Please try again later.');
  await verifyCaptcha(input['g-recaptcha-response'] ?? input.invisible_recaptcha, ip);
  const user = await signUpWithPassword(db, input);
  await db.insert(leads).values({ name: user.full_name, email: user.email, phone: user.phone_1, extension: user.extension, page: 'signup', type: 'signup', user_id: user.id });
  return completeSignIn(db, request, user.id, { redirectUri: input.redirect_uri });
}

export async function logIn(db: DbOrTx, request: Request, input: z.output<typeof LoginSchema>): Promise<CompletedSignIn> {
  const ip = clientIp(request);
  const message = 'Too many login attempts. Please wait a few minutes and try again.';
  await limit(db, `login:ip:${ip}`, LOGIN_LIMIT_PER_IP, message);
  // per email or phone (E.164): one person's account, however it is typed
  await limit(db, input.login.kind === 'email' ? `login:email:${input.login.value}` : `login:phone:${input.login.value}`, LOGIN_LIMIT_PER_EMAIL, message);
  await verifyCaptcha(input['g-recaptcha-response'], ip);
  // one transaction: the password checked is still the account's when its session is issued
  return db.transaction(async (tx) => {
    const user = await logInWithPassword(tx, input.login, input.password);
    return completeSignIn(tx, request, user.id, { redirectUri: input.redirect_uri });
  });
}

const userForContact = (db: DbOrTx, c: Contact) => (c.kind === 'email' ? findUserByEmail(db, c.value) : findUserForProvenPhone(db, c.value));

/** verify/otp/token: a right code signs in a known user, or hands back a token to finish sign-up with verify/details. */
export async function signInWithCode(db: DbOrTx, request: Request, input: z.output<typeof VerifyOtpSchema>): Promise<{ done: CompletedSignIn } | { accessToken: string; contact: Contact }> {
  const contact = await verifyOneTimeCode(db, input.request_id, input.otp);
  const user = await userForContact(db, contact);
  if (user) {
    await proveContact(db, user.id, contact.kind);
    return { done: await completeSignIn(db, request, user.id, { redirectUri: input.redirect_uri }) };
  }
  return { accessToken: await verifiedContactToken(contact), contact };
}

/** verify/details: a verified phone or email with no account yet becomes one. */
export async function finishSignUpWithCode(db: DbOrTx, request: Request, input: z.output<typeof VerifyDetailsSchema>): Promise<CompletedSignIn> {
  const contact = await readVerifiedContactToken(input.accessToken);
  const existing = await userForContact(db, contact);
  if (existing) {
    await proveContact(db, existing.id, contact.kind);
    return completeSignIn(db, request, existing.id, { redirectUri: input.redirect_uri });
  }
  const email = contact.kind === 'email' ? contact.value : input.email_id ?? dummyEmailFor('phone', contact.value);
  const user = await createUser(db, {
    full_name: input.full_name,
    email,
    // the proven phone keeps its country (users.phone_e164 is derived from these two)
    ...(contact.kind === 'phone' ? phoneColumns(contact.value) : { phone_1: input.phone_1 ?? null, extension: input.phone_1 ? INDIA_EXTENSION : null }),
    registration_source: 'otp',
    is_dummy_email: contact.kind === 'phone' && !input.email_id,
  });
  await proveContact(db, user.id, contact.kind);
  return completeSignIn(db, request, user.id, { redirectUri: input.redirect_uri });
}

export const RESET_SENT_MESSAGE = 'If an account exists for this email, we have sent a link to reset the password.';

/** auth/password/email: the same answer whether or not the email has an account. */
export async function sendPasswordReset(db: DbOrTx, request: Request, email: string): Promise<void> {
  const message = 'Too many reset requests. Please try again later.';
  await limit(db, `reset:ip:${clientIp(request)}`, SIGNUP_LIMIT_PER_IP, message);
  await limit(db, `reset:email:${email}`, PASSWORD_RESET_LIMIT_PER_EMAIL, message);
  const user = await findUserByEmail(db, email);
  // an email only typed on an account proven by its phone opens nothing (proveContact): no link goes to it
  if (!user || user.is_dummy_email || (!user.email_verified_at && user.phone_verified_at)) return;
  const token = await issueLinkToken(db, user.id, 'password_reset', PASSWORD_RESET_TTL_MS);
  const name = await productNameFor(db, request);
  const link = `${await requestOrigin(request)}/new/reset-password?${new URLSearchParams({ token })}`;
  await enqueueMessage(db, {
    channel: 'email',
    recipient: user.email,
    subject: `Reset your ${name} password`,
    body: `Dear ${user.full_name},\nOpen this link within ${Math.round(PASSWORD_RESET_TTL_MS / 60000)} minutes to choose a new password:\n${link}\nIf you did not ask for it, ignore this email; your password stays as it is.`,
  });
}

/** auth/password/reset: a single-use token sets the password, ends other sessions and signs in. */
export async function resetPassword(db: DbOrTx, request: Request, input: z.output<typeof PasswordResetSchema>): Promise<CompletedSignIn> {
  const userId = await spendLinkToken(db, input.token, 'password_reset');
  if (!userId) throw new ApiError('validation_failed', ACCOUNT_MESSAGES.resetInvalid, { token: ACCOUNT_MESSAGES.resetInvalid });
  // the link went to the account's email: proven first, so a takeover drops the old password before the new one is set
  await proveContact(db, userId, 'email');
  await replacePassword(db, userId, input.password);
  return completeSignIn(db, request, userId, { redirectUri: input.redirect_uri });
}

/**
 * spec 7 auth/autologin: we sign in without a password only with a single-use, short-lived link
 * token that we issued (say, in a receipt email); a bare email address never opens an account.
 */
export async function autoLogin(db: DbOrTx, request: Request, input: z.output<typeof AutologinSchema>): Promise<CompletedSignIn> {
  const userId = await spendLinkToken(db, input.token, 'autologin');
  if (!userId) throw new ApiError('unauthenticated', ACCOUNT_MESSAGES.linkInvalid);
  // the link went to the account's email (receipts carry one only when they are sent there)
  await proveContact(db, userId, 'email');
  return completeSignIn(db, request, userId, { redirectUri: input.redirect_uri });
}
