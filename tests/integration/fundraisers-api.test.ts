import { eq } from 'drizzle-orm';
import { GET as list } from '@/app/api/fundraisers/route';
import { GET as detail } from '@/app/api/fundraisers/[id]/route';
import { GET as health } from '@/app/api/health/route';
import { fundraisers } from '@/lib/db/schema';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeEndedFundraiser, makeFundraiser, makeNgo, makePrivateFundraiser, makeUser } from '../factories';
import { CAUSE } from '@/lib/constants/fundraisers';
import type { Db } from '@/lib/db/client';

const NAMES = ['Asha', 'Ravi', 'Meera', 'Kabir', 'Zoya', 'Arjun', 'Divya', 'Imran'];
let db: Db;
beforeAll(async () => {
  db = await freshDb();
  // a listing's worth of stories: 48 of individuals (a third asking for help in their title), 16 of NGOs, some ended, two private
  const campaigners = await Promise.all([1, 2, 3, 4].map((n) => makeUser(db, `Campaigner ${n}`)));
  const ngos = await Promise.all([1, 2].map((n) => makeNgo(db, { full_name: `Test NGO ${n}` })));
  for (let i = 0; i < 48; i++) {
    const name = NAMES[i % NAMES.length];
    const title = i % 3 === 0 ? `Help ${name} beat kidney failure ${i}` : `${name}'s treatment fund ${i}`;
    await makeFundraiser(db, { campaigner_id: campaigners[i % 4].id, title, story_description: `<p>${name} needs a transplant within months; every gift counts.</p>`, trending_score: (i * 37) % 100 });
  }
  for (let i = 0; i < 16; i++) {
    const { user, entity } = ngos[i % 2];
    await makeFundraiser(db, { campaigner_id: user.id, entity_details_id: entity.id, parent_cause_id: CAUSE.ngo, cause_id: 201, title: `Meals for children in school ${i}`, trending_score: (i * 53) % 100 });
  }
  for (let i = 0; i < 3; i++) await makeEndedFundraiser(db, { campaigner_id: campaigners[i].id, title: `Finished fundraiser ${i}` });
  for (let i = 0; i < 2; i++) await makePrivateFundraiser(db, '4321', { campaigner_id: campaigners[i].id, title: `Family only ${i}`, story_description: '<p>For family and friends.</p>' });
});
afterAll(closeDb);

describe('GET /api/fundraisers', () => {
  it('lists at least 60 public fundraisers in the spec field names', async () => {
    const { status, body } = await call(list, '/api/fundraisers?limit=100');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(60);
    for (const f of body.data) {
      expect(typeof f.id).toBe('number');
      expect(typeof f.custom_tag).toBe('string');
      expect(f).toHaveProperty('images.leaderboard');
      expect(f).toHaveProperty('campaigner.full_name');
      expect(f).toHaveProperty('beneficiary.tax_benefit');
      expect(f.is_private).toBe(false);
    }
    // a full page, or all of them
    expect(body.data.length).toBe(Math.min(100, body.meta.pagination.total));
  });

  it('counts matches only up to the cap, then says so (total_capped), and still pages on', async () => {
    const { listFundraisers, forgetFundraiserCounts } = await import('@/lib/fundraisers/queries');
    forgetFundraiserCounts();
    const capped = await listFundraisers(db, { limit: 2, countCap: 3 });
    expect(capped).toMatchObject({ total: 3, total_capped: true });
    expect(capped.data).toHaveLength(2);
    expect(capped.next_cursor).not.toBeNull();
    const exact = await listFundraisers(db, { limit: 2, countCap: 100_000 });
    expect(exact.total_capped).toBe(false);
    expect(exact.total).toBeGreaterThan(3);
    const { body } = await call(list, '/api/fundraisers?limit=5');
    expect(body.meta.pagination.total_capped).toBe(false);
  });

  it('a search with few matches is sorted from the search index, with many by the ranking index, in the same order', async () => {
    const { listFundraisers, forgetFundraiserCounts } = await import('@/lib/fundraisers/queries');
    const { statementsOf } = await import('../helpers/statements');
    const search = async (countCap: number) => {
      forgetFundraiserCounts();
      const pages: number[] = [];
      const run = await statementsOf(db, async () => {
        let cursor: string | undefined;
        do {
          const page = await listFundraisers(db, { q: 'help', limit: 3, countCap, cursor });
          pages.push(...page.data.map((f) => f.id));
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
      });
      const ordered = run.statements.filter((q) => /order by "fundraisers"."trending_score"/.test(q));
      expect(ordered.length).toBeGreaterThan(1);
      return { ids: pages, rankingHidden: ordered.every((q) => q.includes('"trending_score" + 0')), rankingIndexed: ordered.every((q) => !q.includes('"trending_score" + 0')) };
    };
    const few = await search(100_000);
    const many = await search(1);
    expect(few.ids.length).toBeGreaterThan(3);
    expect(few.rankingHidden).toBe(true);
    expect(many.rankingIndexed).toBe(true);
    // either way, the same fundraisers in the same order, page after page
    expect(many.ids).toEqual(few.ids);
  });

  it('pages through every fundraiser with the cursor, without repeats', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const { body } = await call(list, `/api/fundraisers?limit=7${q}`);
      seen.push(...body.data.map((f: { id: number }) => f.id));
      cursor = body.meta.pagination.next_cursor;
    } while (cursor);
    const { body: all } = await call(list, '/api/fundraisers?limit=100');
    expect(seen.length).toBe(all.meta.pagination.total);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters by cause (child or parent) and by running status', async () => {
    const { body } = await call(list, '/api/fundraisers?limit=100&cause=48');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((f: { parent_cause_id: number }) => f.parent_cause_id === 48)).toBe(true);
    const active = await call(list, '/api/fundraisers?limit=100&status=active');
    expect(active.body.data.every((f: { is_ended: boolean }) => !f.is_ended)).toBe(true);
    expect(active.body.data.length).toBeLessThan(body.data.length + 1000);
  });

  it('answers bad queries with 422 and per-field messages', async () => {
    const { status, body } = await call(list, '/api/fundraisers?limit=1000&page=0');
    expect(status).toBe(422);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toMatchObject({ limit: 'limit must be at most 100', page: 'page must be at least 1' });
    const bad = await call(list, '/api/fundraisers?cursor=%%%');
    expect(bad.status).toBe(422);
    const deep = await call(list, '/api/fundraisers?limit=100&page=102');
    expect(deep.status).toBe(422);
    expect(deep.body.error.fields.page).toMatch(/use next_cursor/);
  });
});

