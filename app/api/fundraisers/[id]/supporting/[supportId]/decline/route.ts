import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { declineSupportingFundraiser } from '@/lib/fundraisers/supporting';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the parent's campaigner declines a supporting fundraiser raising for theirs (404 to anyone else)
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, supportId: FundraiserIdSchema }), cache: CACHE.private }, async ({ db, user, params: { id, supportId } }) => {
  return json({ data: await declineSupportingFundraiser(db, user, id, supportId) });
});
