// Rewards (spec 3, 7): the campaigner adds, edits, lists and deletes them; a donor picks one their gift
// reaches; it is claimed when the payment settles, and never more are given than there are, however many settle at once.
import { eq } from 'drizzle-orm';
import { GET as listRoute, POST as addRoute } from '@/app/api/campaigns/[id]/rewards/route';
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from '@/app/api/campaigns/[id]/rewards/[rewardId]/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { carts, fundraiserMedia, fundraisers, orders, rewards } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { REWARDS_PER_FUNDRAISER_MAX } from '@/lib/constants/fundraisers';
import { REWARD_MESSAGES } from '@/lib/validation/rewards';
import { listRewards } from '@/lib/fundraisers/rewards';
import { recentDonations } from '@/lib/fundraisers/donor-list';
import { makeFundraiser } from '../factories';
import { signedInPerson, cookiesFrom } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';

let db: Db;
const ORIGIN = 'http://localhost';
const gateway = () => new SandboxGateway(getDb, sandboxSecret(), ORIGIN);
let ip = 0;

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = { authorization: string } | { cookie: string } | Record<string, never>;
const person = (name: string) => signedInPerson(db, name);
const send = (method: string, auth: Auth, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.13.0.${++ip % 250}`, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const add = (auth: Auth, id: number, body: unknown) => call(addRoute, `/api/campaigns/${id}/rewards`, { id: String(id) }, send('POST', auth, body));
const list = (auth: Auth, id: number) => call(listRoute, `/api/campaigns/${id}/rewards`, { id: String(id) }, send('GET', auth));
const one = (auth: Auth, id: number, rewardId: number) => call(getRoute, '/x', { id: String(id), rewardId: String(rewardId) }, send('GET', auth));
const edit = (auth: Auth, id: number, rewardId: number, body: unknown) => call(putRoute, '/x', { id: String(id), rewardId: String(rewardId) }, send('PUT', auth, body));
const remove = (auth: Auth, id: number, rewardId: number) => call(deleteRoute, '/x', { id: String(id), rewardId: String(rewardId) }, send('DELETE', auth));

async function cart(fundraiserId: number, amount: number, rewardId?: number) {
  return call(cartRoute, '/x', { id: String(fundraiserId) }, send('POST', {}, { donated_amount: amount, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.reward${ip}@example.com`, donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 0, ...(rewardId ? { reward_id: rewardId } : {}) }));
}

/** A donation with the reward, placed and sent to the sandbox gateway; `settle` brings the donor back paid. */
async function pendingDonation(fundraiserId: number, amount: number, rewardId: number) {
  const c = await cart(fundraiserId, amount, rewardId);
  expect(c.status).toBe(201);
  // the donor's browser keeps the cart's checkout access for its order and send
  const browser = { cookie: cookiesFrom(c.headers) };
  const o = await call(orderRoute, '/x', { id: String(fundraiserId) }, send('POST', browser, { cart_id: c.body.data.id, mode: 'UPI', origin: 's' }));
  expect(o.status).toBe(201);
  expect((await call(sendRoute, '/x', {}, send('POST', browser, { order_id: o.body.data.order_id }))).status).toBe(200);
  const [row] = await db.select().from(orders).where(eq(orders.order_id, o.body.data.order_id));
  return {
    cartId: c.body.data.id as number,
    settle: async () => {
      const outcome = await gateway().complete(row.gateway_order_id!, 'success');
      return call(responseRoute, `/api/payment/response/${row.order_id}`, { oi: row.order_id }, send('POST', {}, outcome.params));
    },
  };
}

