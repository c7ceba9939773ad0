import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CommentSchema } from '@/lib/validation/story';
import { addComment, readableFundraiser } from '@/lib/story/service';
import { requireUser } from '@/lib/auth/session';
import { fundraiserChanged } from '@/lib/cache/invalidate';
import { assertSameOrigin } from '@/lib/http/origin';

export const dynamic = 'force-dynamic';

export const POST = handle(async (request, { params }: { params: Promise<{ id: string; updateId: string }> }) => {
  assertSameOrigin(request);
  const { id, updateId } = parseWith(z.object({ id: FundraiserIdSchema, updateId: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request, 'Please sign in to comment');
  await readableFundraiser(db, request, id);
  const { comment } = await parseJsonBody(CommentSchema, request);
  const row = await addComment(db, { fundraiserId: id, updateId, userId: user.id, body: comment });
  await fundraiserChanged(db, id);
  return json({ data: { id: row.id, body: row.body, author_name: user.full_name, created_at: row.created_at } }, { status: 201 });
});
