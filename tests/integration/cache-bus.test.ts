// A committed change expires cached pages on every server instance. Settlement announces the fundraisers
// it changed on the database's NOTIFY bus inside its transaction: heard at commit by every listener, never for a
// rollback. The server's own route then expires its pages (the server script forwards what it hears there).
import { sql } from 'drizzle-orm';
import { POST as taskRoute } from '@/app/api/internal/tasks/[task]/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts } from '@/lib/db/schema';
import { announceFundraisersChanged, instanceId, listenForFundraiserChanges, type FundraisersChanged } from '@/lib/cache/bus';
import { INTERNAL_TASK_HEADER, INTERNAL_TASK_TOKEN_ENV } from '@/lib/constants/server';
import { makeFundraiser, makeOrder, makeUser } from '../factories';
import { call } from '../helpers/db';

let db: Db;
let seq = 0;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await closeDb();
});

/** Everything heard on the bus, and a wait for the next message that names a fundraiser. */
async function ear() {
  const heard: FundraisersChanged[] = [];
  const waiters: { id: number; resolve: (m: FundraisersChanged) => void }[] = [];
  stops.push(
    await listenForFundraiserChanges((m) => {
      heard.push(m);
      for (const w of waiters.filter((x) => m.fundraisers.includes(x.id))) w.resolve(m);
    }),
  );
  const hears = (id: number) =>
    new Promise<FundraisersChanged>((resolve, reject) => {
      const found = heard.find((m) => m.fundraisers.includes(id));
      if (found) return resolve(found);
      waiters.push({ id, resolve });
      setTimeout(() => reject(new Error(`nothing heard of fundraiser ${id}`)), 5_000).unref();
    });
  return { heard, hears };
}

async function paidGift(fundraiserId: number) {
  const donor = await makeUser(db, 'Bus Donor');
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, user_id: donor.id, currency: 'INR', donated_amount_minor: 50_000, donated_amount_inr_minor: 50_000, tip_amount_minor: 0, donor_name: 'Bus Donor', donor_email: donor.email })
    .returning();
  return makeOrder(db, { order_id: `SHYBUS${Date.now()}${++seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, user_id: donor.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 50_000, tip_amount_minor: 0, credited_amount_minor: 50_000, status: 'success' });
}

it('a settled payment is announced to every listener, naming its fundraiser and the process that wrote', async () => {
  const [first, second] = [await ear(), await ear()];
  const f = await makeFundraiser(db);
  await paidGift(f.id);
  const [a, b] = await Promise.all([first.hears(f.id), second.hears(f.id)]);
  expect(a).toEqual({ from: instanceId(), fundraisers: [f.id] });
  expect(b).toEqual(a);
});

it('says nothing for a transaction that rolls back, and speaks only at commit', async () => {
  const { heard, hears } = await ear();
  const [rolledBack, committed] = [await makeFundraiser(db), await makeFundraiser(db)];
  await expect(
    db.transaction(async (tx) => {
      await announceFundraisersChanged(tx, [rolledBack.id]);
      throw new Error('the payment write failed');
    }),
  ).rejects.toThrow('the payment write failed');
  let heardBeforeCommit = true;
  await db.transaction(async (tx) => {
    await announceFundraisersChanged(tx, [committed.id]);
    await tx.execute(sql`select pg_sleep(0.2)`);
    heardBeforeCommit = heard.some((m) => m.fundraisers.includes(committed.id));
  });
  await hears(committed.id);
  expect(heardBeforeCommit).toBe(false);
  // the rolled-back announcement was made before the committed one: had it gone out, it would have arrived first
  expect(heard.some((m) => m.fundraisers.includes(rolledBack.id))).toBe(false);
});

it('names many fundraisers in bounded messages', async () => {
  const { heard, hears } = await ear();
  const ids = Array.from({ length: 250 }, (_, i) => 1_000_000 + i);
  await announceFundraisersChanged(db, [...ids, ids[0]]);
  await hears(ids.at(-1)!);
  const mine = heard.filter((m) => m.fundraisers.some((id) => id >= 1_000_000));
  expect(mine.map((m) => m.fundraisers.length)).toEqual([100, 100, 50]);
  expect(mine.flatMap((m) => m.fundraisers)).toEqual(ids);
});

describe('the expire task, where the server applies what it hears', () => {
  const TOKEN = 'task-token-for-tests';
  const post = (body: unknown, token?: string) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { [INTERNAL_TASK_HEADER]: token } : {}) } });
  beforeAll(() => {
    process.env[INTERNAL_TASK_TOKEN_ENV] = TOKEN;
  });
  afterAll(() => {
    delete process.env[INTERNAL_TASK_TOKEN_ENV];
  });

  it('expires the named fundraisers for the holder of the process token', async () => {
    const r = await call(taskRoute, '/x', { task: 'expire' }, post({ fundraisers: [1, 2] }, TOKEN));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { ran: true } });
  });

  it('answers nobody else, and refuses a body that names no fundraiser', async () => {
    expect((await call(taskRoute, '/x', { task: 'expire' }, post({ fundraisers: [1] }))).status).toBe(404);
    expect((await call(taskRoute, '/x', { task: 'expire' }, post({ fundraisers: [1] }, 'wrong-token-of-same-len'))).status).toBe(404);
    expect((await call(taskRoute, '/x', { task: 'expire' }, post({ fundraisers: [] }, TOKEN))).status).toBe(422);
    expect((await call(taskRoute, '/x', { task: 'expire' }, post({ fundraisers: ['x'] }, TOKEN))).status).toBe(422);
  });
});
