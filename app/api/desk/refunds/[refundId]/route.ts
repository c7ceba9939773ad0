import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { cancelRefund, releaseRefund } from '@/lib/desk/refunds';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { DeskRefundIdSchema, HeldRefundDecisionSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// finance releases a held refund to the gateway, or cancels it with a reason
export const POST = route({ who: 'staff', staff: 'refund.release', params: z.object({ refundId: DeskRefundIdSchema }), body: HeldRefundDecisionSchema, cache: CACHE.private }, async ({ db, user, request, params, body }) => {
  const actor = deskActor(user, request);
  const data = body.decision === 'release' ? await releaseRefund(db, actor, params.refundId, await requestOrigin(request)) : await cancelRefund(db, actor, params.refundId, body.reason);
  return json({ data });
});
