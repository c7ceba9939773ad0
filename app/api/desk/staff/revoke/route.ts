import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { revokeStaffRole } from '@/lib/desk/staff';
import { StaffRevokeSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// an admin takes a staff role away (never the last admin's)
export const POST = route({ who: 'staff', staff: 'staff.manage', body: StaffRevokeSchema, cache: CACHE.private }, async ({ db, user, request, body }) => {
  await revokeStaffRole(db, deskActor(user, request), body.user_id, body.role);
  return json({ data: { user_id: body.user_id, role: body.role, revoked: true } });
});
