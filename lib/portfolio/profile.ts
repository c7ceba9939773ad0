// PUT users/me: the profile fields a user may change about themselves (never email, role or flags).
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../http/errors';
import { parseWith } from '../http/validation';
import { ProfileSchema } from '../validation/profile';
import { accountOf } from './queries';

/** Validates the changes against spec 5 and saves them; fields left out keep their stored value. */
export async function updateProfile(db: DbOrTx, userId: number, body: Record<string, unknown>) {
  const [stored] = await db.select({ extension: users.extension, phone_1: users.phone_1 }).from(users).where(eq(users.id, userId));
  if (!stored) throw notFound('User not found');
  // a phone or pincode sent alone is checked against the dialling code already on the profile
  const withExtension = body.extension === undefined && stored.extension ? { ...body, extension: stored.extension } : body;
  const changes = parseWith(ProfileSchema, withExtension);
  const set: Partial<typeof users.$inferInsert> = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  // a number typed here is not proven: until its owner proves it, no phone sign-in opens this account with it
  if (set.phone_1 !== undefined && set.phone_1 !== stored.phone_1) set.phone_verified_at = null;
  if (Object.keys(set).length) await db.update(users).set({ ...set, updated_at: new Date() }).where(eq(users.id, userId));
  return accountOf(db, userId);
}
