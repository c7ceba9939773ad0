import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { OrderIdSchema } from '@/lib/validation/donation';
import { receiptOf } from '@/lib/portfolio/queries';

export const dynamic = 'force-dynamic';

// the receipt of one of the signed-in user's own successful orders; another user's order is a 404, not a 403,
// so order ids cannot be probed
export const GET = handle(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = parseWith(z.object({ orderId: OrderIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const receipt = await receiptOf(db, user.id, orderId);
  if (!receipt) throw notFound('Receipt not found');
  return json({ data: receipt }, { headers: { 'Cache-Control': 'private, no-store' } });
});
