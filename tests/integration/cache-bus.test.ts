// A committed change expires cached pages on every server instance. Settlement announces the fundraisers
// it changed on the database's NOTIFY bus inside its transaction: heard at commit by every listener, never for a
// rollback. The server's own route then expires its pages (the server script forwards what it hears there).
import { sql } from 'drizzle-orm';
import { POST as taskRoute } from '@/app/api/internal/tasks/[task]/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts } from '@/lib/db/schema';
import { announceFundraisersChanged, instanceId, listenForFundraiserChanges, type FundraisersChanged } from '@/lib/cache/bus';
import { INTERNAL_TASK_HEADER, INTERNAL_TASK_TOKEN_ENV } from '@/lib/constants/server';
import { CACHE_CHANNEL } from '@/lib/constants/cache';
import { systemEvents, whiteLabelDomains } from '@/lib/db/schema';
import { fundraiserChanged } from '@/lib/cache/invalidate';
import { forgetFundraiserCounts, listFundraisers } from '@/lib/fundraisers/queries';
import { systemEventCounts } from '@/lib/story/event-counts';
import { partnerBrand } from '@/lib/whitelabel/brand';
import { currentRatesMicros } from '@/lib/currency-rates';
import { followCacheBus } from '@/server/background';
import { metrics } from '@/lib/observability/metrics';
import { nextTagExpiry } from '@/server/next-tags';
import { makeFundraiser, makeOrder, makeUser, unique } from '../factories';
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
  expect(a).toEqual({ from: instanceId(), fundraisers: [f.id], at: expect.any(Number) });
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

describe('what modules keep in memory, cleared like pages', () => {
  const site = { port: 0, taskToken: 'unused', expiry: nextTagExpiry() };
  beforeAll(async () => {
    stops.push(await followCacheBus(site));
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  async function until(check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('waited in vain');
      await sleep(25);
    }
  }
  // the bus-lag histogram's count and sum, as a scrape would read them
  const lag = async (part: 'count' | 'sum') => (await metrics.busLag.get()).values.find((v) => v.metricName === `sahyog_cache_bus_lag_seconds_${part}`)?.value ?? 0;
  const lagCount = () => lag('count');
  const lagSum = () => lag('sum');
  const anotherServerAnnounces = (ids: number[]) => db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ from: 'another-server', fundraisers: ids })})`);

  it('a change another server announces clears the list totals and event counts this server keeps', async () => {
    const f = await makeFundraiser(db);
    // counted now, with the new fundraiser (the factory writes as another process would: nothing is forgotten)
    forgetFundraiserCounts();
    const total = (await listFundraisers(db)).total;
    const visits = { entity_id: String(f.id), event_name: ['campaign_visit'] };
    expect((await systemEventCounts(db, visits)).total).toBe(0);
    // another server's writes: the fundraiser taken down, a visit counted
    await db.execute(sql`update fundraisers set status_flag = 0 where id = ${f.id}`);
    await db.insert(systemEvents).values({ event_name: 'campaign_visit', event_type: 'fundraiser', event_type_id: String(f.id) });
    expect((await listFundraisers(db)).total).toBe(total);
    await anotherServerAnnounces([f.id]);
    await until(async () => (await listFundraisers(db)).total === total - 1);
    expect((await systemEventCounts(db, visits)).total).toBe(1);
  });

  it("counts how long another server's announcement took to arrive (sahyog_cache_bus_lag_seconds)", async () => {
    const f = await makeFundraiser(db);
    forgetFundraiserCounts();
    const total = (await listFundraisers(db)).total;
    await db.execute(sql`update fundraisers set status_flag = 0 where id = ${f.id}`);
    // the database's own announcements (rates, brands) are counted too: measured from here
    await sleep(200);
    const [before, sumBefore] = [await lagCount(), await lagSum()];
    // announced 2 s ago by the writer's clock
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ from: 'another-server', fundraisers: [f.id], at: Date.now() - 2_000 })})`);
    await until(async () => (await listFundraisers(db)).total === total - 1);
    expect(await lagCount()).toBeGreaterThanOrEqual(before + 1);
    expect((await lagSum()) - sumBefore).toBeGreaterThanOrEqual(2);
    // an unreadable time costs the measurement, never the expiry
    await db.execute(sql`update fundraisers set status_flag = 1 where id = ${f.id}`);
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ from: 'another-server', fundraisers: [f.id], at: 'yesterday' })})`);
    await until(async () => (await listFundraisers(db)).total === total);
    // a writer's own announcement carries its time
    const { heard, hears } = await ear();
    await announceFundraisersChanged(db, [f.id]);
    expect((await hears(f.id)).at).toBeGreaterThan(Date.now() - 60_000);
    expect(heard.length).toBeGreaterThan(0);
  });

  it('the process that wrote forgets its own copies at once, bus or no bus', async () => {
    const f = await makeFundraiser(db);
    // counted now, with the new fundraiser (the factory writes as another process would: nothing is forgotten)
    forgetFundraiserCounts();
    const total = (await listFundraisers(db)).total;
    await db.execute(sql`update fundraisers set status_flag = 0 where id = ${f.id}`);
    await fundraiserChanged(db, f.id);
    expect((await listFundraisers(db)).total).toBe(total - 1);
  });

  it('a partner brand or an exchange rate, written by anyone (an operator with SQL too), is announced by the database and forgotten by every server', async () => {
    const host = `${unique('partner')}.example.org`;
    await db.insert(whiteLabelDomains).values({ host, name: 'First Name' });
    await sleep(300);
    expect((await partnerBrand(db, host))?.name).toBe('First Name');
    const eur = (await currentRatesMicros(db)).EUR;
    const heard = await ear();
    const lagsBefore = await lagCount();
    await db.execute(sql`update white_label_domains set name = 'Second Name' where host = ${host}`);
    await db.execute(sql`insert into currency_rates (currency, inr_per_unit_micros) values ('EUR', ${eur + 1}) on conflict (currency) do update set inr_per_unit_micros = excluded.inr_per_unit_micros`);
    await until(async () => (await partnerBrand(db, host))?.name === 'Second Name');
    await until(async () => (await currentRatesMicros(db)).EUR === eur + 1);
    // a listener of fundraiser changes alone is not told
    expect(heard.heard).toEqual([]);
    // the trigger's messages carry their time: both arrivals are counted in the lag
    expect(await lagCount()).toBeGreaterThanOrEqual(lagsBefore + 2);
  });
});
