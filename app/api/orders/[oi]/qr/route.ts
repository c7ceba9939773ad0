import QRCode from 'qrcode';
import { z } from 'zod';
import { OrderIdSchema } from '@/lib/validation/donation';
import { ApiError } from '@/lib/http/errors';
import { orderByOrderId } from '@/lib/payments/results';
import { assertOrderDonor } from '@/lib/payments/checkout-access';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 4: desktop UPI shows a QR code of the payment link; drawn on the server so the page ships no QR code library
export const GET = route({ who: 'donor', params: z.object({ oi: OrderIdSchema }) }, async ({ request, db, user, params: { oi } }) => {
  const order = await orderByOrderId(db, oi);
  // the payment link is the donor's: their session, or the browser that made the cart
  await assertOrderDonor(request, order, user);
  if (!order.url || order.status === 'success') throw new ApiError('conflict', 'This order has no open payment link');
  const svg = await QRCode.toString(order.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, no-store' } });
});
