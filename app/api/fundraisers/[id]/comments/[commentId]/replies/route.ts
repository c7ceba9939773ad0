import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CommentIdSchema, ReplySchema } from '@/lib/validation/dashboard';
import { replyToComment } from '@/lib/fundraisers/comments';

export const dynamic = 'force-dynamic';

// issue 13: the fundraiser's campaigner, owner or manager answers a comment (not a reply); the story shows it at once
export const POST = handle(async (request, { params }: { params: Promise<{ id: string; commentId: string }> }) => {
  assertSameOrigin(request);
  const { id, commentId } = parseWith(z.object({ id: FundraiserIdSchema, commentId: CommentIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request, 'Please sign in to reply');
  const { comment } = await parseJsonBody(ReplySchema, request);
  return json({ data: await replyToComment(db, user, id, commentId, comment) }, { status: 201 });
});
