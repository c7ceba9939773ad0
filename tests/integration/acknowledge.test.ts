// Spec 7 "PUT acknowledge form": the campaigner, owner or manager thanks one successful donation's donor.
// The first thank-you is emailed (in the donor's language, through the outbox); later ones change the words only.
import { and, eq, like } from 'drizzle-orm';
import { PUT as acknowledgeRoute } from '@/app/api/fundraisers/[id]/donors/[orderId]/acknowledge/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, orders, outbox } from '@/lib/db/schema';
import { DONOR_MESSAGES } from '@/lib/validation/donors';
import { ACKNOWLEDGEMENT_MAX } from '@/lib/constants/dashboard';
import { makeFundraiser, makeOrder } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';
import hi from '@/messages/hi.json';

let db: Db;
let seq = 0;
const run = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = Record<string, string>;
const person = (name: string) => signedInPerson(db, name);
const send = (auth: Auth, body: unknown) => ({ method: 'PUT', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) });
const acknowledge = (auth: Auth, fundraiserId: number, orderId: string, body: unknown) =>
  call(acknowledgeRoute, `/api/fundraisers/${fundraiserId}/donors/${orderId}/acknowledge`, { id: String(fundraiserId), orderId }, send(auth, body));

/** A donation to the fundraiser from a new address; its order id and the donor's address. */
async function gift(fundraiserId: number, o: { status?: 'success' | 'failed'; locale?: string; name?: string } = {}) {
  const n = ++seq;
  const email = `ack.donor.${run}.${n}@example.com`;
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, currency: 'INR', donated_amount_minor: 50_000, donated_amount_inr_minor: 50_000, donor_name: o.name ?? 'Meera Iyer', donor_email: email, locale: o.locale ?? 'en' })
    .returning();
  const orderId = `SHYACK${run}${n}`.toUpperCase();
  await makeOrder(db, { order_id: orderId, cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 50_000, credited_amount_minor: 50_000, status: o.status ?? 'success' });
  return { orderId, email };
}
// the receipt goes to the same address: count only the thank-you
const thankYous = (email: string) => db.select().from(outbox).where(and(eq(outbox.recipient, email), like(outbox.body, '%wrote to thank you%')));
const orderRow = async (orderId: string) => (await db.select().from(orders).where(eq(orders.order_id, orderId)))[0];

describe('PUT acknowledge form', () => {
  it('the campaigner thanks a donor: stored, emailed once; a later change is saved without a second email', async () => {
    const campaigner = await person('Thankful Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const { orderId, email } = await gift(f.id);
    const first = await acknowledge(campaigner.auth, f.id, orderId, { message: '  Thank you, Meera! The surgery is booked.  ' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ order_id: orderId, acknowledgement: 'Thank you, Meera! The surgery is booked.', emailed: true });
    const mails = await thankYous(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(f.title);
    expect(mails[0].body).toContain('Thank you, Meera! The surgery is booked.');
    expect(mails[0].body).toContain(`/stories/${f.custom_tag}`);
    const stored = await orderRow(orderId);
    expect(stored.acknowledgement).toBe('Thank you, Meera! The surgery is booked.');
    expect(stored.acknowledged_at).not.toBeNull();

    const again = await acknowledge(campaigner.auth, f.id, orderId, { message: 'Thank you again, the surgery went well.' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ acknowledgement: 'Thank you again, the surgery went well.', emailed: false });
    expect(await thankYous(email)).toHaveLength(1);
    const changed = await orderRow(orderId);
    expect(changed.acknowledgement).toBe('Thank you again, the surgery went well.');
    // the date says when the donor was first thanked
    expect(changed.acknowledged_at).toEqual(stored.acknowledged_at);
  });

  it("refuses a stranger's token and a signed-out call, and nothing is stored or sent", async () => {
    const campaigner = await person('Guarded Campaigner');
    const stranger = await person('Ack Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const { orderId, email } = await gift(f.id);
    expect((await acknowledge(stranger.auth, f.id, orderId, { message: 'Hello from a stranger' })).status).toBe(404);
    expect((await acknowledge({}, f.id, orderId, { message: 'Hello from nobody' })).status).toBe(401);
    const row = await orderRow(orderId);
    expect([row.acknowledged_at, row.acknowledgement]).toEqual([null, null]);
    expect(await thankYous(email)).toHaveLength(0);
    // the stranger's own fundraiser does not reach another fundraiser's donation either
    const own = await makeFundraiser(db, { campaigner_id: stranger.id });
    expect((await acknowledge(stranger.auth, own.id, orderId, { message: 'Hello through my fundraiser' })).status).toBe(404);
  });

  it("the fundraiser's manager may thank too; only successful donations; the message's limits", async () => {
    const campaigner = await person('Ack Owner');
    const manager = await person('Ack Manager');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id, manager_id: manager.id });
    const paid = await gift(f.id);
    const failed = await gift(f.id, { status: 'failed' });
    expect((await acknowledge(manager.auth, f.id, paid.orderId, { message: 'Thanks from the manager' })).status).toBe(200);
    const refused = await acknowledge(campaigner.auth, f.id, failed.orderId, { message: 'Thanks for trying' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(DONOR_MESSAGES.notSuccessful);
    expect((await acknowledge(campaigner.auth, f.id, `SHYNONE${run}`, { message: 'Thanks to nobody' })).status).toBe(404);
    for (const message of ['', ' ', 'x'.repeat(ACKNOWLEDGEMENT_MAX + 1)]) {
      const bad = await acknowledge(campaigner.auth, f.id, paid.orderId, { message });
      expect([bad.status, bad.body.error.fields]).toEqual([422, { message: DONOR_MESSAGES.message }]);
    }
    expect((await acknowledge(campaigner.auth, f.id, paid.orderId, { message: 'ok', extra: 1 })).status).toBe(422);
  });

  it("is written in the donor's language", async () => {
    const campaigner = await person('Ack Polyglot');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const { orderId, email } = await gift(f.id, { locale: 'hi', name: 'Meera' });
    expect((await acknowledge(campaigner.auth, f.id, orderId, { message: 'बहुत धन्यवाद' })).status).toBe(200);
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.recipient, email), like(outbox.body, '%बहुत धन्यवाद%')));
    expect(mail.body).toContain(hi.Donors.email.greeting.replace('{name}', 'Meera'));
    expect(mail.subject).toContain(f.title);
  });

  it('two thank-yous sent at once email the donor once', async () => {
    const campaigner = await person('Ack Racer');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const { orderId, email } = await gift(f.id);
    const results = await Promise.all([acknowledge(campaigner.auth, f.id, orderId, { message: 'Thank you (tab one)' }), acknowledge(campaigner.auth, f.id, orderId, { message: 'Thank you (tab two)' })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.filter((r) => r.body.data.emailed)).toHaveLength(1);
    expect(await thankYous(email)).toHaveLength(1);
  });
});
