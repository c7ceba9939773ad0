import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { correctDonorDetails } from '@/lib/desk/orders';
import { DeskOrderIdSchema, DonorCorrectionSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// the donor's name, email, PAN and address corrected on the gift
export const POST = route({ who: 'staff', staff: 'donor.correct', params: z.object({ orderId: DeskOrderIdSchema }), body: DonorCorrectionSchema, cache: CACHE.private }, async ({ db, user, request, params, body }) =>
  json({ data: await correctDonorDetails(db, deskActor(user, request), params.orderId, body) }),
);
