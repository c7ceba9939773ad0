import { z } from 'zod';
import { route } from '@/lib/api/route';
import { json } from '@/lib/http/respond';
import { OrderIdSchema } from '@/lib/validation/donation';
import { GiftTaxDetailsSchema } from '@/lib/validation/tax';
import { addGiftTaxDetails } from '@/lib/tax/donor-details';

export const dynamic = 'force-dynamic';

// A gift without a PAN gets one (and the donor's address) from its receipt page: the donor's own, or a receipt link's guest
export const PUT = route({ who: 'visitor', params: z.object({ oi: OrderIdSchema }), body: GiftTaxDetailsSchema }, async ({ db, user, params: { oi }, body }) => {
  await addGiftTaxDetails(db, oi, { userId: user?.id ?? null, token: body.receipt_token }, body);
  return json({ data: { saved: true } });
});
