// Users as sign-in sees them: find by email or phone, create, link outside identities.
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authTokens, userIdentities, users } from '../db/schema';
import { claimGuestOrders } from '../donations/claim';
import { conflict, notFound } from '../http/errors';
import { hashSecret } from '../secrets';
import { ACCOUNT_MESSAGES } from '../validation/account-messages';
import { INDIA_EXTENSION, PHONE_DIGITS_KEPT } from '../constants/people';
import { splitE164 } from '../phone/international';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return u ?? null;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.phone_1, phone)).orderBy(users.id).limit(1);
  return u ?? null;
}

export interface NewUser {
  full_name: string;
  email: string;
  password?: string | null;
  phone_1?: string | null;
  extension?: string | null;
  entity_type?: 'individual' | 'ngo';
  registration_source?: string;
  is_subscribed?: boolean;
  is_dummy_email?: boolean;
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Creates a user; a taken email (also when two sign-ups race) is spec 5's duplicate-email conflict. */
export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw conflict(ACCOUNT_MESSAGES.duplicateEmail);
  try {
    const [u] = await db
      .insert(users)
      .values({
        full_name: input.full_name,
        email: input.email.trim().toLowerCase(),
        password_hash: input.password ? await hashSecret(input.password) : null,
        phone_1: input.phone_1 ?? null,
        extension: input.extension ?? null,
        entity_type: input.entity_type ?? 'individual',
        registration_source: input.registration_source ?? 'direct',
        is_subscribed: input.is_subscribed ?? true,
        is_dummy_email: input.is_dummy_email ?? false,
      })
      .returning();
    return u;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ACCOUNT_MESSAGES.duplicateEmail);
    throw e;
  }
}

/** spec 3: placeholder accounts (a phone or wallet sign-in without an email) carry this suffix. */
export const DUMMY_EMAIL_DOMAIN = 'users.noemail.sahyog.in';
export const dummyEmailFor = (provider: string, subject: string) => `${provider}.${subject.replace(/[^a-zA-Z0-9._-]/g, '')}@${DUMMY_EMAIL_DOMAIN}`.toLowerCase();

export interface OutsideIdentity {
  provider: string;
  subject: string;
  /** only an email the provider has verified may link to an existing account */
  email?: string | null;
  emailVerified?: boolean;
  full_name?: string | null;
  phone?: string | null;
}

/** A phone as E.164: one already is; spec 5's bare 10 digits (how providers and older codes name it) are Indian. */
export const asE164 = (phone: string) => (phone.startsWith('+') ? phone : `${INDIA_EXTENSION}${phone.replace(/\D/g, '').slice(-PHONE_DIGITS_KEPT)}`);

/** users.phone_1 and extension for a phone given in E.164 (the database derives phone_e164 back from them). */
export function phoneColumns(phone: string): { phone_1: string; extension: string } {
  const split = splitE164(asE164(phone));
  return split ? { phone_1: split.national, extension: split.extension } : { phone_1: phone.replace(/\D/g, '').slice(-PHONE_DIGITS_KEPT), extension: INDIA_EXTENSION };
}

/**
 * The account a proven phone signs in to: one whose phone was proven before (the oldest), else one that nothing was ever
 * proven on (the phone's owner then takes it over). An account proven by its email never opens to a phone that was only
 * typed on it: whoever typed it, the person now proving it may be someone else.
 */
export async function findUserForProvenPhone(db: DbOrTx, phone: string): Promise<UserRow | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone_e164, asE164(phone)), or(isNotNull(users.phone_verified_at), isNull(users.email_verified_at))))
    .orderBy(sql`${users.phone_verified_at} is null`, users.id)
    .limit(1);
  return u ?? null;
}

/**
 * The user for an outside identity: the one already linked; else the account with the same
 * verified email (or phone, for providers that verify phones), now linked; else a new account.
 */
export async function userForIdentity(db: DbOrTx, identity: OutsideIdentity, opts: { linkByPhone?: boolean } = {}): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.user_id))
      .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)))
      .limit(1);
    if (linked) return { user: linked.user, created: false };
    const verifiedEmail = identity.email && identity.emailVerified ? identity.email : null;
    let user: UserRow | null = verifiedEmail ? await findUserByEmail(tx, verifiedEmail) : null;
    let proved: ProvenContact | null = user ? 'email' : null;
    if (!user && opts.linkByPhone && identity.phone) {
      user = await findUserForProvenPhone(tx, identity.phone);
      if (user) proved = 'phone';
    }
    let created = false;
    if (!user) {
      const email = verifiedEmail ?? dummyEmailFor(identity.provider, identity.subject);
      user = await createUser(tx, {
        full_name: identity.full_name?.trim() || 'Sahyog supporter',
        email,
        phone_1: identity.phone ?? null,
        registration_source: identity.provider,
        is_dummy_email: email.endsWith(`@${DUMMY_EMAIL_DOMAIN}`),
      });
      created = true;
      proved = verifiedEmail ? 'email' : opts.linkByPhone && identity.phone ? 'phone' : null;
    }
    // before the link is written: a takeover removes the links the account had
    if (proved) await proveContact(tx, user.id, proved);
    await tx.insert(userIdentities).values({ user_id: user.id, provider: identity.provider, subject: identity.subject, email: identity.email ?? null }).onConflictDoNothing();
    const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
    return { user: fresh, created };
  });
}

export type ProvenContact = 'email' | 'phone';

export const PROVEN_CONTACT_MESSAGES = {
  emailOfPhoneAccount: 'This email is on an account that signs in with its phone number. Please sign in with that phone number.',
  phoneOfEmailAccount: 'This phone number is on an account that signs in with its email. Please sign in with that email.',
} as const;

/**
 * The one way an account's email or phone becomes proven (a code or link sent to it, a provider's, the wallet's or the
 * caller app's word). The first proof of an account nothing was proven on before means it may have been opened by
 * someone else to catch its owner's sign-in (pre-hijack): the owner takes it over in this transaction. The password
 * nobody proved is dropped, session_version rises (every u_auth cookie fails), every token is revoked (API, reset and
 * sign-in links) and outside sign-ins linked before are unlinked. An account already proven is not logged out again,
 * and keeps a password its proven owner set. A contact only typed on an account proven through its other contact
 * proves nothing there: its prover may be another person (sign-in by phone then opens an account of its own;
 * the email, which names one account, is refused with a way in).
 */
export async function proveContact(db: DbOrTx, userId: number, contact: ProvenContact, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [u] = await tx.select({ email: users.email, email_verified_at: users.email_verified_at, phone_verified_at: users.phone_verified_at }).from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw notFound('User not found');
    const [proven, other] = contact === 'email' ? [u.email_verified_at, u.phone_verified_at] : [u.phone_verified_at, u.email_verified_at];
    if (!proven) {
      if (other) throw conflict(contact === 'email' ? PROVEN_CONTACT_MESSAGES.emailOfPhoneAccount : PROVEN_CONTACT_MESSAGES.phoneOfEmailAccount);
      await tx
        .update(users)
        .set({ password_hash: null, session_version: sql`${users.session_version} + 1`, [contact === 'email' ? 'email_verified_at' : 'phone_verified_at']: now, updated_at: now })
        .where(eq(users.id, userId));
      await tx.update(authTokens).set({ revoked_at: now }).where(and(eq(authTokens.user_id, userId), isNull(authTokens.revoked_at)));
      await tx.delete(userIdentities).where(eq(userIdentities.user_id, userId));
    }
    if (contact === 'email') await claimGuestOrders(tx, userId, u.email);
  });
}
