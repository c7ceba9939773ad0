// Ending a fundraiser early: its campaigner, owner or manager closes a running fundraiser now (end date =
// this moment), after which it takes no donations and counts as ended everywhere; nobody else can, and only once.
import { eq } from 'drizzle-orm';
import { POST as endRoute } from '@/app/api/campaigns/[id]/end/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { fundraisers } from '@/lib/db/schema';
import { FUNDRAISER_STATUS, isFundraiserEnded } from '@/lib/fundraisers/status';
import { END_MESSAGES } from '@/lib/validation/dashboard';
import { DAY_MS } from '@/lib/constants/time';
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
const send = (method: string, auth: Auth, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.15.0.${++ip % 250}`, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const end = (auth: Auth, id: number) => call(endRoute, `/api/campaigns/${id}/end`, { id: String(id) }, send('POST', auth));
const endDateOf = async (id: number) => (await db.select({ end_date: fundraisers.end_date }).from(fundraisers).where(eq(fundraisers.id, id)))[0].end_date;

describe('POST /api/campaigns/{id}/end', () => {
  it('the campaigner ends a running fundraiser now: it is ended and takes no more donations', async () => {
    const campaigner = await person('Ending Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const before = Date.now();
    const r = await end(campaigner.auth, f.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: f.id, stage: 'ended' });
    const endDate = await endDateOf(f.id);
    expect(endDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(endDate!.getTime()).toBeLessThanOrEqual(Date.now());
    const [row] = await db.select().from(fundraisers).where(eq(fundraisers.id, f.id));
    expect(isFundraiserEnded(row)).toBe(true);
    const cart = await call(cartRoute, '/x', { id: String(f.id) }, send('POST', {}, { donated_amount: 1000, currency: 'INR', donor_name: 'Late Donor', donor_email: `late.${f.id}@example.com`, donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 0 }));
    expect(cart.status).toBeGreaterThanOrEqual(400);
    expect(cart.status).toBeLessThan(500);
  });

  it('its manager may end it too, signed in with the cookie from our own page', async () => {
    const manager = await person('Ending Manager');
    const f = await makeFundraiser(db, { manager_id: manager.id });
    const r = await end({ cookie: manager.cookie, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }, f.id);
    expect(r.status).toBe(200);
    expect(isFundraiserEnded({ status_flag: f.status_flag, end_date: await endDateOf(f.id) })).toBe(true);
  });

  it("another user's token gets 404 and a signed-out call 401; the end date does not move", async () => {
    const campaigner = await person('Ending Owner');
    const stranger = await person('Ending Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const r = await end(stranger.auth, f.id);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
    expect((await end({}, f.id)).status).toBe(401);
    expect((await endDateOf(f.id))!.getTime()).toBe(f.end_date!.getTime());
  });

  it('only while running: an ended one, one past its end date, a draft and one under review answer 409', async () => {
    const campaigner = await person('Ending Twice');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    expect((await end(campaigner.auth, f.id)).status).toBe(200);
    const endedAt = await endDateOf(f.id);
    const again = await end(campaigner.auth, f.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(END_MESSAGES.notRunning);
    // the first end date stands
    expect((await endDateOf(f.id))!.getTime()).toBe(endedAt!.getTime());
    const pastEnd = await makeFundraiser(db, { campaigner_id: campaigner.id, end_date: new Date(Date.now() - DAY_MS) });
    const flagged = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.ended });
    const draft = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.draft });
    const review = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.underReview });
    for (const x of [pastEnd, flagged, draft, review]) {
      const r = await end(campaigner.auth, x.id);
      expect([x.id, r.status, r.body.error.message]).toEqual([x.id, 409, END_MESSAGES.notRunning]);
      expect((await endDateOf(x.id))!.getTime()).toBe(x.end_date!.getTime());
    }
  });

  it('refuses a cross-site request with the campaigner cookie', async () => {
    const campaigner = await person('Ending Cross Site');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const r = await end({ cookie: campaigner.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, f.id);
    expect(r.status).toBe(403);
    expect((await endDateOf(f.id))!.getTime()).toBe(f.end_date!.getTime());
  });
});
