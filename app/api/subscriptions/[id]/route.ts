import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { notFound } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { requestOrigin } from '@/lib/seo/request-origin';
import { subscriptionOf } from '@/lib/portfolio/queries';
import { applySipChange, sipHintCookie, SIP_MANAGE_ERRORS } from '@/lib/sip/manage';
import { SipChangeSchema, SubscriptionIdSchema } from '@/lib/validation/sip-manage';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const PRIVATE = { 'Cache-Control': 'private, no-store' };

// one of the signed-in user's SIPs (another user's answers 404)
export const GET = handle(async (request, { params }: Ctx) => {
  const { id } = parseWith(z.object({ id: SubscriptionIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const sub = await subscriptionOf(db, user.id, id);
  if (!sub) throw notFound(SIP_MANAGE_ERRORS.notFound);
  return json({ data: sub }, { headers: PRIVATE });
});

// issue 14: pause (1-3 months), resume, skip next month, change the payment method or cancel, by the SIP's owner
export const PUT = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: SubscriptionIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const change = await parseJsonBody(SipChangeSchema, request);
  const outcome = await applySipChange(db, { userId: user.id, subscriptionId: id }, change, { origin: await requestOrigin(request) });
  // the SIP guard at the edge reads its state from this cookie
  return json({ data: outcome }, { headers: { ...PRIVATE, 'Set-Cookie': await sipHintCookie(db, user.id, request) } });
});
