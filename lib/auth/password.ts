// Password sign-up and login (spec 3 payloads, spec 5 rules). Passwords are scrypt hashes (lib/secrets.ts).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authTokens, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { hashSecret, verifySecret } from '../secrets';
import { ACCOUNT_MESSAGES } from '../validation/account-messages';
import { createUser, findUserForProvenPhone, type UserRow } from './accounts';
import type { Contact } from './one-time-code';

// a fixed hash to verify against when the email is unknown, so both answers take the same time
const ABSENT_USER_HASH = hashSecret('absent-user-timing-guard');

export async function signUpWithPassword(
  db: DbOrTx,
  input: { email_id: string; password: string; full_name: string; phone_1?: string; extension?: string; user_type: 'individual' | 'ngo'; registration_source: string; is_subscribed: boolean },
): Promise<UserRow> {
  return createUser(db, {
    email: input.email_id,
    password: input.password,
    full_name: input.full_name,
    phone_1: input.phone_1 ?? null,
    extension: input.extension ?? null,
    entity_type: input.user_type,
    registration_source: input.registration_source,
    is_subscribed: input.is_subscribed,
  });
}

/**
 * The user whose email and password match; one message for an unknown email and a wrong password. Given a transaction,
 * the row stays locked until the session is issued, so an owner's takeover (proveContact) is wholly before or after.
 */
export async function logInWithPassword(db: DbOrTx, login: string | Contact, password: string): Promise<UserRow> {
  const by: Contact = typeof login === 'string' ? { kind: 'email', value: login } : login;
  // by mobile number, the account that number would sign in to by a code (never one that only had it typed)
  const found = by.kind === 'email' ? null : await findUserForProvenPhone(db, by.value);
  const [user] = await db
    .select()
    .from(users)
    .where(by.kind === 'email' ? sql`lower(${users.email}) = ${by.value.trim().toLowerCase()}` : eq(users.id, found?.id ?? 0))
    .limit(1)
    .for('update');
  const ok = await verifySecret(password, user?.password_hash ?? (await ABSENT_USER_HASH));
  if (!user || !user.password_hash || !ok) throw new ApiError('unauthenticated', ACCOUNT_MESSAGES.badCredentials);
  return user;
}

/** Sets a new password and ends every other session of the user (bumped session version, revoked tokens). */
export async function replacePassword(db: DbOrTx, userId: number, password: string): Promise<void> {
  const [u] = await db.select({ version: users.session_version }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ password_hash: await hashSecret(password), session_version: u.version + 1, updated_at: new Date() }).where(eq(users.id, userId));
  await db.update(authTokens).set({ revoked_at: new Date() }).where(eq(authTokens.user_id, userId));
}
