import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { resendReceipt } from '@/lib/desk/orders';
import { DeskOrderIdSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// the receipt of a paid gift, sent again to the donor's email
export const POST = route({ who: 'staff', staff: 'receipt.resend', params: z.object({ orderId: DeskOrderIdSchema }), cache: CACHE.private }, async ({ db, user, request, params }) =>
  json({ data: await resendReceipt(db, deskActor(user, request), params.orderId) }),
);
