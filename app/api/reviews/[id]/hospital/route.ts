import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { confirmHospital } from '@/lib/fundraisers/proof';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a reviewer confirms the hospital a campaigner entered by hand; it joins the public list
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), cache: CACHE.private }, async ({ db, user, params: { id } }) => {
  return json({ data: await confirmHospital(db, user, id) });
});
