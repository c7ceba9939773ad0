import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { deskRefund } from '@/lib/desk/refunds';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { DeskOrderIdSchema, DeskRefundSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// a full or partial refund of a paid gift, with its reason
export const POST = route({ who: 'staff', staff: 'refund.request', params: z.object({ orderId: DeskOrderIdSchema }), body: DeskRefundSchema, cache: CACHE.private }, async ({ db, user, request, params, body }) =>
  json({ data: await deskRefund(db, deskActor(user, request), params.orderId, body, await requestOrigin(request)) }),
);
