// People: made by createUser as sign-up makes them; what sign-up cannot set (a verified email, a hospital) is set after.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entityDetails, hospitals, memberships, users } from '@/lib/db/schema';
import { createUser, type NewUser } from '@/lib/auth/accounts';
import { MEMBERSHIP } from '@/lib/permissions/can';
import { grantStaffRole } from '@/lib/desk/staff';
import type { StaffRole } from '@/lib/constants/desk';
import { referenceData, unique } from './database';

type UserRow = typeof users.$inferSelect;
export type UserOverrides = Partial<NewUser> & Partial<Omit<typeof users.$inferInsert, keyof NewUser | 'id'>>;

/** A person with a unique example.com email; any column can be given. */
export async function makeUser(db: Db, nameOrValues: string | UserOverrides = 'Test Person'): Promise<UserRow> {
  const values = typeof nameOrValues === 'string' ? { full_name: nameOrValues } : nameOrValues;
  const { full_name = 'Test Person', email, password, phone_1, extension, entity_type, registration_source, is_subscribed, is_dummy_email, ...rest } = values;
  const made = await createUser(db, {
    full_name,
    email: email ?? `${unique(full_name.toLowerCase().replace(/\W+/g, '.'))}@example.com`,
    password,
    phone_1,
    extension,
    entity_type,
    registration_source,
    is_subscribed,
    is_dummy_email,
  });
  if (!Object.keys(rest).length) return made;
  const [user] = await db.update(users).set(rest).where(eq(users.id, made.id)).returning();
  return user;
}

type EntityValues = Partial<Omit<typeof entityDetails.$inferInsert, 'user_id' | 'entity_type'>>;

/** An NGO's account with its entity (what an NGO fundraiser raises for); the entity's details can be given. */
export async function makeNgo(db: Db, values: UserOverrides = {}, entityValues: EntityValues = {}) {
  const user = await makeUser(db, { full_name: 'Test NGO', entity_type: 'ngo', ...values });
  const [entity] = await db.insert(entityDetails).values({ name: user.full_name, ...entityValues, user_id: user.id, entity_type: 'ngo' }).returning();
  return { user, entity };
}

/** A hospital's desk: an account marked as a hospital, tied to a hospital of the list, with its own entity. */
export async function makeHospitalDesk(db: Db, values: UserOverrides = {}) {
  await referenceData(db);
  const [hospital] = await db.select().from(hospitals).orderBy(hospitals.id).limit(1);
  const user = await makeUser(db, { full_name: 'Test Hospital Desk', is_hospital: true, hospital_id: hospital.id, ...values });
  const [entity] = await db.insert(entityDetails).values({ user_id: user.id, entity_type: 'individual', name: `${user.full_name} entity` }).returning();
  return { user, entity, hospital };
}

/** A platform reviewer (the reviewer membership; REVIEWER_EMAILS is the other way in). */
export async function makeReviewer(db: Db, values: UserOverrides = {}): Promise<UserRow> {
  const user = await makeUser(db, { full_name: 'Test Reviewer', email_verified_at: new Date(), ...values });
  await db.insert(memberships).values({ user_id: user.id, scope: MEMBERSHIP.reviewer.scope, role: MEMBERSHIP.reviewer.role });
  return user;
}

/** A desk staff member holding these roles, granted as `npm run staff:grant` does. */
export async function makeStaff(db: Db, roles: readonly StaffRole[], values: UserOverrides = {}): Promise<UserRow> {
  const user = await makeUser(db, { full_name: `Test ${roles.join(' ')} staff`, email_verified_at: new Date(), ...values });
  for (const role of roles) await grantStaffRole(db, null, user.email, role);
  return user;
}
