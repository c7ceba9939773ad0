// The hole left after supporting fundraisers: a live fundraiser approved with a clean story could edit in
// an outside UPI ID, a "pay here" link, a phone number or bank details from its dashboard, public at once, and post
// the same in an update emailed to every donor. New words the screening flags are now held for a reviewer: the public
// words stay (the fundraiser keeps taking donations), the reviewer sees old beside new and approves or declines; a
// flagged update is neither on the story nor emailed until approved. A clean change is public at once, as before.
import { and, eq, like, notLike } from 'drizzle-orm';
import { GET as fundraiserRoute } from '@/app/api/fundraisers/[id]/route';
import { GET as listingRoute } from '@/app/api/fundraisers/route';
import { PUT as putRoute } from '@/app/api/campaigns/[id]/route';
import { GET as queueRoute } from '@/app/api/reviews/route';
import { POST as decideEditRoute } from '@/app/api/reviews/[id]/edits/[editId]/route';
import { POST as decideUpdateRoute } from '@/app/api/reviews/[id]/updates/[updateId]/route';
import { POST as decideDraftRoute } from '@/app/api/reviews/[id]/route';
import { GET as updatesRoute, POST as postUpdateRoute } from '@/app/api/fundraisers/[id]/updates/route';
import { POST as likeRoute } from '@/app/api/fundraisers/[id]/updates/[updateId]/like/route';
import { POST as askRoute } from '@/app/api/fundraisers/[id]/ask-for-update/route';
import { GET as ampRoute } from '@/app/amp/[type]/[id]/route';
import { POST as addRewardRoute } from '@/app/api/campaigns/[id]/rewards/route';
import { PUT as editRewardRoute } from '@/app/api/campaigns/[id]/rewards/[rewardId]/route';
import { POST as commentRoute } from '@/app/api/fundraisers/[id]/comments/route';
import { POST as replyRoute } from '@/app/api/fundraisers/[id]/comments/[commentId]/replies/route';
import { REWARD_MESSAGES } from '@/lib/validation/rewards';
import { REPLY_MESSAGES } from '@/lib/validation/dashboard';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, comments, fundraiserEdits, fundraisers, memberships, outbox, rewards, updateRequests, updates } from '@/lib/db/schema';
import { fundraiserByTag } from '@/lib/fundraisers/queries';
import { fundraiserSitemapFiles, fundraiserSitemapPage } from '@/lib/seo/sitemap';
import { latestEditFor, HELD_CHANGE_MESSAGES } from '@/lib/fundraisers/live-edits';
import { unpublishedUpdatesFor } from '@/lib/fundraisers/updates';
import { campaignUpdate } from '@/lib/story/queries';
import { makeFundraiser, makeOrder } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

// outside a Next server there is no incremental cache: the AMP route's cached read goes straight to the database
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), unstable_cache: (fn: unknown) => fn }));

