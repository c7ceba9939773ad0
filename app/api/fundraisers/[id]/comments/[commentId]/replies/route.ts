import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CommentIdSchema, ReplySchema } from '@/lib/validation/dashboard';
import { replyToComment } from '@/lib/fundraisers/comments';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the fundraiser's campaigner, owner or manager answers a comment (not a reply); the story shows it at once
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, commentId: CommentIdSchema }), signInMessage: 'Please sign in to reply', body: ReplySchema }, async ({ db, user, body: { comment }, params: { id, commentId } }) => {
  return json({ data: await replyToComment(db, user, id, commentId, comment) }, { status: 201 });
});
