import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { likeUpdate, readableFundraiser } from '@/lib/story/service';
import { fundraiserChanged } from '@/lib/cache/invalidate';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, updateId: FundraiserIdSchema }), signInMessage: 'Please sign in to comment' }, async ({ request, db, user, params: { id, updateId } }) => {
  await readableFundraiser(db, request, id);
  const result = await likeUpdate(db, { fundraiserId: id, updateId, userId: user.id });
  await fundraiserChanged(db, id);
  return json({ data: result });
});