describe('rewards API', () => {
  it('the campaigner adds, edits, lists and deletes rewards; the list is public once live', async () => {
    const campaigner = await person('Reward Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const made = await add(campaigner.auth, f.id, { title: 'Thank-you postcard', description: 'Handwritten by the family', min_amount: 1000, quantity: 50 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ title: 'Thank-you postcard', min_amount: 1000, quantity: 50, claimed: 0, left: 50, currency: 'INR' });
    const id = made.body.data.id;
    expect((await edit(campaigner.auth, f.id, id, { min_amount: 1500, quantity: null })).body.data).toMatchObject({ min_amount: 1500, quantity: null, left: null });
    expect((await list({}, f.id)).body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await one({}, f.id, id)).body.data.title).toBe('Thank-you postcard');
    expect((await remove(campaigner.auth, f.id, id)).status).toBe(200);
    expect((await one({}, f.id, id)).status).toBe(404);
  });

  it("refuses another user's token and a signed-out call on every change, and nothing changes", async () => {
    const campaigner = await person('Reward Owner');
    const stranger = await person('Reward Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const r = (await add(campaigner.auth, f.id, { title: 'Video call', min_amount: 5000 })).body.data;
    expect((await add(stranger.auth, f.id, { title: 'Sneaky reward', min_amount: 1 })).status).toBe(404);
    expect((await edit(stranger.auth, f.id, r.id, { min_amount: 1 })).status).toBe(404);
    expect((await remove(stranger.auth, f.id, r.id)).status).toBe(404);
    expect((await add({}, f.id, { title: 'Sneaky reward', min_amount: 1 })).status).toBe(401);
    const rows = await db.select().from(rewards).where(eq(rewards.fundraiser_id, f.id));
    expect(rows.map((x) => [x.title, x.min_amount_minor])).toEqual([['Video call', 500_000]]);
    // a reward of another fundraiser is not reachable through this one
    const other = await makeFundraiser(db, { campaigner_id: stranger.id });
    expect((await edit(stranger.auth, other.id, r.id, { min_amount: 1 })).status).toBe(404);
  });

  it("a draft's rewards are private; the rules' messages; no quantity below what was given", async () => {
    const campaigner = await person('Reward Drafter');
    const draft = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.draft });
    expect((await add(campaigner.auth, draft.id, { title: 'T', min_amount: 0 })).body.error.fields).toEqual({ title: REWARD_MESSAGES.title, min_amount: REWARD_MESSAGES.minAmount });
    const r = (await add(campaigner.auth, draft.id, { title: 'Early supporter badge', min_amount: 100, quantity: 5 })).body.data;
    expect((await list({}, draft.id)).status).toBe(404);
    expect((await list(campaigner.auth, draft.id)).status).toBe(200);
    await db.update(rewards).set({ claimed: 3 }).where(eq(rewards.id, r.id));
    expect((await edit(campaigner.auth, draft.id, r.id, { quantity: 2 })).body.error.fields).toEqual({ quantity: REWARD_MESSAGES.belowClaimed });
    // given to donors: removing it retires it, it is never deleted
    const removed = await remove(campaigner.auth, draft.id, r.id);
    expect([removed.status, removed.body.data.deleted, removed.body.data.retired]).toEqual([200, false, true]);
  });
});

describe('reward pictures (spec 3)', () => {
  it("take one of the fundraiser's own uploads, never another fundraiser's or an outside address", async () => {
    const campaigner = await person('Reward Pictures');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const other = await makeFundraiser(db);
    const mine = `/media/uploads/reward-${f.id}/card.webp`;
    await db.insert(fundraiserMedia).values([
      { fundraiser_id: f.id, kind: 'editor', cdn_path: `/media/uploads/reward-${f.id}/original.jpg`, variants: { card: mine } },
      { fundraiser_id: other.id, kind: 'editor', cdn_path: `/media/uploads/reward-${other.id}/original.jpg` },
    ]);
    const made = await add(campaigner.auth, f.id, { title: 'Hand-painted card', min_amount: 500, image: mine });
    expect([made.status, made.body.data.image]).toEqual([201, mine]);
    expect((await list({}, f.id)).body.data[0].image).toBe(mine);
    for (const image of [`/media/uploads/reward-${other.id}/original.jpg`, 'https://evil.example/x.png', '/media/uploads/never-uploaded.jpg']) {
      const refused = await add(campaigner.auth, f.id, { title: 'Borrowed picture', min_amount: 500, image });
      expect([refused.status, refused.body.error.fields]).toEqual([422, { image: REWARD_MESSAGES.image }]);
    }
    // and it can be taken away
    expect((await edit(campaigner.auth, f.id, made.body.data.id, { image: null })).body.data.image).toBeNull();
  });
});

describe('a donation with a reward (spec 3: reward_id on the cart)', () => {
  it('is refused below the minimum, for another fundraiser, and once none are left', async () => {
    const campaigner = await person('Reward Giver');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const other = await makeFundraiser(db);
    const r = (await add(campaigner.auth, f.id, { title: 'Signed photo', min_amount: 2000, quantity: 1 })).body.data;
    expect((await cart(f.id, 1999, r.id)).body.error.fields).toEqual({ reward_id: REWARD_MESSAGES.tooSmall });
    expect((await cart(other.id, 5000, r.id)).body.error.fields).toEqual({ reward_id: REWARD_MESSAGES.notFound });
    const ok = await cart(f.id, 2000, r.id);
    expect(ok.status).toBe(201);
    const [row] = await db.select({ reward_id: carts.reward_id }).from(carts).where(eq(carts.id, ok.body.data.id));
    expect(row.reward_id).toBe(r.id);
    await db.update(rewards).set({ claimed: 1 }).where(eq(rewards.id, r.id));
    expect((await cart(f.id, 5000, r.id)).body.error.fields).toEqual({ reward_id: REWARD_MESSAGES.soldOut });
  });

  it('the last reward goes to one donor when several payments settle at once; every gift is credited', async () => {
    const campaigner = await person('Reward Racer');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const r = (await add(campaigner.auth, f.id, { title: 'The last painting', min_amount: 1000, quantity: 1 })).body.data;
    const donations = [];
    // all carts pass the check while one is left: it is the settlement that decides
    for (let i = 0; i < 4; i++) donations.push(await pendingDonation(f.id, 1000, r.id));
    const settled = await Promise.all(donations.map((d) => d.settle()));
    expect(settled.map((s) => s.body.data.status)).toEqual(['success', 'success', 'success', 'success']);
    const [reward] = await db.select().from(rewards).where(eq(rewards.id, r.id));
    expect(reward.claimed).toBe(1);
    const kept = await db.select({ reward_id: carts.reward_id }).from(carts).where(eq(carts.fundraiser_id, f.id));
    expect(kept.filter((c) => c.reward_id === r.id)).toHaveLength(1);
    const [after] = await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, f.id));
    expect(after).toEqual({ raised: 400_000, donors: 4 });
  });
});