let db: Db;
let ip = 0;
let seq = 0;
const run = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = Record<string, string>;
const person = (name: string) => signedInPerson(db, name);
const send = (method: string, auth: Auth, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-sahyog-client-address': `10.15.0.${++ip % 250}`, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const edit = (auth: Auth, id: number, body: unknown) => call(putRoute, `/api/campaigns/${id}`, { id: String(id) }, send('PUT', auth, body));
const postUpdate = (auth: Auth, id: number, body: unknown) => call(postUpdateRoute, `/api/fundraisers/${id}/updates`, { id: String(id) }, send('POST', auth, body));
const row = async (id: number) => (await db.select().from(fundraisers).where(eq(fundraisers.id, id)))[0];

let reviewerMade: Awaited<ReturnType<typeof person>>;
/** A platform reviewer (a reviewer membership), made once. */
async function reviewer() {
  if (!reviewerMade) {
    reviewerMade = await person('Held Words Review Desk');
    await db.insert(memberships).values({ user_id: reviewerMade.id, scope: 'platform', scope_id: 0, role: 'reviewer' });
  }
  return reviewerMade;
}
const decideEdit = async (id: number, editId: number, body: unknown, auth?: Auth) => call(decideEditRoute, '/x', { id: String(id), editId: String(editId) }, send('POST', auth ?? (await reviewer()).auth, body));
const decideUpdate = async (id: number, updateId: number, body: unknown, auth?: Auth) => call(decideUpdateRoute, '/x', { id: String(id), updateId: String(updateId) }, send('POST', auth ?? (await reviewer()).auth, body));
const queue = async () => (await call(queueRoute, '/api/reviews', {}, send('GET', (await reviewer()).auth))).body;

const CLEAN_STORY = '<p>Ravi is seven and needs a kidney transplant at Apollo Hospital, Chennai, before the end of March.</p>';
const FLAGGED_STORY = '<p>Ravi is seven. Pay directly to ravi.help@okaxis or call 98450 67123, it is faster.</p><p><a href="https://sahyog-signin.example.com/login">Sign in here</a> first.</p><img src="https://tracker.example.net/pixel.gif">';
const OFFICIAL = 'Help Ravi: official donation page';

/** What a visitor meets: the story by its tag, the fundraiser API, search, the sitemap and the AMP page. */
async function publicly(id: number) {
  const f = await row(id);
  const api = (await call(fundraiserRoute, `/api/fundraisers/${id}`, { id: String(id) })).body.data;
  const story = await fundraiserByTag(db, f.custom_tag);
  const files = await fundraiserSitemapFiles(db);
  const sitemap = (await Promise.all(files.map((_, i) => fundraiserSitemapPage(db, i + 1)))).flatMap((page) => page ?? []).find((x) => x.custom_tag === f.custom_tag);
  const amp = await call(ampRoute, `/amp/stories/${id}`, { type: 'stories', id: String(id) });
  const found = (await call(listingRoute, `/api/fundraisers?${new URLSearchParams({ limit: '100', q: 'official donation page' })}`)).body.data as { id: number }[];
  return {
    storyTitle: story?.title,
    storyText: story?.story_description ?? '',
    apiTitle: api.title as string,
    apiStory: JSON.stringify(api),
    sitemapLastmod: sitemap?.updated_at.getTime() ?? null,
    amp: String(amp.body),
    searchFindsOfficial: found.some((x) => x.id === id),
  };
}

async function liveFundraiser(campaignerName: string) {
  const campaigner = await person(campaignerName);
  const f = await makeFundraiser(db, { campaigner_id: campaigner.id, title: `Help Ravi walk again ${run} ${++seq}`, story_title: 'Help Ravi walk again', story_description: CLEAN_STORY, short_description: 'A kidney for Ravi' });
  return { campaigner, f };
}

describe("a live fundraiser's change of words", () => {
  it('new words the screening flags are held: the story, its API, search, the sitemap and AMP keep the old words; the campaigner sees why', async () => {
    const { campaigner, f } = await liveFundraiser('Held Edit Campaigner');
    const before = await publicly(f.id);
    const r = await edit(campaigner.auth, f.id, { title: OFFICIAL, story: FLAGGED_STORY, goal: 900_000 });
    expect(r.status).toBe(200);
    // the goal changes in place; the words wait
    expect(r.body.data).toMatchObject({ words_change: 'held', title: f.title, goal: 900_000, status: 'live' });
    const now = await row(f.id);
    expect(now).toMatchObject({ title: f.title, story_title: 'Help Ravi walk again', story_description: CLEAN_STORY, goal_minor: 90_000_000 });
    const after = await publicly(f.id);
    expect(after).toMatchObject({ storyTitle: f.title, apiTitle: f.title, searchFindsOfficial: false });
    expect(after.storyText).toBe(CLEAN_STORY);
    expect(after.sitemapLastmod).not.toBeNull();
    for (const text of [after.apiStory, after.amp]) {
      expect(text).toContain('kidney transplant');
      expect(text).not.toMatch(/okaxis|98450|sahyog-signin|official donation/);
    }
    expect(before.amp).toContain(f.title);
    expect(after.amp).toContain(f.title);

    // the campaigner's dashboard says it waits, and why; strangers learn nothing
    const held = await latestEditFor(db, campaigner, f.id);
    expect(held).toMatchObject({ status: 'pending', words: { title: OFFICIAL } });
    expect(held!.review_flags.map((x) => `${x.field}:${x.kind}:${x.found}`).sort()).toEqual([
      'story:outside_image:https://tracker.example.net/pixel.gif',
      'story:outside_link:https://sahyog-signin.example.com/login',
      'story:phone_number:98450 67123',
      'story:upi_id:ravi.help@okaxis',
    ]);
    // the waiting story is kept sanitised: the outside picture is gone from it already
    expect(held!.words.story_description).not.toContain('tracker.example.net');
    await expect(latestEditFor(db, await person('Held Edit Stranger'), f.id)).rejects.toMatchObject({ status: 404 });

    // the reviewers' queue has it, old beside new
    const waiting = (await queue()).held_changes.find((c: { fundraiser_id: number }) => c.fundraiser_id === f.id);
    expect(waiting.changes.map((c: { field: string }) => c.field)).toEqual(['title', 'story_description']);
    expect(waiting.changes[0]).toEqual({ field: 'title', before: f.title, after: OFFICIAL });
    expect(waiting.review_flags).toHaveLength(4);
  });

  it('approved, the new words go public (story, API, AMP, sitemap date) and the campaigner is emailed', async () => {
    const { campaigner, f } = await liveFundraiser('Approved Edit Campaigner');
    const story = '<p>Ravi is seven. His mother can be reached at the hospital desk, +91 44 2829 3333, for visits.</p>';
    await edit(campaigner.auth, f.id, { title: `Ravi's kidney transplant ${run}`, story });
    const before = await publicly(f.id);
    const [e] = await db.select().from(fundraiserEdits).where(and(eq(fundraiserEdits.fundraiser_id, f.id), eq(fundraiserEdits.status, 'pending')));
    const approved = await decideEdit(f.id, e.id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', custom_tag: f.custom_tag });
    const after = await publicly(f.id);
    expect(after).toMatchObject({ storyTitle: `Ravi's kidney transplant ${run}`, apiTitle: `Ravi's kidney transplant ${run}`, storyText: story });
    expect(after.amp).toContain('2829 3333');
    expect(after.sitemapLastmod!).toBeGreaterThan(before.sitemapLastmod!);
    expect(await latestEditFor(db, campaigner, f.id)).toBeNull();
    const [told] = await db.select().from(outbox).where(eq(outbox.recipient, campaigner.email));
    expect(told.subject).toBe(`Your change is live: Ravi's kidney transplant ${run}`);
    // deciding twice finds nothing waiting
    expect((await decideEdit(f.id, e.id, { decision: 'approve' })).body.error.message).toBe(HELD_CHANGE_MESSAGES.notWaiting);
    // the approved number is not new any more: a later typo fix in the story goes public at once
    const fixed = await edit(campaigner.auth, f.id, { story: story.replace('for visits', 'for visiting hours') });
    expect(fixed.body.data.words_change).toBe('published');
    expect((await row(f.id)).story_description).toContain('visiting hours');
  });

  it('declined, the old words stay; the campaigner reads the reason on the dashboard and by email', async () => {
    const { campaigner, f } = await liveFundraiser('Declined Edit Campaigner');
    await edit(campaigner.auth, f.id, { short_description: 'Send money to ravi@ybl, IFSC HDFC0001234' });
    const held = (await latestEditFor(db, campaigner, f.id))!;
    expect(held.review_flags.map((x) => [x.field, x.kind])).toEqual([
      ['short_description', 'upi_id'],
      ['short_description', 'bank_details'],
    ]);
    const reason = 'Payment details must not lead donors away from Sahyog: donations go through the Contribute button.';
    const tooShort = await decideEdit(f.id, held.id, { decision: 'send_back', reason: 'no' });
    expect(tooShort.status).toBe(422);
    const declined = await decideEdit(f.id, held.id, { decision: 'send_back', reason });
    expect(declined.body.data.status).toBe('declined');
    expect((await row(f.id)).short_description).toBe('A kidney for Ravi');
    expect(await latestEditFor(db, campaigner, f.id)).toMatchObject({ status: 'declined', decline_reason: reason });
    const [told] = await db.select().from(outbox).where(eq(outbox.recipient, campaigner.email));
    expect(told.body).toContain(reason);
    // a later clean change publishes at once and the declined one is no longer the dashboard's news
    expect((await edit(campaigner.auth, f.id, { short_description: 'A kidney for Ravi, aged seven' })).body.data.words_change).toBe('published');
    expect(await latestEditFor(db, campaigner, f.id)).toBeNull();
  });

  it('a clean change is public at once, as before', async () => {
    const { campaigner, f } = await liveFundraiser('Clean Edit Campaigner');
    const story = '<p>Ravi is seven; the transplant is on 12 March. Thank you for the 3,20,000 rupees so far. <a href="/stories/help-ravi">Read more</a></p>';
    const r = await edit(campaigner.auth, f.id, { title: `Ravi's transplant on 12 March ${run}`, story });
    expect(r.body.data).toMatchObject({ words_change: 'published', title: `Ravi's transplant on 12 March ${run}` });
    const after = await publicly(f.id);
    expect(after.storyTitle).toBe(`Ravi's transplant on 12 March ${run}`);
    expect(after.storyText).toContain('12 March');
    // kept for the record, nothing waits
    expect((await db.select({ status: fundraiserEdits.status }).from(fundraiserEdits).where(eq(fundraiserEdits.fundraiser_id, f.id))).map((x) => x.status)).toEqual(['published']);
    expect((await queue()).held_changes.some((c: { fundraiser_id: number }) => c.fundraiser_id === f.id)).toBe(false);
  });

  it('a newer change replaces the waiting one: building on it stays held, taking the flagged words out publishes; the reviewer decides only on what they read', async () => {
    const { campaigner, f } = await liveFundraiser('Replacing Edit Campaigner');
    await edit(campaigner.auth, f.id, { story: '<p>Ravi is seven. Call 98450 67123 to pay the hospital directly.</p>' });
    const first = (await latestEditFor(db, campaigner, f.id))!;
    // a title alone, on top of the waiting story: the whole change still waits
    expect((await edit(campaigner.auth, f.id, { title: `Ravi needs a kidney ${run}` })).body.data.words_change).toBe('held');
    const second = (await latestEditFor(db, campaigner, f.id))!;
    expect(second.id).not.toBe(first.id);
    expect(second.words).toMatchObject({ title: `Ravi needs a kidney ${run}`, story_description: '<p>Ravi is seven. Call 98450 67123 to pay the hospital directly.</p>' });
    expect((await row(f.id)).title).toBe(f.title);
    // the reviewer who opened the first one cannot approve words that changed under them
    const stale = await decideEdit(f.id, first.id, { decision: 'approve' });
    expect([stale.status, stale.body.error.message]).toEqual([409, HELD_CHANGE_MESSAGES.notWaiting]);
    // the number taken out: the change is clean and public at once
    expect((await edit(campaigner.auth, f.id, { story: '<p>Ravi is seven and the hospital has set the date.</p>' })).body.data.words_change).toBe('published');
    expect(await row(f.id)).toMatchObject({ title: `Ravi needs a kidney ${run}`, story_description: '<p>Ravi is seven and the hospital has set the date.</p>' });
    expect(await db.select().from(fundraiserEdits).where(and(eq(fundraiserEdits.fundraiser_id, f.id), eq(fundraiserEdits.status, 'pending')))).toEqual([]);
  });

  it('only a reviewer who is not one of its people decides; the draft review does not touch a live change', async () => {
    const { campaigner, f } = await liveFundraiser('Own Review Campaigner');
    await db.insert(memberships).values({ user_id: campaigner.id, scope: 'platform', scope_id: 0, role: 'reviewer' });
    await edit(campaigner.auth, f.id, { title: `Pay ravi@ybl directly ${run}` });
    const held = (await latestEditFor(db, campaigner, f.id))!;
    const stranger = await person('Held Edit Not A Reviewer');
    expect((await decideEdit(f.id, held.id, { decision: 'approve' }, stranger.auth)).status).toBe(404);
    expect((await decideEdit(f.id, held.id, { decision: 'approve' }, campaigner.auth)).status).toBe(409);
    expect((await decideEdit(f.id, held.id, { decision: 'approve' }, {})).status).toBe(401);
    // the draft decision is for fundraisers under review only
    expect((await call(decideDraftRoute, '/x', { id: String(f.id) }, send('POST', (await reviewer()).auth, { decision: 'approve' }))).status).toBe(409);
    expect((await row(f.id)).title).toBe(f.title);
  });

  it("a live supporting fundraiser's new words always wait for review, flagged or not", async () => {
    const parent = await makeFundraiser(db);
    const { campaigner, f } = await liveFundraiser('Supporting Dashboard Editor');
    await db.update(fundraisers).set({ support_campaign_id: parent.id }).where(eq(fundraisers.id, f.id));
    const r = await edit(campaigner.auth, f.id, { title: `Neighbours for Ravi ${run}` });
    expect(r.body.data.words_change).toBe('held');
    expect((await row(f.id)).title).toBe(f.title);
    expect(await latestEditFor(db, campaigner, f.id)).toMatchObject({ status: 'pending', review_flags: [] });
  });
});

/** A paid gift from a donor address, to see who the update is emailed to. */
async function gift(fundraiserId: number, email: string) {
  const [cart] = await db.insert(carts).values({ fundraiser_id: fundraiserId, currency: 'INR', donated_amount_minor: 100_000, donated_amount_inr_minor: 100_000, tip_amount_minor: 0, donor_name: 'Held Update Donor', donor_email: email }).returning();
  await makeOrder(db, { order_id: `SHYHELD${run}${++seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 100_000, tip_amount_minor: 0, credited_amount_minor: 100_000, status: 'success' });
}
const storyUpdates = async (id: number) => (await call(updatesRoute, `/api/fundraisers/${id}/updates`, { id: String(id) }, send('GET', {}))).body.data as { id: number }[];
// every email naming the fundraiser but the donors' receipts
const mailsAbout = (f: { title: string }) => db.select().from(outbox).where(and(like(outbox.subject, `%${f.title}%`), notLike(outbox.subject, 'Receipt %')));

describe('an update the screening flags', () => {
  it('is held: not on the story, not emailed, open asks unanswered; approved, it is public and emailed once to each donor', async () => {
    const { campaigner, f } = await liveFundraiser('Held Update Campaigner');
    const donor = `held.donor.${run}@example.com`;
    await gift(f.id, donor);
    const asker = await person('Held Update Asker');
    await call(askRoute, '/x', { id: String(f.id) }, send('POST', asker.auth, {}));
    const r = await postUpdate(campaigner.auth, f.id, { title: 'New bank details', body: '<p>Please send money to A/C 50100234567890, IFSC HDFC0001234, the hospital is waiting.</p>' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ held: true, emailed: 0 });
    expect(r.body.data.review_flags.map((x: { kind: string }) => x.kind)).toEqual(['bank_details', 'bank_details']);
    expect(await storyUpdates(f.id)).toEqual([]);
    // nor on the update's own page (the link donors' emails carry), asked for by its id
    expect(await campaignUpdate(db, f.id, r.body.data.id)).toBeNull();
    expect(await mailsAbout(f)).toEqual([]);
    expect((await db.select().from(updateRequests).where(eq(updateRequests.fundraiser_id, f.id)))[0].answered_at).toBeNull();
    // nobody likes or comments on what is not public
    expect((await call(likeRoute, '/x', { id: String(f.id), updateId: String(r.body.data.id) }, send('POST', asker.auth))).status).toBe(404);
    // the campaigner's dashboard lists it with what was found; the reviewers' queue too
    expect((await unpublishedUpdatesFor(db, campaigner, f.id)).map((u) => [u.id, u.status])).toEqual([[r.body.data.id, 'held']]);
    expect((await queue()).held_updates.some((u: { id: number }) => u.id === r.body.data.id)).toBe(true);

    const approved = await decideUpdate(f.id, r.body.data.id, { decision: 'approve' });
    expect(approved.body.data).toMatchObject({ status: 'published', emailed: 2 });
    expect((await storyUpdates(f.id)).map((u) => u.id)).toEqual([r.body.data.id]);
    expect((await campaignUpdate(db, f.id, r.body.data.id))?.update.id).toBe(r.body.data.id);
    expect((await mailsAbout(f)).map((m) => m.recipient).sort()).toEqual([donor, asker.email.toLowerCase()].sort());
    expect((await db.select().from(updateRequests).where(eq(updateRequests.fundraiser_id, f.id)))[0].answer_update_id).toBe(r.body.data.id);
    expect(await unpublishedUpdatesFor(db, campaigner, f.id)).toEqual([]);
    expect((await decideUpdate(f.id, r.body.data.id, { decision: 'approve' })).status).toBe(409);
  });

  it('declined, it is never public nor emailed; the campaigner reads why. A clean update is public and emailed at once', async () => {
    const { campaigner, f } = await liveFundraiser('Declined Update Campaigner');
    const donor = `declined.donor.${run}@example.com`;
    await gift(f.id, donor);
    const r = await postUpdate(campaigner.auth, f.id, { body: '<p>Faster to pay here: <a href="https://pay-ravi.example.com">pay-ravi.example.com</a></p>' });
    expect(r.body.data.held).toBe(true);
    const stranger = await person('Held Update Stranger');
    expect((await decideUpdate(f.id, r.body.data.id, { decision: 'approve' }, stranger.auth)).status).toBe(404);
    const reason = 'Links to other payment pages are not allowed: donors give through Sahyog only.';
    expect((await decideUpdate(f.id, r.body.data.id, { decision: 'send_back', reason })).body.data.status).toBe('declined');
    expect(await storyUpdates(f.id)).toEqual([]);
    const mails = await mailsAbout(f);
    expect(mails.map((m) => m.recipient)).toEqual([campaigner.email]);
    expect(mails[0].body).toContain(reason);
    expect(await unpublishedUpdatesFor(db, campaigner, f.id)).toMatchObject([{ id: r.body.data.id, status: 'declined', review_reason: reason }]);

    const clean = await postUpdate(campaigner.auth, f.id, { title: 'Surgery done', body: '<p>The surgery went well; Ravi is recovering at Apollo.</p>' });
    expect(clean.body.data).toMatchObject({ held: false, emailed: 1 });
    expect((await storyUpdates(f.id)).map((u) => u.id)).toEqual([clean.body.data.id]);
    const [row2] = await db.select().from(updates).where(eq(updates.id, clean.body.data.id));
    expect(row2.review_status).toBe('published');
  });
});

describe('the short texts a campaigner shows donors', () => {
  it('a reward with a UPI ID, a phone number or a link elsewhere is refused under its field; an ordinary one is added', async () => {
    const { campaigner, f } = await liveFundraiser('Reward Screening Campaigner');
    const add = (body: unknown) => call(addRewardRoute, '/x', { id: String(f.id) }, send('POST', campaigner.auth, body));
    const upi = await add({ title: 'Thank-you call', description: 'Pay ravi@ybl directly and we call you', min_amount: 500 });
    expect([upi.status, upi.body.error.fields]).toEqual([422, { description: REWARD_MESSAGES.paymentDetails }]);
    const phone = await add({ title: 'Call 98450 67123 for a gift', min_amount: 500 });
    expect(phone.body.error.fields).toEqual({ title: REWARD_MESSAGES.paymentDetails });
    expect(await db.select().from(rewards).where(eq(rewards.fundraiser_id, f.id))).toEqual([]);
    const ok = await add({ title: 'Thank-you video', description: 'A video from Ravi after the surgery', min_amount: 500 });
    expect(ok.status).toBe(201);
    const changed = await call(editRewardRoute, '/x', { id: String(f.id), rewardId: String(ok.body.data.id) }, send('PUT', campaigner.auth, { description: 'Details at https://ravi-gifts.example.com' }));
    expect(changed.body.error.fields).toEqual({ description: REWARD_MESSAGES.paymentDetails });
    expect((await db.select().from(rewards).where(eq(rewards.id, ok.body.data.id)))[0].description).toBe('A video from Ravi after the surgery');
  });

  it("the campaigner's reply to a comment with payment details is refused; an ordinary reply is public", async () => {
    const { campaigner, f } = await liveFundraiser('Reply Screening Campaigner');
    const donor = await person('Reply Screening Donor');
    const c = await call(commentRoute, '/x', { id: String(f.id) }, send('POST', donor.auth, { comment: 'Praying for Ravi, how can I help more?' }));
    expect(c.status).toBe(201);
    const reply = (comment: string) => call(replyRoute, '/x', { id: String(f.id), commentId: String(c.body.data.id) }, send('POST', campaigner.auth, { comment }));
    const refused = await reply('Thank you! Send more to A/C 50100234567890 IFSC HDFC0001234');
    expect([refused.status, refused.body.error.fields]).toEqual([422, { comment: REPLY_MESSAGES.paymentDetails }]);
    expect((await reply('Thank you, sharing the story helps the most.')).status).toBe(201);
    expect((await db.select({ body: comments.body }).from(comments).where(eq(comments.parent_id, c.body.data.id))).map((x) => x.body)).toEqual(['Thank you, sharing the story helps the most.']);
  });
});
