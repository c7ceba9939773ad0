import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseQuery, parseWith } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CommentSchema, PageQuerySchema } from '@/lib/validation/story';
import { storyComments } from '@/lib/story/queries';
import { addComment, readableFundraiser } from '@/lib/story/service';
import { requireUser } from '@/lib/auth/session';
import { fundraiserChanged } from '@/lib/cache/invalidate';
import { assertSameOrigin } from '@/lib/http/origin';
import { STORY_COMMENTS_PAGE_SIZE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (request, { params }: Ctx) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const { page } = parseQuery(PageQuerySchema, request.url);
  const db = await getDb();
  await readableFundraiser(db, request, id);
  const result = await storyComments(db, id, page, STORY_COMMENTS_PAGE_SIZE);
  return json({ data: result.data, meta: { pagination: { page: result.page, per_page: result.per_page, total: result.total, has_more: result.has_more } } });
});

// posting needs sign-in (issue 3); the story page's cache expires so the comment shows at once
export const POST = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request, 'Please sign in to comment');
  await readableFundraiser(db, request, id);
  const { comment } = await parseJsonBody(CommentSchema, request);
  const row = await addComment(db, { fundraiserId: id, userId: user.id, body: comment });
  await fundraiserChanged(db, id);
  return json({ data: { id: row.id, body: row.body, author_name: user.full_name, created_at: row.created_at } }, { status: 201 });
});
