import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { handlePaymentReturn } from '@/lib/payments/results';
import { failureRedirect, thankYouPath } from '@/lib/payments/redirects';
import { fundraisers } from '@/lib/db/schema';
import { requestOrigin } from '@/lib/seo/request-origin';

export const dynamic = 'force-dynamic';

// spec 7: POST payment/response/{oi} with the params the gateway returned (none: ask the gateway again)
export const POST = handle(async (request, { params }: { params: Promise<{ oi: string }> }) => {
  const { oi } = parseWith(z.object({ oi: z.string().min(4).max(64) }), await params);
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const returned = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = await getDb();
  const order = await handlePaymentReturn(db, oi, returned, requestOrigin(request));
  const [f] = await db.select({ id: fundraisers.id, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, order.campaign_id));
  const status = order.status === 'success' ? 'success' : order.status === 'failed' ? 'failed' : 'pending';
  const redirect = status === 'success' ? thankYouPath(f.custom_tag, order.order_id) : status === 'failed' ? failureRedirect(order.origin, f, order.failure_reason) : null;
  return json({ data: { order_id: order.order_id, status, charged: order.charged, failure_reason: order.failure_reason, redirect } }, { headers: { 'Cache-Control': 'no-store' } });
});
