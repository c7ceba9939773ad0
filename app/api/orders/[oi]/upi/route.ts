import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { OrderIdSchema } from '@/lib/validation/donation';
import { orderByOrderId } from '@/lib/payments/results';
import { upiLinksOf } from '@/lib/payments/upi-links';
import { assertOrderDonor } from '@/lib/payments/checkout-access';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { env } from '@/lib/env';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET UPI links (two variants): the upi://pay intent and the QR payload of an order waiting for UPI
export const GET = route({ who: 'visitor', params: z.object({ oi: OrderIdSchema }), cache: CACHE.private }, async ({ request, db, user, params: { oi } }) => {
  const order = await orderByOrderId(db, oi);
  // who may pay is asked before anything about the order's state is told: its donor (session, or the browser that made the cart)
  await assertOrderDonor(request, order, user);
  const data = await upiLinksOf(db, order, { origin: await requestOrigin(request), productName: env().PRODUCT_NAME });
  return json({ data });
});
