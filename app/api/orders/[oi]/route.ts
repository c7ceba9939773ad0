import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { OrderIdSchema } from '@/lib/validation/donation';
import { orderByOrderId, orderView } from '@/lib/payments/results';
import { signedInUser } from '@/lib/auth/session';
import { requestOrigin } from '@/lib/seo/request-origin';

export const dynamic = 'force-dynamic';

// spec 7 order details: the payment status to anyone holding the id; the donor's details only to the
// donor's own session or with the gateway's signed return for this order (query parameters)
export const GET = handle(async (request, { params }: { params: Promise<{ oi: string }> }) => {
  const { oi } = parseWith(z.object({ oi: OrderIdSchema }), await params);
  const db = await getDb();
  const order = await orderByOrderId(db, oi);
  const returned = parseWith(z.record(z.string(), z.string()), Object.fromEntries(new URL(request.url).searchParams));
  const view = await orderView(db, order, { viewer: await signedInUser(db, request).catch(() => null), returned, origin: await requestOrigin(request) });
  return json({ data: view }, { headers: { 'Cache-Control': 'no-store' } });
});
