import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';
import { decideReview } from '@/lib/fundraisers/review';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a reviewer approves (live at once: listings, sitemap, story) or sends the draft back with a reason
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), body: ReviewDecisionSchema, cache: CACHE.private }, async ({ db, user, body: decision, params: { id } }) => {
  return json({ data: await decideReview(db, user, id, decision) });
});
