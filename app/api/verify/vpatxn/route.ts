import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { VpaTxnSchema } from '@/lib/validation/donation';
import { paymentReturnResult } from '@/lib/payments/results';
import { requestOrigin } from '@/lib/seo/request-origin';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/vpatxn, the VPA (and UPI QR) transaction status the payment page polls every 5 s
export const POST = handle(async (request) => {
  const { order_id } = await parseJsonBody(VpaTxnSchema, request);
  const db = await getDb();
  return json({ data: await paymentReturnResult(db, order_id, {}, await requestOrigin(request)) }, { headers: { 'Cache-Control': 'no-store' } });
});
