// Users as sign-in sees them: find by email or phone, create, link outside identities.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userIdentities, users } from '../db/schema';
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
    if (identity.email && identity.emailVerified) user = await findUserByEmail(tx, identity.email);
    if (!user && opts.linkByPhone && identity.phone) user = await findUserByPhone(tx, identity.phone);
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
    return { user, created };
  });
}
