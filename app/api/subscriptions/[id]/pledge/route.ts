import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { raisePledge } from '@/lib/sip/manage';
import { PledgeChangeSchema } from '@/lib/validation/sip';
import { SubscriptionIdSchema } from '@/lib/validation/sip-manage';
import { requestOrigin } from '@/lib/seo/request-origin';

export const dynamic = 'force-dynamic';

// spec 7 PUT increase pledge: raises only (up to the mandate's limit); a lower or equal amount is refused with a 422
// naming the lower action (PUT subscriptions/{id} action lower), which keeps its own rules
export const PUT = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: SubscriptionIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const { amount } = await parseJsonBody(PledgeChangeSchema, request);
  return json({ data: await raisePledge(db, { userId: user.id, subscriptionId: id }, amount, { origin: await requestOrigin(request) }) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
