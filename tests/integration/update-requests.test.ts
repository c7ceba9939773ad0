// Spec 7 "ask for update": a signed-in reader asks the campaigner for news, once while the request is open;
// the dashboard lists open requests; posting an update answers them all in its transaction and emails each asker and
// each donor once.
import { and, eq, like } from 'drizzle-orm';
import { POST as askRoute } from '@/app/api/fundraisers/[id]/ask-for-update/route';
import { POST as postUpdateRoute } from '@/app/api/fundraisers/[id]/updates/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, outbox, updateOptOuts, updateRequests, users } from '@/lib/db/schema';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { openUpdateRequests } from '@/lib/fundraisers/update-requests';
import { UPDATE_REQUEST_MESSAGES } from '@/lib/validation/dashboard';
import { UPDATE_REQUEST_MESSAGE_MAX } from '@/lib/constants/story';
import { makeFundraiser, makeOrder } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

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
const send = (method: string, auth: Auth, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.17.0.${++ip % 250}`, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const ask = (auth: Auth, id: number, body?: unknown) => call(askRoute, `/api/fundraisers/${id}/ask-for-update`, { id: String(id) }, send('POST', auth, body));
const postUpdate = (auth: Auth, id: number, body: unknown) => call(postUpdateRoute, `/api/fundraisers/${id}/updates`, { id: String(id) }, send('POST', auth, body));
const requestsOf = (fundraiserId: number) => db.select().from(updateRequests).where(eq(updateRequests.fundraiser_id, fundraiserId));

/** A paid gift from this address. */
async function gift(fundraiserId: number, email: string) {
  const [cart] = await db.insert(carts).values({ fundraiser_id: fundraiserId, currency: 'INR', donated_amount_minor: 100_000, donated_amount_inr_minor: 100_000, tip_amount_minor: 0, donor_name: 'Asking Donor', donor_email: email }).returning();
  await makeOrder(db, { order_id: `SHYASK${run}${++seq}`, cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 100_000, tip_amount_minor: 0, credited_amount_minor: 100_000, status: 'success' });
}

describe('POST /api/fundraisers/{id}/ask-for-update', () => {
  it('a signed-in reader asks with a note (201); asking again while it is open answers 200 with the same request', async () => {
    const reader = await person('Asking Reader');
    const f = await makeFundraiser(db);
    const first = await ask(reader.auth, f.id, { message: '  How is the recovery going?  ' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ fundraiser_id: f.id, message: 'How is the recovery going?', answered_at: null });
    const again = await ask(reader.auth, f.id, { message: 'Any news?' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    // without a note, and from the same person: still the one request
    expect((await ask(reader.auth, f.id)).body.data.id).toBe(first.body.data.id);
    expect(await requestsOf(f.id)).toHaveLength(1);
  });

  it('two asks at the same moment make one request', async () => {
    const reader = await person('Asking Twice At Once');
    const f = await makeFundraiser(db);
    const both = await Promise.all([ask(reader.auth, f.id), ask(reader.auth, f.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0].body.data.id).toBe(both[1].body.data.id);
    expect(await requestsOf(f.id)).toHaveLength(1);
  });

  it('a signed-out call is 401; the campaigner is sent to the dashboard (409); a draft is 404; a long note 422', async () => {
    const campaigner = await person('Asked Campaigner');
    const reader = await person('Asking Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    expect((await ask({}, f.id)).status).toBe(401);
    const own = await ask(campaigner.auth, f.id);
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe(UPDATE_REQUEST_MESSAGES.ownFundraiser);
    const draft = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.draft });
    expect((await ask(reader.auth, draft.id)).status).toBe(404);
    const long = await ask(reader.auth, f.id, { message: 'x'.repeat(UPDATE_REQUEST_MESSAGE_MAX + 1) });
    expect(long.status).toBe(422);
    expect(long.body.error.fields).toEqual({ message: UPDATE_REQUEST_MESSAGES.message });
    expect(await requestsOf(f.id)).toEqual([]);
    expect(await requestsOf(draft.id)).toEqual([]);
  });

  it('a private fundraiser asks for its PIN first', async () => {
    const reader = await person('Asking Without Pin');
    const f = await makeFundraiser(db, { is_private: true });
    const r = await ask(reader.auth, f.id);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('pin_required');
  });
});

describe('open requests on the dashboard, answered by an update', () => {
  it('lists who asked and when for the campaigner only', async () => {
    const campaigner = await person('Listing Campaigner');
    const stranger = await person('Listing Stranger');
    const reader = await person('Listed Reader');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    await ask(reader.auth, f.id, { message: 'Please share the bills' });
    const open = await openUpdateRequests(db, campaigner, f.id);
    expect(open.total).toBe(1);
    expect(open.data).toEqual([{ id: expect.any(Number), name: reader.full_name, message: 'Please share the bills', created_at: expect.any(String) }]);
    await expect(openUpdateRequests(db, stranger, f.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('posting an update answers every open request with it and emails each asker and donor once', async () => {
    const campaigner = await person('Answering Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const donorAsker = await person('Donor Who Asks');
    const asker = await person('Asker Only');
    const optedOut = await person('Opted Out Asker');
    const phoneOnly = await person('Phone Only Asker');
    await db.update(users).set({ is_dummy_email: true }).where(eq(users.id, phoneOnly.id));
    const donorOnly = `donor.only.${run}@example.com`;
    // the donor gave under the same address in other letters: one email all the same
    await gift(f.id, donorAsker.email.toUpperCase());
    await gift(f.id, donorOnly);
    await gift(f.id, optedOut.email);
    await db.insert(updateOptOuts).values({ fundraiser_id: f.id, email: optedOut.email.toLowerCase() });
    for (const p of [donorAsker, asker, optedOut, phoneOnly]) expect((await ask(p.auth, f.id)).status).toBe(201);
    // another fundraiser's request stays open
    const other = await makeFundraiser(db);
    await ask(asker.auth, other.id);

    const title = `News for askers ${run}`;
    const posted = await postUpdate(campaigner.auth, f.id, { title, body: '<p>The surgery is done and recovery has begun.</p>' });
    expect(posted.status).toBe(201);
    const rows = await requestsOf(f.id);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.answered_at !== null && r.answer_update_id === posted.body.data.id)).toBe(true);
    expect((await requestsOf(other.id)).map((r) => r.answered_at)).toEqual([null]);

    const mails = await db.select({ recipient: outbox.recipient }).from(outbox).where(like(outbox.subject, `%${title}%`));
    const expected = [donorAsker.email, asker.email, optedOut.email, donorOnly].map((e) => e.toLowerCase()).sort();
    expect(mails.map((m) => m.recipient.toLowerCase()).sort()).toEqual(expected);
    expect(posted.body.data.emailed).toBe(expected.length);
    expect((await openUpdateRequests(db, campaigner, f.id)).total).toBe(0);

    // once answered, asking again is a new request
    const later = await ask(asker.auth, f.id);
    expect(later.status).toBe(201);
    expect(await db.select().from(updateRequests).where(and(eq(updateRequests.fundraiser_id, f.id), eq(updateRequests.user_id, asker.id)))).toHaveLength(2);
  });

  it('a stranger posting an update answers nothing', async () => {
    const campaigner = await person('Unanswered Campaigner');
    const stranger = await person('Update Intruder');
    const reader = await person('Still Waiting');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    await ask(reader.auth, f.id);
    expect((await postUpdate(stranger.auth, f.id, { body: '<p>Not my fundraiser to update</p>' })).status).toBe(404);
    expect((await requestsOf(f.id)).map((r) => r.answered_at)).toEqual([null]);
  });
});
