import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { VpaTxnSchema } from '@/lib/validation/donation';
import { handlePaymentReturn } from '@/lib/payments/results';
import { failureRedirect, thankYouPath } from '@/lib/payments/redirects';
import { fundraisers } from '@/lib/db/schema';
import { requestOrigin } from '@/lib/seo/request-origin';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/vpatxn, the VPA transaction status the payment page polls every 5 s
export const POST = handle(async (request) => {
  const { order_id } = await parseJsonBody(VpaTxnSchema, request);
  const db = await getDb();
  const order = await handlePaymentReturn(db, order_id, {}, requestOrigin(request));
  const [f] = await db.select({ id: fundraisers.id, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, order.campaign_id));
  const status = order.status === 'success' ? 'success' : order.status === 'failed' ? 'failed' : 'pending';
  const redirect = status === 'success' ? thankYouPath(f.custom_tag, order.order_id) : status === 'failed' ? failureRedirect(order.origin, f, order.failure_reason) : null;
  return json({ data: { order_id, status, failure_reason: order.failure_reason, redirect } }, { headers: { 'Cache-Control': 'no-store' } });
});
