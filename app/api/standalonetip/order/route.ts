import { json } from '@/lib/http/respond';
import { OrderSchema } from '@/lib/validation/donation';
import { placeTipOrder } from '@/lib/donations/tip';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { rateLimited } from '@/lib/http/errors';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { ORDER_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { checkoutReaderOf } from '@/lib/payments/checkout-access';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the tip cart's order (Idempotency-Key as for a gift), for the cart's donor only; then payment/send as usual
export const POST = route({ who: 'donor', body: OrderSchema }, async ({ request, db, user, body: input }) => {
  if (!(await hitRateLimit(db, `order:ip:${clientIp(request)}`, ORDER_LIMIT_PER_IP)).allowed) throw rateLimited('Too many payment attempts. Please wait a few minutes and try again.');
  const reader = await checkoutReaderOf(request, user);
  const order = await placeTipOrder(db, input, { origin: await requestOrigin(request), idempotencyKey: request.headers.get('idempotency-key'), reader });
  return json(
    { data: { order_id: order.order_id, payment_mode: order.payment_mode, payment_gateway: order.payment_gateway, iso_currency: order.iso_currency, tip_amount_minor: order.tip_amount_minor, status: order.status, charged: order.charged } },
    { status: 201 },
  );
});
