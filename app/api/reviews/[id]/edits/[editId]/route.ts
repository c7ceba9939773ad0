import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';
import { decideHeldEdit } from '@/lib/fundraisers/live-edits';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a reviewer approves a live fundraiser's held change of words (public at once) or declines it with a reason
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, editId: FundraiserIdSchema }), body: ReviewDecisionSchema, cache: CACHE.private }, async ({ db, user, body: decision, params: { id, editId } }) => {
  return json({ data: await decideHeldEdit(db, user, id, editId, decision) });
});
