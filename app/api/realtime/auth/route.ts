import { json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { readBodyText } from '@/lib/http/body';
import { notFound } from '@/lib/http/errors';
import { RealtimeAuthSchema } from '@/lib/validation/donation';
import { orderByOrderId } from '@/lib/payments/results';
import { assertOrderDonor } from '@/lib/payments/checkout-access';
import { authorizeOrderChannel, orderIdOfChannel, pushesPaymentResults } from '@/lib/realtime/order-events';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 4 realtime: pusher-js asks here (form-encoded socket_id, channel_name) before it subscribes to an order's private
// channel; only the order's donor (their session, or the browser that made its cart) is signed for it, anyone else gets
// 404 as for an unknown order
export const POST = route({ who: 'donor', cache: CACHE.private }, async ({ request, db, user }) => {
  if (!pushesPaymentResults()) throw notFound('Realtime updates are not configured');
  const { socket_id, channel_name } = parseWith(RealtimeAuthSchema, Object.fromEntries(new URLSearchParams(await readBodyText(request))));
  const order = await orderByOrderId(db, orderIdOfChannel(channel_name)!);
  await assertOrderDonor(request, order, user);
  return json(authorizeOrderChannel(socket_id, channel_name));
});
