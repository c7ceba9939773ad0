import { z } from 'zod';
import { route, CACHE } from '@/lib/api/route';
import { notFound } from '@/lib/http/errors';
import { OrderIdSchema } from '@/lib/validation/donation';
import { RECEIPT_LINK_PARAM } from '@/lib/constants/portfolio';
import { openReceipt } from '@/lib/portfolio/receipt-access';
import { taxReceiptFile } from '@/lib/tax/receipt-file';

export const dynamic = 'force-dynamic';

// The 80G receipt's PDF, guarded as the receipt page is: the donor's own order, or the order a signed receipt link opens
export const GET = route(
  { who: 'visitor', params: z.object({ oi: OrderIdSchema }), query: z.object({ [RECEIPT_LINK_PARAM]: z.string().max(200).optional() }), cache: CACHE.private },
  async ({ db, user, params: { oi }, query }) => {
    await openReceipt(db, oi, { userId: user?.id ?? null, token: query[RECEIPT_LINK_PARAM] });
    const file = await taxReceiptFile(db, oi);
    if (!file) throw notFound('This donation has no 80G receipt');
    return new Response(new Uint8Array(file.content), {
      headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"`, 'x-content-type-options': 'nosniff' },
    });
  },
);
