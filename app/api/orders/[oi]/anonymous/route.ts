import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { OrderIdSchema } from '@/lib/validation/donation';
import { AnonymousFlagSchema } from '@/lib/validation/donors';
import { setDonationAnonymous } from '@/lib/donations/anonymous';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "PUT anonymous flag": the donor shows or hides their name on their own donation (404 for anyone else's)
export const PUT = route({ who: 'user', params: z.object({ oi: OrderIdSchema }) }, async ({ request, db, user, params: { oi } }) => {
  return json({ data: await setDonationAnonymous(db, user, oi, await parseJsonBody(AnonymousFlagSchema, request)) });
});
