// Replying to comments: the fundraiser's people answer a comment on the story or on an update; the story
// lists each reply under its comment (never as a comment of its own); a reply cannot be answered; nobody else replies.
import { eq } from 'drizzle-orm';
import { POST as replyRoute } from '@/app/api/fundraisers/[id]/comments/[commentId]/replies/route';
import { GET as listComments, POST as commentRoute } from '@/app/api/fundraisers/[id]/comments/route';
import { GET as listUpdates } from '@/app/api/fundraisers/[id]/updates/route';
import { POST as updateCommentRoute } from '@/app/api/fundraisers/[id]/updates/[updateId]/comments/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { comments, updates } from '@/lib/db/schema';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { recentComments } from '@/lib/fundraisers/comments';
import { storyComments } from '@/lib/story/queries';
import { REPLY_MESSAGES } from '@/lib/validation/dashboard';
import { COMMENT_MAX_LENGTH } from '@/lib/constants/story';
import { makeFundraiser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

let db: Db;
let ip = 0;
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = Record<string, string>;
const person = (name: string) => signedInPerson(db, name);
const send = (method: string, auth: Auth, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.16.0.${++ip % 250}`, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const reply = (auth: Auth, id: number, commentId: number, comment: unknown) =>
  call(replyRoute, `/api/fundraisers/${id}/comments/${commentId}/replies`, { id: String(id), commentId: String(commentId) }, send('POST', auth, { comment }));
const comment = async (auth: Auth, id: number, text: string) => {
  const r = await call(commentRoute, `/api/fundraisers/${id}/comments`, { id: String(id) }, send('POST', auth, { comment: text }));
  expect(r.status).toBe(201);
  return r.body.data.id as number;
};
const repliesOf = async (commentId: number) => db.select().from(comments).where(eq(comments.parent_id, commentId));

/** A live fundraiser, its campaigner, and a donor's comment on it. */
async function conversation(tag: string) {
  const campaigner = await person(`Reply Campaigner ${tag}`);
  const donor = await person(`Reply Donor ${tag}`);
  const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
  const commentId = await comment(donor.auth, f.id, `How is the treatment going? ${tag}`);
  return { campaigner, donor, f, commentId };
}

describe('POST /api/fundraisers/{id}/comments/{commentId}/replies', () => {
  it("the campaigner replies: the story lists it under the comment, and the comments list does not count it", async () => {
    const { campaigner, f, commentId } = await conversation('story');
    const r = await reply(campaigner.auth, f.id, commentId, '  Thank you for asking, the second cycle starts on Monday.  ');
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ parent_id: commentId, update_id: null, body: 'Thank you for asking, the second cycle starts on Monday.', author_name: campaigner.full_name });
    const listed = await call(listComments, `/api/fundraisers/${f.id}/comments`, { id: String(f.id) }, send('GET', {}));
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c: { id: number }) => c.id)).toEqual([commentId]);
    expect(listed.body.meta.pagination.total).toBe(1);
    expect(listed.body.data[0].replies).toEqual([expect.objectContaining({ id: r.body.data.id, body: 'Thank you for asking, the second cycle starts on Monday.', author_name: campaigner.full_name })]);
    // what the cached story page reads
    const page = await storyComments(db, f.id, 1, 10);
    expect(page.total).toBe(1);
    expect(page.data[0].replies.map((x) => x.id)).toEqual([r.body.data.id]);
  });

  it("a manager answers a comment on an update: the reply stays with the update's comment", async () => {
    const manager = await person('Reply Manager');
    const donor = await person('Reply Update Donor');
    const f = await makeFundraiser(db, { manager_id: manager.id });
    const [u] = await db.insert(updates).values({ fundraiser_id: f.id, author_id: f.campaigner_id, title: 'Surgery done', body_html: '<p>The surgery went well.</p>' }).returning();
    const c = await call(updateCommentRoute, '/x', { id: String(f.id), updateId: String(u.id) }, send('POST', donor.auth, { comment: 'Wonderful news!' }));
    expect(c.status).toBe(201);
    const r = await reply(manager.auth, f.id, c.body.data.id, 'Thank you for being with us.');
    expect(r.status).toBe(201);
    expect(r.body.data.update_id).toBe(u.id);
    const listed = await call(listUpdates, `/api/fundraisers/${f.id}/updates`, { id: String(f.id) }, send('GET', {}));
    const [shown] = listed.body.data;
    expect(shown.comments.map((x: { id: number }) => x.id)).toEqual([c.body.data.id]);
    expect(shown.comments[0].replies.map((x: { body: string }) => x.body)).toEqual(['Thank you for being with us.']);
    // and not among the story's own comments
    expect((await storyComments(db, f.id, 1, 10)).total).toBe(0);
    // the dashboard lists it with the update it was written under
    const recent = await recentComments(db, manager, f.id);
    expect(recent).toEqual([expect.objectContaining({ id: c.body.data.id, on_update: true, update_title: 'Surgery done', replies: [expect.objectContaining({ body: 'Thank you for being with us.' })] })]);
  });

  it('a reply to a reply is refused (409) and nothing is written', async () => {
    const { campaigner, f, commentId } = await conversation('nested');
    const first = await reply(campaigner.auth, f.id, commentId, 'First answer');
    const nested = await reply(campaigner.auth, f.id, first.body.data.id, 'An answer to my answer');
    expect(nested.status).toBe(409);
    expect(nested.body.error.message).toBe(REPLY_MESSAGES.notToReplies);
    expect(await repliesOf(first.body.data.id)).toEqual([]);
  });

  it("a stranger's token gets 403, the commenter's too; a signed-out call 401; nothing is written", async () => {
    const { donor, f, commentId } = await conversation('stranger');
    const stranger = await person('Reply Stranger');
    const r = await reply(stranger.auth, f.id, commentId, 'I am not the campaigner');
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(REPLY_MESSAGES.onlyCampaigner);
    expect((await reply(donor.auth, f.id, commentId, 'Replying to myself')).status).toBe(403);
    expect((await reply({}, f.id, commentId, 'Signed out')).status).toBe(401);
    expect(await repliesOf(commentId)).toEqual([]);
  });

  it('404 for a comment of another fundraiser, an unknown comment and a fundraiser visitors cannot see', async () => {
    const { campaigner, f } = await conversation('elsewhere');
    const other = await conversation('other');
    expect((await reply(campaigner.auth, f.id, other.commentId, 'Wrong fundraiser')).status).toBe(404);
    expect(await repliesOf(other.commentId)).toEqual([]);
    expect((await reply(campaigner.auth, f.id, 2_000_000_000, 'Nobody wrote this')).body.error).toMatchObject({ code: 'not_found', message: REPLY_MESSAGES.commentNotFound });
    const draft = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.draft });
    const [c] = await db.insert(comments).values({ fundraiser_id: draft.id, user_id: campaigner.id, body: 'A note on a draft' }).returning();
    expect((await reply(campaigner.auth, draft.id, c.id, 'Hidden')).status).toBe(404);
  });

  it('checks the text like a comment: empty and too long are refused with the comment messages', async () => {
    const { campaigner, f, commentId } = await conversation('text');
    const empty = await reply(campaigner.auth, f.id, commentId, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual({ comment: 'Please write a comment' });
    expect((await reply(campaigner.auth, f.id, commentId, 'x'.repeat(COMMENT_MAX_LENGTH + 1))).body.error.fields).toEqual({ comment: 'Maximum character limit exceeds' });
    // markup is kept as text: the story renders it escaped, never as HTML
    const tagged = await reply(campaigner.auth, f.id, commentId, '<script>alert(1)</script> thanks');
    expect(tagged.body.data.body).toBe('<script>alert(1)</script> thanks');
    expect((await reply(campaigner.auth, f.id, commentId, 'bad\u0000text')).status).toBe(422);
  });
});
