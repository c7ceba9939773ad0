// Replying to comments: the fundraiser's campaigner, owner or manager answers a donor's comment on the
// story or on an update. One level only: a reply answers a comment, never another reply. The story lists each reply
// under its comment (lib/story/queries.ts), and the dashboard lists recent comments to answer.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { comments, updates, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { assertManages, can } from '../permissions/can';
import { fundraiserChanged } from '../cache/invalidate';
import { publishedFundraiser } from './queries';
import { DASHBOARD_COMMENTS_LIMIT } from '../constants/dashboard';
import { REPLY_MESSAGES } from '../validation/dashboard';
import { refusePaymentDetails } from './screen-words';

export interface StoryReply {
  id: number;
  body: string;
  author_name: string;
  author_avatar: string | null;
  created_at: string;
}

/** The replies to these comments, by the comment they answer, oldest first (as a conversation reads). */
export async function repliesTo(db: DbOrTx, commentIds: number[]): Promise<Map<number, StoryReply[]>> {
  const byParent = new Map<number, StoryReply[]>();
  if (!commentIds.length) return byParent;
  const rows = await db
    .select({ id: comments.id, parent_id: comments.parent_id, body: comments.body, created_at: comments.created_at, author_name: users.full_name, author_avatar: users.avatar })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.user_id))
    .where(inArray(comments.parent_id, commentIds))
    .orderBy(asc(comments.created_at), asc(comments.id));
  for (const { parent_id, ...r } of rows) byParent.set(parent_id!, [...(byParent.get(parent_id!) ?? []), { ...r, created_at: new Date(r.created_at).toISOString() }]);
  return byParent;
}

export interface CommentReplyView {
  id: number;
  /** the comment it answers */
  parent_id: number;
  update_id: number | null;
  body: string;
  author_name: string;
  created_at: string;
}

export async function replyToComment(db: DbOrTx, user: { id: number; full_name: string }, fundraiserId: number, commentId: number, body: string): Promise<CommentReplyView> {
  // as for comments: a fundraiser visitors cannot see does not exist
  if (!(await publishedFundraiser(db, fundraiserId))) throw notFound('Fundraiser not found');
  // the comment is public, so a stranger is told plainly they may not answer it
  if (!(await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id: fundraiserId }))) throw forbidden(REPLY_MESSAGES.onlyCampaigner);
  // the campaigner's reply is public on the story, under a donor's comment
  refusePaymentDetails({ comment: body }, REPLY_MESSAGES.paymentDetails);
  const [parent] = await db
    .select({ id: comments.id, update_id: comments.update_id, parent_id: comments.parent_id })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.fundraiser_id, fundraiserId)));
  if (!parent) throw notFound(REPLY_MESSAGES.commentNotFound);
  if (parent.parent_id !== null) throw conflict(REPLY_MESSAGES.notToReplies);
  // a reply to a comment on an update stays with that update
  const [row] = await db.insert(comments).values({ fundraiser_id: fundraiserId, update_id: parent.update_id, parent_id: parent.id, user_id: user.id, body }).returning();
  // the story shows the reply at once, on every server
  await fundraiserChanged(db, fundraiserId);
  return { id: row.id, parent_id: parent.id, update_id: row.update_id, body: row.body, author_name: user.full_name, created_at: row.created_at.toISOString() };
}

export interface DashboardComment {
  id: number;
  body: string;
  author_name: string;
  created_at: string;
  /** the update it was written under; null for a comment on the story itself */
  update_title: string | null;
  on_update: boolean;
  replies: StoryReply[];
}

/** The newest comments (not replies) on the story and its updates, each with its replies, for the people who run it. */
export async function recentComments(db: DbOrTx, user: { id: number }, fundraiserId: number, limit = DASHBOARD_COMMENTS_LIMIT): Promise<DashboardComment[]> {
  await assertManages(db, user, fundraiserId);
  const rows = await db
    .select({ id: comments.id, body: comments.body, created_at: comments.created_at, author_name: users.full_name, update_id: comments.update_id, update_title: updates.title })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.user_id))
    .leftJoin(updates, eq(updates.id, comments.update_id))
    .where(and(eq(comments.fundraiser_id, fundraiserId), isNull(comments.parent_id)))
    .orderBy(desc(comments.created_at), desc(comments.id))
    .limit(limit);
  const replies = await repliesTo(db, rows.map((r) => r.id));
  return rows.map(({ update_id, ...r }) => ({ ...r, created_at: r.created_at.toISOString(), on_update: update_id !== null, replies: replies.get(r.id) ?? [] }));
}
