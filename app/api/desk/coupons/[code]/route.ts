import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { updateCoupon } from '@/lib/desk/partners';
import { CouponSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// an admin changes a coupon's terms or switches it off
export const POST = route({ who: 'staff', staff: 'coupons.manage', params: z.object({ code: z.string().trim().min(1).max(60) }), body: CouponSchema, cache: CACHE.private }, async ({ db, user, request, params, body }) =>
  json({ data: await updateCoupon(db, deskActor(user, request), params.code, body) }),
);
