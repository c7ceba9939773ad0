import { asc, sql, count, eq, isNull } from 'drizzle-orm';
import * as s from '@/lib/db/schema';
import { seedDemo, DEMO_COUPON_CODE, DEMO_PIN } from '@/demo/seed';
import { quoteCoupon } from '@/lib/coupons/coupons';
import { seedDemoEvents } from '@/demo/seed-events';
import { verifyPin } from '@/lib/fundraisers/pin';
import { isFundraiserEnded } from '@/lib/fundraisers/status';
import { checkLedger } from '@/lib/payments/ledger-check';
import { transparencyReport } from '@/lib/transparency/report';
import { closeDb, getDb, type Db } from '@/lib/db/client';

// the demo seed's own test: no other file starts from the demo, so this one seeds it itself, on a migrated database
let db: Db;
let first: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  db = await getDb();
  first = await seedDemo(db);
});
afterAll(closeDb);

describe('demo content', () => {
  it('runs on an empty database', async () => {
    expect(first.created).toBe(true);
    const [{ n }] = await db.select({ n: count() }).from(s.fundraisers);
    expect(n).toBe(first.fundraisers);
  });

  it('leaves the ledger clean (npm run check:ledger)', async () => {
    const r = await checkLedger(db);
    expect(r.mismatchedFundraisers).toEqual([]);
    expect(r.paymentsSettledTwice).toEqual([]);
    expect(r.withdrawalsOverRaised).toEqual([]);
    expect(r.withdrawalsOffLedger).toEqual([]);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await db.select({ n: count() }).from(s.fundraisers);
    const result = await seedDemo(db);
    const after = await db.select({ n: count() }).from(s.fundraisers);
    expect(result.created).toBe(false);
    expect(after[0].n).toBe(before[0].n);
  });

  it('covers the causes, ended, private and tax-exempt fundraisers, and every kind of user', async () => {
    const all = await db.select().from(s.fundraisers);
    expect(all.length).toBeGreaterThanOrEqual(60);
    const parents = new Set(all.map((f) => f.parent_cause_id));
    expect([...parents].sort()).toEqual(expect.arrayContaining([20, 48, 49]));
    expect(all.some((f) => f.status_flag === 4)).toBe(true);
    expect(all.some((f) => f.status_flag !== 4 && isFundraiserEnded(f))).toBe(true);
    expect(all.some((f) => f.is_private && f.pin_hash)).toBe(true);
    expect(all.some((f) => f.taxexempted)).toBe(true);
    const users = await db.select().from(s.users);
    expect(users.some((u) => u.entity_type === 'ngo')).toBe(true);
    expect(users.some((u) => u.is_hospital)).toBe(true);
    const [{ n: updates }] = await db.select({ n: count() }).from(s.updates);
    const [{ n: comments }] = await db.select({ n: count() }).from(s.comments);
    expect(updates).toBeGreaterThan(0);
    expect(comments).toBeGreaterThan(0);
  });

  it("gives the transparency page review decisions to count: every fundraiser approved, some sent back first", async () => {
    const { review } = await transparencyReport(db);
    expect(review.sentBack).toBeGreaterThan(0);
    expect(review.approved).toBeGreaterThan(review.sentBack);
    expect(Object.values(review.byCategory).filter((n) => n > 0).length).toBeGreaterThan(2);
  });

  it('private fundraisers open with the demo PIN, stored only hashed', async () => {
    // the first private one is the seed's: other suites sharing the database add private fundraisers without a PIN
    const [f] = await db.select().from(s.fundraisers).where(eq(s.fundraisers.is_private, true)).orderBy(asc(s.fundraisers.id)).limit(1);
    expect(f.pin_hash).not.toContain(DEMO_PIN);
    expect(await verifyPin(DEMO_PIN, f.pin_hash)).toBe(true);
    expect(await verifyPin('0000', f.pin_hash)).toBe(false);
  });

  it("the demo's sponsor coupon adds ₹100 to a rupee gift", async () => {
    expect(await quoteCoupon(db, DEMO_COUPON_CODE.toLowerCase(), { currency: 'INR', donatedMinor: 50_000 })).toMatchObject({ code: DEMO_COUPON_CODE, match_minor: 10_000 });
  });

  it('totals are real: each raised total equals its ledger entries and its successful orders', async () => {
    const rows = await db.execute<{ id: number; raised: string; ledger: string; orders: string; donors: number; successful: string }>(sql`
      with own as (
        select f.id, f.support_campaign_id as parent,
          -- what donors gave and refunds took back; withdrawals leave the account but not the raised total
          coalesce((select sum(amount_minor) from ledger_entries l where l.account = 'fundraiser:' || f.id and l.kind in ('donation', 'coupon', 'refund')), 0) as ledger,
          -- what its paid orders credited, less what refunds took back (a fully refunded order is 'refunded')
          coalesce((select sum(credited_amount_minor) from orders o where o.fundraiser_id = f.id and o.status in ('success', 'refunded')), 0)
            -- a SIP month for causes is shared among fundraisers, one line each (orders.params.lines)
            + coalesce((select sum((l->>'credited_minor')::bigint) from orders o cross join jsonb_array_elements(o.params->'lines') l
                where o.kind = 'sip' and o.fundraiser_id is null and o.status in ('success', 'refunded') and (l->>'fundraiser_id')::int = f.id), 0)
            + coalesce((select sum(amount_minor) from ledger_entries l where l.account = 'fundraiser:' || f.id and l.kind = 'refund'), 0)
            -- a sponsor's coupon match rides its gift's order (coupon_redemptions), on the fundraiser's account
            + coalesce((select sum(amount_minor) from ledger_entries l where l.account = 'fundraiser:' || f.id and l.kind = 'coupon'), 0) as orders,
          (select count(*) from orders o where o.fundraiser_id = f.id and o.status = 'success')
            + (select count(*) from orders o cross join jsonb_array_elements(o.params->'lines') l
                where o.kind = 'sip' and o.fundraiser_id is null and o.status = 'success' and (l->>'fundraiser_id')::int = f.id) as successful
        from fundraisers f)
      -- a supporting fundraiser's donations count in its parent's total too
      select f.id, f.raised_minor as raised, f.donor_count as donors,
        o.ledger + coalesce((select sum(k.ledger) from own k where k.parent = f.id), 0) as ledger,
        o.orders + coalesce((select sum(k.orders) from own k where k.parent = f.id), 0) as orders,
        o.successful + coalesce((select sum(k.successful) from own k where k.parent = f.id), 0) as successful
      from fundraisers f join own o on o.id = f.id`);
    const list = (rows as unknown as { rows: { id: number; raised: string; ledger: string; orders: string; donors: number; successful: string }[] }).rows ?? rows;
    expect(list.length).toBeGreaterThanOrEqual(60);
    for (const r of list) {
      expect([r.id, Number(r.raised)]).toEqual([r.id, Number(r.ledger)]);
      expect([r.id, Number(r.raised)]).toEqual([r.id, Number(r.orders)]);
      expect([r.id, Number(r.donors)]).toEqual([r.id, Number(r.successful)]);
    }
    expect(list.some((r) => Number(r.raised) > 0)).toBe(true);
  });
});

describe('demo seeding of events and banners', () => {
  it('is idempotent: a second run adds no event, cause or banner', async () => {
    const counts = async () => ({
      events: (await db.select({ n: count() }).from(s.events))[0].n,
      causes: (await db.select({ n: count() }).from(s.eventCauses))[0].n,
      banners: (await db.select({ n: count() }).from(s.banners).where(isNull(s.banners.host)))[0].n,
    });
    const before = await counts();
    await seedDemoEvents(db);
    await seedDemoEvents(db);
    expect(await counts()).toEqual(before);
    expect(before.events).toBeGreaterThanOrEqual(1);
    expect(before.causes).toBeGreaterThanOrEqual(4);
    // the drive's NGOs are the demo's own accounts
    const linked = await db.select({ name: s.entityDetails.name }).from(s.eventCauses).innerJoin(s.entityDetails, eq(s.entityDetails.id, s.eventCauses.entity_details_id));
    expect(new Set(linked.map((l) => l.name))).toEqual(new Set(['Annapurna Foundation', 'Green Roots India', 'Shiksha For All']));
  });
});
