import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { markDocumentsChecked } from '@/lib/fundraisers/proof';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a reviewer has checked the medical estimate and the beneficiary's ID (the story's "documents verified")
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), cache: CACHE.private }, async ({ db, user, params: { id } }) => {
  return json({ data: await markDocumentsChecked(db, user, id) });
});
