import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { grantStaffRole, listStaff } from '@/lib/desk/staff';
import { StaffGrantSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// the desk's staff and their roles
export const GET = route({ who: 'staff', staff: 'staff.manage', cache: CACHE.private }, async ({ db }) => json({ data: await listStaff(db) }));

// an admin gives an account a staff role
export const POST = route({ who: 'staff', staff: 'staff.manage', body: StaffGrantSchema, cache: CACHE.private }, async ({ db, user, request, body }) =>
  json({ data: await grantStaffRole(db, deskActor(user, request), body.email, body.role) }),
);
