import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { submitForReview } from '@/lib/fundraisers/review';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7's "PUT update and publish" keeps its URL, but it only submits the draft for review: decideReview makes it public
export const PUT = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), cache: CACHE.private }, async ({ db, user, params: { id } }) => {
  return json({ data: await submitForReview(db, user, id) });
});
