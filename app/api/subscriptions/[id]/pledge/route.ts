import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { raisePledge } from '@/lib/sip/manage';
import { PledgeChangeSchema } from '@/lib/validation/sip';
import { SubscriptionIdSchema } from '@/lib/validation/sip-manage';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 PUT increase pledge: raises only (up to the mandate's limit); a lower or equal amount is refused with a 422
// naming the lower action (PUT subscriptions/{id} action lower), which keeps its own rules
export const PUT = route({ who: 'user', params: z.object({ id: SubscriptionIdSchema }), body: PledgeChangeSchema, cache: CACHE.private }, async ({ request, db, user, body: { amount }, params: { id } }) => {
  return json({ data: await raisePledge(db, { userId: user.id, subscriptionId: id }, amount, { origin: await requestOrigin(request) }) });
});
