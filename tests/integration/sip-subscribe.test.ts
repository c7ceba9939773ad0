// Subscribe (spec 3, 5, 9): a signed-in donor starts monthly giving to one or several causes; spec 5's rules
// refuse with their messages and write nothing; the amount charged is the rounded one; the SIP waits for its mandate,
// and the sandbox's mandate page (a signed webhook) starts it, or leaves it waiting when refused.
import { eq } from 'drizzle-orm';
import { POST as subscribeRoute } from '@/app/api/sip/subscribe/route';
import { POST as sandboxMandateRoute } from '@/app/api/payment/sandbox/mandate/route';
import { mandates, sandboxMandates, subscriptionLines, subscriptions } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SIP_STATUS } from '@/lib/sip/status';
import { SIP_MESSAGES } from '@/lib/sip/rules';
import { SIP_MANDATE_HEADROOM } from '@/lib/constants/sip';
import { makeSubscription } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';

let db: Db;
let ip = 0;
const ORIGIN = 'http://localhost';

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = { authorization: string } | Record<string, never>;
const donor = (name: string) => signedInPerson(db, name);
const post = (auth: Auth, body: unknown) =>
  call(subscribeRoute, '/api/sip/subscribe', {}, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.15.0.${++ip % 250}`, ...auth }, body: JSON.stringify(body) });
const sipsOf = (userId: number) => db.select().from(subscriptions).where(eq(subscriptions.user_id, userId));

/** The tester's choice on the sandbox's mandate page, posted as its form does. */
async function authorise(authoriseUrl: string, outcome: string) {
  const u = new URL(authoriseUrl);
  const form = new URLSearchParams({ mandate_id: u.searchParams.get('mandate_id')!, outcome, return_url: u.searchParams.get('return_url')! });
  return sandboxMandateRoute(new Request(`${ORIGIN}/api/payment/sandbox/mandate`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }));
}

describe('subscribing to monthly giving', () => {
  it('two causes, rounded as the page showed; waits for the mandate, which the sandbox page starts', async () => {
    const d = await donor('Monthly Giver');
    const r = await post(d.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 1201 }, { sip_cause: 'education', amount: 100 }], payment_method: 'Emandate', locale: 'hi' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ amount: 1350, currency: 'INR', causes: [{ sip_cause: 'medical', amount: 1250 }, { sip_cause: 'education', amount: 100 }] });
    const [sub] = await sipsOf(d.id);
    expect(sub).toMatchObject({ status_flag: SIP_STATUS.awaitingMandate, amount_minor: 135_000, currency: 'INR', locale: 'hi', month_interval: 1 });
    expect((await db.select().from(subscriptionLines).where(eq(subscriptionLines.subscription_id, sub.id))).map((l) => [l.sip_cause, l.amount_minor])).toEqual([['medical', 125_000], ['education', 10_000]]);
    const [mandate] = await db.select().from(mandates).where(eq(mandates.id, sub.mandate_id!));
    expect(mandate).toMatchObject({ status: 'created', method: 'Emandate', max_amount_minor: 135_000 * SIP_MANDATE_HEADROOM });
    expect(r.body.data.authorise_url).toContain('/payment/sandbox/mandate?');

    // the donor authorises, choosing that debits will fail for insufficient funds; they come back to the welcome page
    const back = await authorise(r.body.data.authorise_url, 'insufficient_funds');
    expect(back.status).toBe(303);
    expect(new URL(back.headers.get('location')!).pathname).toBe('/hi/sip/welcome');
    const [started] = await sipsOf(d.id);
    expect(started.status_flag).toBe(SIP_STATUS.active);
    expect(started.next_payment_date).not.toBeNull();
    expect((await db.select().from(sandboxMandates).where(eq(sandboxMandates.gateway_mandate_id, mandate.gateway_mandate_id)))[0].charge_outcome).toBe('insufficient_funds');
  });

  it('a refused mandate leaves the SIP waiting; a mandate page sends nobody elsewhere', async () => {
    const d = await donor('Refusing Giver');
    const r = await post(d.auth, { currency: 'INR', causes: [{ sip_cause: 'animals', amount: 500 }], payment_method: 'UPIRECURRING', vpa: 'asha@okicici' });
    expect(r.status).toBe(201);
    const u = new URL(r.body.data.authorise_url);
    const elsewhere = new URLSearchParams({ mandate_id: u.searchParams.get('mandate_id')!, outcome: 'success', return_url: 'https://evil.example/sip/welcome' });
    expect((await sandboxMandateRoute(new Request(`${ORIGIN}/api/payment/sandbox/mandate`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: elsewhere }))).status).toBe(400);
    await authorise(r.body.data.authorise_url, 'refuse');
    const [sub] = await sipsOf(d.id);
    expect(sub.status_flag).toBe(SIP_STATUS.awaitingMandate);
    expect((await db.select().from(mandates).where(eq(mandates.id, sub.mandate_id!)))[0].status).toBe('failed');
  });

  it("refuses with spec 5's messages and writes nothing: below the minimum, an INR-only cause, a UPI handle off the list, signed out", async () => {
    const d = await donor('Rule Tester');
    const low = await post(d.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 60 }], payment_method: 'Emandate' });
    expect([low.status, low.body.error.fields['causes.0.amount']]).toEqual([422, SIP_MESSAGES.belowMinimum('Medical', '₹100')]);
    const usd = await post(d.auth, { currency: 'USD', causes: [{ sip_cause: 'acid_victims', amount: 20 }], payment_method: 'CARD' });
    expect(usd.status).toBe(422);
    const upi = await post(d.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 500 }], payment_method: 'UPIRECURRING', vpa: 'asha@paytm' });
    expect(upi.body.error.fields).toEqual({ vpa: SIP_MESSAGES.vpaHandle });
    expect((await post({}, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 500 }], payment_method: 'Emandate' })).status).toBe(401);
    expect(await sipsOf(d.id)).toEqual([]);
  });

  it('a foreign SIP keeps its amount (rupee rounding only) and the existing-subscription exception lets an older small SIP be matched', async () => {
    const d = await donor('Diaspora Giver');
    const usd = await post(d.auth, { currency: 'USD', causes: [{ sip_cause: 'education', amount: 12 }], payment_method: 'CARD' });
    expect([usd.status, usd.body.data.amount]).toEqual([201, 12]);
    // an INR SIP of ₹50 from before today's minimum: ₹60 for the same cause is accepted, ₹40 is not
    const old = await donor('Old Small Giver');
    await makeSubscription(db, { userId: old.id, lines: [{ sip_cause: 'medical', amount_minor: 5_000 }] });
    expect((await post(old.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 60 }], payment_method: 'Emandate' })).status).toBe(201);
    expect((await post(old.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 40 }], payment_method: 'Emandate' })).status).toBe(422);
  });

  it('e-mandates and UPI AutoPay are for rupees only: a dollar SIP by either is refused and writes nothing', async () => {
    const d = await donor('Dollar Mandate Giver');
    for (const payment_method of ['Emandate', 'UPIRECURRING']) {
      const r = await post(d.auth, { currency: 'USD', causes: [{ sip_cause: 'medical', amount: 20 }], payment_method, ...(payment_method === 'UPIRECURRING' ? { vpa: 'asha@okicici' } : {}) });
      expect(r.body.error.message).toBe('This payment mode is not available');
    }
    expect(await sipsOf(d.id)).toEqual([]);
    expect((await post(d.auth, { currency: 'USD', causes: [{ sip_cause: 'medical', amount: 20 }], payment_method: 'CARD' })).status).toBe(201);
  });
});
