import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { OrderIdSchema } from '@/lib/validation/donation';
import { AcknowledgeSchema } from '@/lib/validation/donors';
import { acknowledgeDonation } from '@/lib/fundraisers/acknowledge';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "PUT acknowledge form": the campaigner, owner or manager thanks one donation's donor (404 to anyone else)
export const PUT = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, orderId: OrderIdSchema }) }, async ({ request, db, user, params: { id, orderId } }) => {
  return json({ data: await acknowledgeDonation(db, user, id, orderId, await parseJsonBody(AcknowledgeSchema, request)) });
});
