// Staff of the operations desk: platform memberships 'support', 'finance' and 'admin', granted on the desk by an admin
// (the first by `npm run staff:grant`). What each role may do is ROLE_CAPABILITIES; anyone else is told the desk does not exist.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { memberships } from '../db/schema';
import { notFound } from '../http/errors';
import { ROLE_CAPABILITIES, STAFF_ROLES, type DeskCapability, type StaffRole } from '../constants/desk';

export const STAFF_SCOPE = 'platform';

/** A signed-in staff member and the roles they hold now. */
export interface StaffMember {
  id: number;
  full_name: string;
  email: string;
  staffRoles: StaffRole[];
}

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The staff roles a user holds (empty for everyone else), in STAFF_ROLES order. */
export async function staffRolesOf(db: DbOrTx, userId: number): Promise<StaffRole[]> {
  const rows = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.user_id, userId), eq(memberships.scope, STAFF_SCOPE), inArray(memberships.role, [...STAFF_ROLES])));
  const held = new Set(rows.map((r) => r.role));
  return STAFF_ROLES.filter((r) => held.has(r));
}

/** True when one of these roles allows the capability. */
export const rolesAllow = (roles: readonly StaffRole[], capability: DeskCapability): boolean => roles.some((r) => ROLE_CAPABILITIES[r].includes(capability));

/** Every capability these roles give, for pages that show only what their reader may use. */
export const capabilitiesOf = (roles: readonly StaffRole[]): Set<DeskCapability> => new Set(roles.flatMap((r) => ROLE_CAPABILITIES[r]));

/**
 * The staff member behind this user when their roles allow the capability; for anyone else (a signed-out visitor
 * too) the desk does not exist: 404, so nobody learns where it is.
 */
export async function requireStaff<U extends { id: number; full_name: string; email: string }>(db: DbOrTx, user: U | null, capability: DeskCapability): Promise<U & { staffRoles: StaffRole[] }> {
  if (!user) throw notFound();
  const staffRoles = await staffRolesOf(db, user.id);
  if (!rolesAllow(staffRoles, capability)) throw notFound();
  return { ...user, staffRoles };
}
