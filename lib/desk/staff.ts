// Granting and revoking staff roles: an admin on the desk (audited), or `npm run staff:grant` for the first admin.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, users } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { findUserByEmail } from '../auth/accounts';
import { STAFF_ROLES, type StaffRole } from '../constants/desk';
import { STAFF_SCOPE } from '../permissions/staff';
import { recordStaffAction, type DeskActor } from './audit';

export const STAFF_MESSAGES = {
  noAccount: 'No account has this email. Ask them to sign up first.',
  lastAdmin: 'The desk needs at least one admin: grant admin to someone else first.',
} as const;

export interface StaffListing {
  id: number;
  name: string;
  email: string;
  roles: StaffRole[];
}

/** Everyone holding a staff role, by name. */
export async function listStaff(db: Db): Promise<StaffListing[]> {
  const rows = await db
    .select({ id: users.id, name: users.full_name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.scope, STAFF_SCOPE), inArray(memberships.role, [...STAFF_ROLES])))
    .orderBy(asc(users.full_name), asc(users.id));
  const byUser = new Map<number, StaffListing>();
  for (const r of rows) {
    const s = byUser.get(r.id) ?? { id: r.id, name: r.name, email: r.email, roles: [] };
    s.roles.push(r.role as StaffRole);
    byUser.set(r.id, s);
  }
  return [...byUser.values()].map((s) => ({ ...s, roles: STAFF_ROLES.filter((r) => s.roles.includes(r)) }));
}

/** Gives the account of this email the role (once); an admin on the desk, audited in the same transaction. */
export async function grantStaffRole(db: Db, actor: DeskActor | null, email: string, role: StaffRole): Promise<{ userId: number; granted: boolean }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new ApiError('validation_failed', STAFF_MESSAGES.noAccount, { email: STAFF_MESSAGES.noAccount });
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(memberships).values({ user_id: user.id, scope: STAFF_SCOPE, scope_id: 0, role }).onConflictDoNothing().returning({ id: memberships.id });
    const granted = inserted.length > 0;
    if (granted && actor) await recordStaffAction(tx, actor, { action: 'staff.grant', recordKind: 'user', recordId: user.id, before: null, after: { role, email: user.email } });
    return { userId: user.id, granted };
  });
}

/** Takes the role away; the last admin stays (the desk would have nobody to grant roles). */
export async function revokeStaffRole(db: Db, actor: DeskActor, userId: number, role: StaffRole): Promise<void> {
  await db.transaction(async (tx) => {
    // admins are counted under their rows' locks: two admins revoking each other at once leave one
    const admins = await tx.select({ user_id: memberships.user_id }).from(memberships).where(and(eq(memberships.scope, STAFF_SCOPE), eq(memberships.role, 'admin'))).for('update');
    if (role === 'admin' && admins.length <= 1 && admins.some((a) => a.user_id === userId)) throw conflict(STAFF_MESSAGES.lastAdmin);
    const removed = await tx
      .delete(memberships)
      .where(and(eq(memberships.user_id, userId), eq(memberships.scope, STAFF_SCOPE), eq(memberships.role, role)))
      .returning({ id: memberships.id });
    if (!removed.length) throw notFound('This person does not hold that role');
    const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await recordStaffAction(tx, actor, { action: 'staff.revoke', recordKind: 'user', recordId: userId, before: { role, email: u?.email }, after: null });
  });
}
