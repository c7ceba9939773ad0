import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { createCoupon, listCoupons } from '@/lib/desk/partners';
import { CouponSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// sponsors' coupons
export const GET = route({ who: 'staff', staff: 'coupons.manage', cache: CACHE.private }, async ({ db }) => json({ data: await listCoupons(db) }));

// an admin adds a sponsor's coupon
export const POST = route({ who: 'staff', staff: 'coupons.manage', body: CouponSchema, cache: CACHE.private }, async ({ db, user, request, body }) =>
  json({ data: await createCoupon(db, deskActor(user, request), body) }),
);