describe('removing a reward donors chose retires it (never a 500)', () => {
  it('one a cart chose (not yet paid) is retired: 200, offered to no new donor, refused on a new cart; the old cart still pays and keeps it', async () => {
    const campaigner = await person('Reward Retirer');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const r = (await add(campaigner.auth, f.id, { title: 'Family photo', min_amount: 500, quantity: 10 })).body.data;
    const keep = (await add(campaigner.auth, f.id, { title: 'Thank-you note', min_amount: 100 })).body.data;
    const pending = await pendingDonation(f.id, 500, r.id);
    const removed = await remove(campaigner.auth, f.id, r.id);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ deleted: false, retired: true, reward: { id: r.id, title: 'Family photo', retired: true } });
    // donors: the list API, and what the story and payment pages show (listRewards), no longer have it
    expect((await list({}, f.id)).body.data.map((x: { id: number }) => x.id)).toEqual([keep.id]);
    expect((await listRewards(db, f.id)).map((x) => x.id)).toEqual([keep.id]);
    // its campaigner still sees it, as retired
    expect((await list(campaigner.auth, f.id)).body.data.map((x: { id: number; retired: boolean }) => [x.id, x.retired])).toEqual([[keep.id, false], [r.id, true]]);
    // a new cart naming it is told why, and nothing is written
    const refused = await cart(f.id, 500, r.id);
    expect([refused.status, refused.body.error.fields]).toEqual([422, { reward_id: REWARD_MESSAGES.retired }]);
    // the donor who chose it before it was removed pays, and the gift keeps its reward
    expect((await pending.settle()).body.data.status).toBe('success');
    const [row] = await db.select({ reward_id: carts.reward_id }).from(carts).where(eq(carts.id, pending.cartId));
    expect(row.reward_id).toBe(r.id);
    expect((await recentDonations(db, campaigner, f.id)).map((d) => d.reward)).toEqual(['Family photo']);
    // removing it again answers the same; a reward no donor chose is deleted outright
    expect((await remove(campaigner.auth, f.id, r.id)).body.data).toMatchObject({ deleted: false, retired: true });
    expect((await remove(campaigner.auth, f.id, keep.id)).body.data).toEqual({ deleted: true });
    expect(await db.select({ id: rewards.id }).from(rewards).where(eq(rewards.id, keep.id))).toEqual([]);
  });

  it('carts naming a reward while its campaigner removes it: each is made or told why, never a 500', async () => {
    const campaigner = await person('Reward Racer Two');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const r = (await add(campaigner.auth, f.id, { title: 'Race reward', min_amount: 100 })).body.data;
    const [removed, ...carts_] = await Promise.all([remove(campaigner.auth, f.id, r.id), ...Array.from({ length: 8 }, () => cart(f.id, 100, r.id))]);
    expect(removed.status).toBe(200);
    for (const c of carts_) expect(c.status === 201 || (c.status === 422 && c.body.error.fields.reward_id)).toBeTruthy();
    // retired when any cart got it, deleted when none did
    const made = carts_.filter((c) => c.status === 201).length;
    expect(removed.body.data.deleted).toBe(made === 0);
  });

  it("a retired reward leaves room for a new one under the fundraiser's limit", async () => {
    const campaigner = await person('Reward Refresher');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const made = [];
    for (let i = 0; made.length < REWARDS_PER_FUNDRAISER_MAX; i++) made.push((await add(campaigner.auth, f.id, { title: `Reward number ${i}`, min_amount: 100 + i })).body.data);
    expect((await add(campaigner.auth, f.id, { title: 'One too many', min_amount: 100 })).status).toBe(409);
    expect((await cart(f.id, 100, made[0].id)).status).toBe(201);
    expect((await remove(campaigner.auth, f.id, made[0].id)).body.data.retired).toBe(true);
    expect((await add(campaigner.auth, f.id, { title: 'A fresh reward', min_amount: 100 })).status).toBe(201);
  });
});
