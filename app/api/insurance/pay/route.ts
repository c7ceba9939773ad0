import { json } from '@/lib/http/respond';
import { rateLimited } from '@/lib/http/errors';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { PayPolicySchema } from '@/lib/validation/insurance';
import { payPolicy } from '@/lib/insurance/policies';
import { INSURANCE_WRITE_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST insurance/pay: the premium as an order (kind insurance) through a gateway the server picks; the answer
// is the order, as fundraisers/{id}/order answers it, so payment/send and new/payment-route follow as for a gift
export const POST = route({ who: 'user', body: PayPolicySchema }, async ({ request, db, user, body: input }) => {
  if (!(await hitRateLimit(db, `insurance:ip:${clientIp(request)}`, INSURANCE_WRITE_LIMIT_PER_IP)).allowed) throw rateLimited();
  const order = await payPolicy(db, user, input, { origin: await requestOrigin(request) });
  return json(
    {
      data: {
        order_id: order.order_id,
        policy_id: order.insurance_policy_id,
        payment_mode: order.payment_mode,
        payment_gateway: order.payment_gateway,
        iso_currency: order.iso_currency,
        donated_amount_minor: order.donated_amount_minor,
        tip_amount_minor: order.tip_amount_minor,
        status: order.status,
        charged: order.charged,
      },
    },
    { status: 201, headers: { 'Cache-Control': 'private, no-store' } },
  );
});
