import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { OrderIdSchema } from '@/lib/validation/donation';
import { orderByOrderId, orderView } from '@/lib/payments/results';
import { isOrderDonor } from '@/lib/payments/checkout-access';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 order details: to the order's donor (their session, or the browser that made its cart) or with the gateway's
// signed return for this order (query parameters); anyone else holding the id is told it does not exist
export const GET = route({ who: 'donor', params: z.object({ oi: OrderIdSchema }), cache: CACHE.private }, async ({ request, db, user, params: { oi } }) => {
  const order = await orderByOrderId(db, oi);
  const returned = parseWith(z.record(z.string(), z.string()), Object.fromEntries(new URL(request.url).searchParams));
  const donor = await isOrderDonor(request, order, user);
  const view = await orderView(db, order, { donor, returned, origin: await requestOrigin(request) });
  return json({ data: view });
});
