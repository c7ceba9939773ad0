import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { OrderIdSchema } from '@/lib/validation/donation';
import { receiptOf } from '@/lib/portfolio/queries';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the receipt of one of the signed-in user's own successful orders; another user's order is a 404, not a 403,
// so order ids cannot be probed
export const GET = route({ who: 'user', params: z.object({ orderId: OrderIdSchema }), cache: CACHE.private }, async ({ db, user, params: { orderId } }) => {
  const receipt = await receiptOf(db, user.id, orderId);
  if (!receipt) throw notFound('Receipt not found');
  return json({ data: receipt });
});
