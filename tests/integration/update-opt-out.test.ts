// Each update email carries a one-click unsubscribe link for its fundraiser. The link's token is signed
// (address and fundraiser); posting it records the opt-out, and later updates skip that address only.
import { and, eq, like } from 'drizzle-orm';
import { POST as postUpdateRoute } from '@/app/api/fundraisers/[id]/updates/route';
import { POST as optOutRoute } from '@/app/api/fundraisers/[id]/updates/opt-out/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, outbox, updateOptOuts } from '@/lib/db/schema';
import { updateOptOutToken, verifyUpdateOptOutToken } from '@/lib/fundraisers/update-opt-out';
import { DONOR_MESSAGES } from '@/lib/validation/donors';
import { makeFundraiser, makeOrder, makeUser } from '../factories';
import { signedIn } from '../helpers/auth';
import { call } from '../helpers/db';

let db: Db;
let seq = 0;
const run = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

async function campaignerWithFundraiser() {
  const u = await makeUser(db, 'Opt Campaigner');
  const { token } = await signedIn(db, u.id);
  const f = await makeFundraiser(db, { campaigner_id: u.id });
  return { f, auth: { authorization: `Bearer ${token}` } };
}
const json = (auth: Record<string, string>, body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) });
const postUpdate = (auth: Record<string, string>, id: number, title: string) =>
  call(postUpdateRoute, `/api/fundraisers/${id}/updates`, { id: String(id) }, json(auth, { title, body: '<p>The treatment is going well, thank you all.</p>' }));
const optOut = (id: number, body: unknown) => call(optOutRoute, `/api/fundraisers/${id}/updates/opt-out`, { id: String(id) }, json({}, body));

async function gift(fundraiserId: number, email: string) {
  const [cart] = await db.insert(carts).values({ fundraiser_id: fundraiserId, currency: 'INR', donated_amount_minor: 30_000, donated_amount_inr_minor: 30_000, donor_name: 'Opt Donor', donor_email: email }).returning();
  await makeOrder(db, { order_id: `SHYOPT${run}${++seq}`.toUpperCase(), cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 30_000, credited_amount_minor: 30_000, status: 'success' });
}
const updateMails = (email: string, title: string) => db.select().from(outbox).where(and(eq(outbox.recipient, email), like(outbox.subject, `%${title}%`)));
const tokenIn = (body: string) => new URL(/(https?:\/\/\S+\/updates\/opt-out\?\S+)/.exec(body)![1]).searchParams.get('token')!;

describe('update-email opt-out', () => {
  it('an opted-out donor gets no more update emails while another donor does', async () => {
    const { f, auth } = await campaignerWithFundraiser();
    const leaving = `leaving.${run}@example.com`;
    const staying = `staying.${run}@example.com`;
    await gift(f.id, leaving);
    await gift(f.id, staying);
    expect((await postUpdate(auth, f.id, `First news ${run}`)).body.data.emailed).toBe(2);
    const [mail] = await updateMails(leaving, `First news ${run}`);
    // the link opens the story's unsubscribe page, which posts the token
    expect(mail.body).toContain(`/stories/${f.custom_tag}/updates/opt-out?token=`);
    const token = tokenIn(mail.body);
    expect(verifyUpdateOptOutToken(f.id, token)).toBe(leaving);

    const r = await optOut(f.id, { token });
    expect(r.status).toBe(200);
    expect((await optOut(f.id, { token })).status).toBe(200);
    expect(await db.select().from(updateOptOuts).where(eq(updateOptOuts.fundraiser_id, f.id))).toEqual([expect.objectContaining({ email: leaving })]);

    expect((await postUpdate(auth, f.id, `Second news ${run}`)).body.data.emailed).toBe(1);
    expect(await updateMails(leaving, `Second news ${run}`)).toHaveLength(0);
    expect(await updateMails(staying, `Second news ${run}`)).toHaveLength(1);
  });

  it('an address is one address, whatever its case', async () => {
    const { f, auth } = await campaignerWithFundraiser();
    const email = `Mixed.Case.${run}@Example.com`;
    await gift(f.id, email);
    expect((await optOut(f.id, { token: updateOptOutToken(f.id, email) })).status).toBe(200);
    expect((await postUpdate(auth, f.id, `Case news ${run}`)).body.data.emailed).toBe(0);
  });

  it("refuses a forged token and another fundraiser's token, and records nothing", async () => {
    const { f } = await campaignerWithFundraiser();
    const other = await makeFundraiser(db);
    const victim = `victim.${run}@example.com`;
    const good = updateOptOutToken(other.id, victim);
    const [encoded, signature] = good.split('.');
    const forged = [
      // another fundraiser's link
      good,
      // an address nobody signed, with a signature made for another
      `${Buffer.from(`someone.${run}@example.com`).toString('base64url')}.${signature}`,
      // no signature, a bad one, or a made-up one
      encoded,
      `${encoded}.`,
      `${encoded}.${Buffer.from('x'.repeat(32)).toString('base64url')}`,
      `${encoded}.${signature}.extra`,
      'not-a-token',
    ];
    for (const token of forged) {
      const r = await optOut(f.id, { token });
      expect([r.status, r.body.error.fields]).toEqual([422, { token: DONOR_MESSAGES.optOutToken }]);
    }
    expect((await optOut(f.id, {})).status).toBe(422);
    expect(await db.select().from(updateOptOuts).where(eq(updateOptOuts.fundraiser_id, f.id))).toEqual([]);
    // the right fundraiser takes it
    expect((await optOut(other.id, { token: good })).status).toBe(200);
  });
});