describe('GET /api/fundraisers/{id}', () => {
  it('a bad id is a 4xx JSON error, never a 500', async () => {
    for (const id of ['abc', '-1', '1.5', '99999999999']) {
      const { status, body } = await call(detail, `/api/fundraisers/${id}`, { id });
      expect(status).toBe(422);
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields).toHaveProperty('id');
    }
  });
  it('an unknown id is 404', async () => {
    const { status, body } = await call(detail, '/api/fundraisers/999999', { id: '999999' });
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
  it('answers a fundraiser with its story', async () => {
    const [f] = await db.select().from(fundraisers).where(eq(fundraisers.is_private, false)).limit(1);
    const { status, body } = await call(detail, `/api/fundraisers/${f.id}`, { id: String(f.id) });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: f.id, custom_tag: f.custom_tag, title: f.title, story_description: { info_1: f.story_description } });
  });
  it('hides a private fundraiser story until its PIN is verified (spec 2)', async () => {
    const [f] = await db.select().from(fundraisers).where(eq(fundraisers.is_private, true)).limit(1);
    const { body } = await call(detail, `/api/fundraisers/${f.id}`, { id: String(f.id) });
    expect(body.data.pin_required).toBe(true);
    expect(body.data.story_description.info_1).toBeNull();
    expect(JSON.stringify(body)).not.toContain('pin_hash');
  });
});

describe('GET /api/health', () => {
  it('reports the database', async () => {
    const res = await health(new Request('http://localhost/api/health'));
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.database.ok).toBe(true);
    expect(['pglite', 'postgres']).toContain(body.database.kind);
  });

  it('says which build this server runs: the deployment id Next sets as it starts (null for a build without one)', async () => {
    const before = process.env.NEXT_DEPLOYMENT_ID;
    try {
      process.env.NEXT_DEPLOYMENT_ID = 'c2a951df828a68ca50067923034d37f93b85d333';
      expect((await (await health(new Request('http://localhost/api/health'))).json()).deployment_id).toBe('c2a951df828a68ca50067923034d37f93b85d333');
      delete process.env.NEXT_DEPLOYMENT_ID;
      expect((await (await health(new Request('http://localhost/api/health'))).json()).deployment_id).toBeNull();
    } finally {
      if (before === undefined) delete process.env.NEXT_DEPLOYMENT_ID;
      else process.env.NEXT_DEPLOYMENT_ID = before;
    }
  });
});
