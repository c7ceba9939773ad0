import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskOrder } from '@/lib/desk/orders';
import { DeskOrderIdSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// one order with its donor, gateway events, ledger lines, refunds and emails
export const GET = route({ who: 'staff', staff: 'orders.view', params: z.object({ orderId: DeskOrderIdSchema }), cache: CACHE.private }, async ({ db, params }) => json({ data: await deskOrder(db, params.orderId) }));
