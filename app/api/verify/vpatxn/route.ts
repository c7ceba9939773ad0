import { json } from '@/lib/http/respond';
import { VpaTxnSchema } from '@/lib/validation/donation';
import { orderByOrderId, paymentReturnResult } from '@/lib/payments/results';
import { assertOrderDonor } from '@/lib/payments/checkout-access';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/vpatxn, the VPA (and UPI QR) transaction status the payment page polls every 5 s: to the order's
// donor only (their session, or the browser that made its cart), not to anyone holding the id
export const POST = route({ who: 'donor', body: VpaTxnSchema, cache: CACHE.private }, async ({ request, db, user, body: { order_id } }) => {
  await assertOrderDonor(request, await orderByOrderId(db, order_id), user);
  return json({ data: await paymentReturnResult(db, order_id, {}, await requestOrigin(request)) });
});
