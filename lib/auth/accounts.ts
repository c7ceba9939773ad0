// Users as sign-in sees them: find by email or phone, create, link outside identities.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authTokens, userIdentities, users } from '../db/schema';
import { claimGuestOrders } from '../donations/claim';
import { conflict } from '../http/errors';
import { hashSecret } from '../secrets';
import { ACCOUNT_MESSAGES } from '../validation/accounts';

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
    let user: UserRow | null = null;
    if (identity.email && identity.emailVerified) {
      user = await findUserByEmail(tx, identity.email);
      if (user && !user.email_verified_at) await takeOverUnprovenAccount(tx, user.id);
    }
    if (!user && opts.linkByPhone && identity.phone) {
      user = await findUserByPhone(tx, identity.phone);
      if (user && !user.phone_verified_at) await takeOverUnprovenAccount(tx, user.id);
    }
    let created = false;
    if (!user) {
      const email = identity.email && identity.emailVerified ? identity.email : dummyEmailFor(identity.provider, identity.subject);
      user = await createUser(tx, {
        full_name: identity.full_name?.trim() || 'Sahyog supporter',
        email,
        phone_1: identity.phone ?? null,
        registration_source: identity.provider,
        is_dummy_email: email.endsWith(`@${DUMMY_EMAIL_DOMAIN}`),
      });
      created = true;
    }
    await tx.insert(userIdentities).values({ user_id: user.id, provider: identity.provider, subject: identity.subject, email: identity.email ?? null }).onConflictDoNothing();
    await recordVerifiedContact(tx, user.id, { email: Boolean(identity.emailVerified && identity.email?.toLowerCase() === user.email.toLowerCase()), phone: Boolean(opts.linkByPhone && identity.phone && identity.phone === user.phone_1) });
    return { user, created };
  });
}

/**
 * Someone proved an email or phone that an account was opened with but never proved: that account may
 * have been pre-registered by another person to catch the owner's later sign-in. The owner takes it
 * over: the password nobody proved goes (a reset sets a new one) and every existing session ends.
 */
async function takeOverUnprovenAccount(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ password_hash: null, session_version: sql`${users.session_version} + 1`, updated_at: new Date() }).where(eq(users.id, userId));
  await db.update(authTokens).set({ revoked_at: new Date() }).where(and(eq(authTokens.user_id, userId), isNull(authTokens.revoked_at)));
}

/** The user just proved the email (a code or link sent to it, a provider's word) or phone: note it, and claim guest donations to that email. */
export async function recordVerifiedContact(db: DbOrTx, userId: number, proved: { email?: boolean; phone?: boolean }): Promise<void> {
  const now = new Date();
  if (proved.email) {
    const [u] = await db.update(users).set({ email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)` }).where(eq(users.id, userId)).returning({ email: users.email });
    if (u) await claimGuestOrders(db, userId, u.email);
  }
  if (proved.phone) await db.update(users).set({ phone_verified_at: sql`coalesce(${users.phone_verified_at}, ${now.toISOString()}::timestamptz)` }).where(eq(users.id, userId));
}
