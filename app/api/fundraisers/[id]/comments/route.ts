import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CommentSchema, PageQuerySchema } from '@/lib/validation/story';
import { storyComments } from '@/lib/story/queries';
import { addComment, readableFundraiser } from '@/lib/story/service';
import { fundraiserChanged } from '@/lib/cache/invalidate';
import { STORY_COMMENTS_PAGE_SIZE } from '@/lib/constants/story';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), query: PageQuerySchema }, async ({ request, db, query: { page }, params: { id } }) => {
  await readableFundraiser(db, request, id);
  const result = await storyComments(db, id, page, STORY_COMMENTS_PAGE_SIZE);
  return json({ data: result.data, meta: { pagination: { page: result.page, per_page: result.per_page, total: result.total, has_more: result.has_more } } });
});

// posting needs sign-in; the story page's cache expires so the comment shows at once
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), signInMessage: 'Please sign in to comment' }, async ({ request, db, user, params: { id } }) => {
  await readableFundraiser(db, request, id);
  const { comment } = await parseJsonBody(CommentSchema, request);
  const row = await addComment(db, { fundraiserId: id, userId: user.id, body: comment });
  await fundraiserChanged(db, id);
  return json({ data: { id: row.id, body: row.body, author_name: user.full_name, created_at: row.created_at } }, { status: 201 });
});
