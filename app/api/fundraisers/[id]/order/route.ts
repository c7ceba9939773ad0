import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { OrderSchema } from '@/lib/validation/donation';
import { placeOrder } from '@/lib/donations/service';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { rateLimited } from '@/lib/http/errors';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { ORDER_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { checkoutReaderOf } from '@/lib/payments/checkout-access';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST fundraisers/{id}/order (placement payload); Idempotency-Key makes a retried or double-clicked request answer the same order.
// Only the cart's donor (their session, or the browser that made the cart) places or reads it; anyone else gets 404.
export const POST = route({ who: 'donor', params: z.object({ id: FundraiserIdSchema }), body: OrderSchema }, async ({ request, db, user, body: input, params: { id } }) => {
  if (!(await hitRateLimit(db, `order:ip:${clientIp(request)}`, ORDER_LIMIT_PER_IP)).allowed) throw rateLimited('Too many donation attempts. Please wait a few minutes and try again.');
  const reader = await checkoutReaderOf(request, user);
  const order = await placeOrder(db, id, input, { origin: await requestOrigin(request), idempotencyKey: request.headers.get('idempotency-key'), reader });
  return json(
    { data: { order_id: order.order_id, campaign_id: order.fundraiser_id, payment_mode: order.payment_mode, payment_gateway: order.payment_gateway, iso_currency: order.iso_currency, donated_amount_minor: order.donated_amount_minor, tip_amount_minor: order.tip_amount_minor, status: order.status, charged: order.charged } },
    { status: 201 },
  );
});
