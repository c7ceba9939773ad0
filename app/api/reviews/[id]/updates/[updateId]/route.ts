import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';
import { decideHeldUpdate } from '@/lib/fundraisers/updates';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a reviewer approves a held update (on the story and emailed to donors now) or declines it with a reason
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, updateId: FundraiserIdSchema }), body: ReviewDecisionSchema, cache: CACHE.private }, async ({ db, user, body: decision, params: { id, updateId } }) => {
  return json({ data: await decideHeldUpdate(db, user, id, updateId, decision) });
});
