import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { subscriptionOf } from '@/lib/portfolio/queries';
import { applySipChange, SIP_MANAGE_ERRORS } from '@/lib/sip/manage';
import { sipHintCookie } from '@/lib/sip/queries';
import { SipChangeSchema, SubscriptionIdSchema } from '@/lib/validation/sip-manage';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

// one of the signed-in user's SIPs (another user's answers 404)
export const GET = route({ who: 'user', params: z.object({ id: SubscriptionIdSchema }) }, async ({ db, user, params: { id } }) => {
  const sub = await subscriptionOf(db, user.id, id);
  if (!sub) throw notFound(SIP_MANAGE_ERRORS.notFound);
  return json({ data: sub }, { headers: PRIVATE });
});

// pause (1-3 months), resume, skip next month, change the payment method or cancel, by the SIP's owner
export const PUT = route({ who: 'user', params: z.object({ id: SubscriptionIdSchema }), body: SipChangeSchema }, async ({ request, db, user, body: change, params: { id } }) => {
  const outcome = await applySipChange(db, { userId: user.id, subscriptionId: id }, change, { origin: await requestOrigin(request) });
  // the SIP guard at the edge reads its state from this cookie
  return json({ data: outcome }, { headers: { ...PRIVATE, 'Set-Cookie': await sipHintCookie(db, user.id, request) } });
});
