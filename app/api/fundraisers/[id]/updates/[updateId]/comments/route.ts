import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CommentSchema } from '@/lib/validation/story';
import { addComment, readableFundraiser } from '@/lib/story/service';
import { fundraiserChanged } from '@/lib/cache/invalidate';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, updateId: FundraiserIdSchema }), signInMessage: 'Please sign in to comment' }, async ({ request, db, user, params: { id, updateId } }) => {
  await readableFundraiser(db, request, id);
  const { comment } = await parseJsonBody(CommentSchema, request);
  const row = await addComment(db, { fundraiserId: id, updateId, userId: user.id, body: comment });
  await fundraiserChanged(db, id);
  return json({ data: { id: row.id, body: row.body, author_name: user.full_name, created_at: row.created_at } }, { status: 201 });
});
