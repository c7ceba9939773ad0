// Consent for every SIP debit: a mandate pays the SIPs it was authorised for; another SIP of the donor moves
// onto it only when the donor names it on the method-change page (refused above the mandate's cap); a SIP still waiting
// for its first mandate after SIP_MANDATE_LAPSE_DAYS lapses and is never charged; what one mandate debits in a month,
// all its SIPs together, never passes its cap, also when a raise and a move race (run on PostgreSQL too).
import { and, eq, inArray } from 'drizzle-orm';
import { POST as subscribeRoute } from '@/app/api/sip/subscribe/route';
import { POST as sandboxMandateRoute } from '@/app/api/payment/sandbox/mandate/route';
import { PUT as changeRoute } from '@/app/api/subscriptions/[id]/route';
import { PUT as pledgeRoute } from '@/app/api/subscriptions/[id]/pledge/route';
import { GET as countRoute } from '@/app/api/subscriptions/count/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { POST as linksRoute } from '@/app/api/sip/links/route';
import { getDb, type Db } from '@/lib/db/client';
import { mandateSubscriptions, mandates, orders, outbox, subscriptions } from '@/lib/db/schema';
import { handleWebhook } from '@/lib/payments/results';
import { SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxGateway } from '@/lib/payments/registry';
import { placeSipCharge, ABOVE_MANDATE } from '@/lib/sip/charge';
import { chargeDueSubscriptions } from '@/lib/sip/charge-due';
import { mandateLoadMinor } from '@/lib/sip/cover';
import { sipActionLink } from '@/lib/sip/links';
import { SIP_LAPSE_REASON } from '@/lib/sip/settled';
import { SIP_STATUS } from '@/lib/sip/status';
import { SIP_MANDATE_HEADROOM, SIP_MANDATE_LAPSE_DAYS } from '@/lib/constants/sip';
import { DAY_MS } from '@/lib/constants/time';
import { makeSubscription } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';

const ORIGIN = 'http://localhost';
let db: Db;
let ip = 0;
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Auth = Record<string, string>;
const json = (method: string, auth: Auth, body: unknown) => ({ method, headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.30.3.${++ip % 250}`, ...auth }, body: JSON.stringify(body) });
const subscribe = (auth: Auth, body: unknown) => call(subscribeRoute, '/api/sip/subscribe', {}, json('POST', auth, body));
const change = (auth: Auth, id: number, body: unknown) => call(changeRoute, `/api/subscriptions/${id}`, { id: String(id) }, json('PUT', auth, body));
const raise = (auth: Auth, id: number, amount: number) => call(pledgeRoute, `/api/subscriptions/${id}/pledge`, { id: String(id) }, json('PUT', auth, { amount }));
const sip = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const mandate = async (id: number) => (await db.select().from(mandates).where(eq(mandates.id, id)))[0];
const ordersOf = (ids: number[]) => db.select().from(orders).where(inArray(orders.subscription_id, ids)).orderBy(orders.id);
const mailTo = (email: string, subject: string) => db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.subject, subject)));
const soon = () => new Date(Date.now() + 60_000);

/** The donor's choice on the sandbox's mandate page, posted as its form does. */
async function authorise(authoriseUrl: string, outcome = 'success') {
  const u = new URL(authoriseUrl);
  const form = new URLSearchParams({ mandate_id: u.searchParams.get('mandate_id')!, outcome, return_url: u.searchParams.get('return_url')! });
  return sandboxMandateRoute(new Request(`${ORIGIN}/api/payment/sandbox/mandate`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }));
}

/** The bank's word on a mandate, as the sandbox's signed webhook. */
async function bankSays(gatewayMandateId: string, status: 'active' | 'paused' | 'cancelled') {
  const { webhookBody, webhookSignature } = sandboxGateway(ORIGIN)!.mandateWebhook(gatewayMandateId, status);
  return handleWebhook(db, 'sandbox', webhookBody, new Headers({ [SANDBOX_SIGNATURE_HEADER]: webhookSignature }), ORIGIN);
}

/** A signed-in donor with a running ₹{amount} SIP under an active mandate of twice its amount (the factory's). */
async function donorWithSip(name: string, amountMinor = 50_000) {
  const d = await signedInPerson(db, name);
  const made = await makeSubscription(db, { userId: d.id, lines: [{ sip_cause: 'medical', amount_minor: amountMinor }] });
  await db.update(subscriptions).set({ next_payment_date: new Date(Date.now() + 10 * DAY_MS) }).where(eq(subscriptions.id, made.subscription.id));
  return { d, sub: made.subscription, mandate: made.mandate! };
}

/** Another SIP of the same donor: running under a mandate of its own, or waiting for one it never authorised. */
async function anotherSip(userId: number, amountMinor: number, o: { waiting?: boolean; cause?: string } = {}) {
  const made = await makeSubscription(db, { userId, lines: [{ sip_cause: o.cause ?? 'education', amount_minor: amountMinor }], mandate: o.waiting ? 'created' : 'active' });
  if (o.waiting) await db.update(subscriptions).set({ status_flag: SIP_STATUS.awaitingMandate }).where(eq(subscriptions.id, made.subscription.id));
  return { sub: await sip(made.subscription.id), mandate: made.mandate! };
}

/** Moves a SIP and its mandates back in time, as if set up `days` ago. */
async function setUpAgo(subscriptionId: number, mandateIds: number[], days: number) {
  const then = new Date(Date.now() - days * DAY_MS);
  await db.update(subscriptions).set({ created_at: then }).where(eq(subscriptions.id, subscriptionId));
  if (mandateIds.length) await db.update(mandates).set({ created_at: then }).where(inArray(mandates.id, mandateIds));
}

describe('a mandate pays the SIPs it was authorised for', () => {
  it('the ₹100 SIP abandoned at the mandate step is not charged when the ₹500 one set up later is authorised', async () => {
    const d = await signedInPerson(db, 'Abandoning Giver');
    const first = await subscribe(d.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 100 }], payment_method: 'UPIRECURRING', vpa: 'asha@okicici' });
    const second = await subscribe(d.auth, { currency: 'INR', causes: [{ sip_cause: 'education', amount: 500 }], payment_method: 'Emandate' });
    expect([first.status, second.status]).toEqual([201, 201]);
    await authorise(second.body.data.authorise_url);

    const [abandoned, chosen] = [await sip(first.body.data.subscription_id), await sip(second.body.data.subscription_id)];
    expect(chosen.status_flag).toBe(SIP_STATUS.active);
    // the ₹100 SIP still waits for its own mandate, never authorised: not on the new one, not started
    expect(abandoned.status_flag).toBe(SIP_STATUS.awaitingMandate);
    expect(abandoned.mandate_id).not.toBe(chosen.mandate_id);
    expect((await mandate(abandoned.mandate_id!)).status).toBe('created');
    // the mandate records what it was authorised for
    expect((await db.select().from(mandateSubscriptions).where(eq(mandateSubscriptions.mandate_id, chosen.mandate_id!))).map((r) => r.subscription_id)).toEqual([chosen.id]);

    await chargeDueSubscriptions(db, { origin: ORIGIN, now: soon(), subscriptionIds: [abandoned.id, chosen.id] });
    expect((await ordersOf([abandoned.id, chosen.id])).map((o) => [o.subscription_id, o.donated_amount_minor])).toEqual([[chosen.id, 50_000]]);
  });

  it('a method change moves only this SIP unless the donor ticks others by name; the new mandate covers them and their total', async () => {
    const { d, sub, mandate: old } = await donorWithSip('Method Changer');
    const waiting = await anotherSip(d.id, 10_000, { waiting: true });
    const running = await anotherSip(d.id, 30_000, { cause: 'animals' });

    // this SIP alone: the others stay as they are when the new mandate goes active
    const alone = await change(d.auth, sub.id, { action: 'change_method', method: 'CARD' });
    expect(alone.status).toBe(200);
    expect(alone.body.data.covers).toEqual([sub.id]);
    const m1 = await mandate(alone.body.data.mandate_id);
    expect(m1.max_amount_minor).toBe(50_000 * SIP_MANDATE_HEADROOM);
    await bankSays(m1.gateway_mandate_id, 'active');
    expect((await sip(sub.id)).mandate_id).toBe(m1.id);
    expect(await sip(waiting.sub.id)).toMatchObject({ status_flag: SIP_STATUS.awaitingMandate, mandate_id: waiting.mandate.id });
    expect(await sip(running.sub.id)).toMatchObject({ status_flag: SIP_STATUS.active, mandate_id: running.mandate.id });
    // the mandate it replaced pays nothing now: ended
    expect((await mandate(old.id)).status).toBe('cancelled');

    // ticked by name: both move with it, the waiting one starts, and the cap covers the three together
    const ticked = await change(d.auth, sub.id, { action: 'change_method', method: 'Emandate', also: [waiting.sub.id, running.sub.id] });
    expect(ticked.body.data.covers).toEqual([sub.id, waiting.sub.id, running.sub.id]);
    const m2 = await mandate(ticked.body.data.mandate_id);
    expect(m2.max_amount_minor).toBe(90_000 * SIP_MANDATE_HEADROOM);
    expect((await sip(waiting.sub.id)).mandate_id).toBe(waiting.mandate.id);
    await bankSays(m2.gateway_mandate_id, 'active');
    for (const id of [sub.id, waiting.sub.id, running.sub.id]) expect(await sip(id)).toMatchObject({ mandate_id: m2.id, status_flag: SIP_STATUS.active });
    expect(await mandateLoadMinor(db, m2.id)).toBe(90_000);
    // what they were paid by, or waited for, pays nothing now: ended
    for (const id of [m1.id, waiting.mandate.id, running.mandate.id]) expect((await mandate(id)).status).toBe('cancelled');
  });

  it("refuses to move another donor's SIP, a cancelled one or one in another currency, and a signed link changes its one SIP only", async () => {
    const { d, sub } = await donorWithSip('Careful Changer');
    const stranger = await donorWithSip('Other Donor');
    const [cancelled] = await db.insert(subscriptions).values({ user_id: d.id, sip_cause: 'animals', amount_minor: 20_000, status_flag: SIP_STATUS.cancelled }).returning();
    const dollars = await makeSubscription(db, { userId: d.id, currency: 'USD', lines: [{ sip_cause: 'education', amount_minor: 2_000 }] });
    for (const other of [stranger.sub.id, cancelled.id, dollars.subscription.id]) {
      const r = await change(d.auth, sub.id, { action: 'change_method', method: 'CARD', also: [other] });
      expect([r.status, r.body.error.fields]).toEqual([422, { also: expect.stringMatching(/same currency/) }]);
    }
    const waiting = await anotherSip(d.id, 10_000, { waiting: true });
    const token = new URL(await sipActionLink(db, sub.id, 'change_method', ORIGIN)).searchParams.get('token')!;
    const viaLink = await call(linksRoute, '/api/sip/links', {}, json('POST', {}, { token, action: 'change_method', method: 'CARD', also: [waiting.sub.id] }));
    expect(viaLink.body.data.covers).toEqual([sub.id]);
  });

  it('the bank cancelling a mandate asks the donor how to pay; its SIPs never ride the next mandate set up for another SIP', async () => {
    const { d, sub, mandate: m } = await donorWithSip('Revoked Giver');
    await bankSays(m.gateway_mandate_id, 'cancelled');
    expect((await sip(sub.id)).status_flag).toBe(SIP_STATUS.awaitingMandate);
    const [asked] = await mailTo(d.email, 'Please choose how to pay your monthly SIP');
    expect(asked.body).toContain('stopped debits under the mandate that paid your monthly SIP of ₹500');
    expect(asked.body).toContain('Change your payment method:');

    const fresh = await subscribe(d.auth, { currency: 'INR', causes: [{ sip_cause: 'elderly', amount: 200 }], payment_method: 'Emandate' });
    await authorise(fresh.body.data.authorise_url);
    expect(await sip(sub.id)).toMatchObject({ status_flag: SIP_STATUS.awaitingMandate, mandate_id: m.id });
    await chargeDueSubscriptions(db, { origin: ORIGIN, now: soon(), subscriptionIds: [sub.id] });
    expect(await ordersOf([sub.id])).toEqual([]);
  });
});

describe('moving a SIP onto a payment method the donor already uses', () => {
  it('moves it by name, starting one that waited; a choice above the cap is refused with the total and changes nothing', async () => {
    // ₹500 on a mandate that allows ₹1,000 a month
    const { d, sub, mandate: m } = await donorWithSip('Sharing Giver');
    const big = await anotherSip(d.id, 60_000);
    const refused = await change(d.auth, big.sub.id, { action: 'use_mandate', mandate_id: m.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('That comes to ₹1,100 a month, more than the ₹1,000 this payment method allows. Please choose fewer SIPs, or set up a new payment method.');
    expect((await sip(big.sub.id)).mandate_id).toBe(big.mandate.id);

    const small = await anotherSip(d.id, 20_000, { waiting: true });
    const moved = await change(d.auth, small.sub.id, { action: 'use_mandate', mandate_id: m.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data.subscription).toMatchObject({ id: small.sub.id, status_flag: SIP_STATUS.active, mandate: { id: m.id } });
    // every SIP of the donor as they now are, for the page
    expect(moved.body.data.subscriptions.map((s: { id: number }) => s.id).sort()).toEqual([sub.id, big.sub.id, small.sub.id].sort());
    expect(await mandateLoadMinor(db, m.id)).toBe(70_000);
    // the mandate it was set up with (never authorised) pays nothing now: ended
    expect((await mandate(small.mandate.id)).status).toBe('cancelled');
    // not somebody else's method, nor one already paying it
    const other = await donorWithSip('Method Owner');
    expect((await change(d.auth, sub.id, { action: 'use_mandate', mandate_id: other.mandate.id })).status).toBe(404);
    expect((await change(d.auth, sub.id, { action: 'use_mandate', mandate_id: m.id })).body.error.message).toBe('These SIPs are already paid by this payment method');
  });
});

describe('the cap covers every SIP a mandate pays', () => {
  it('a raise counts the other SIPs on the mandate (409 naming them)', async () => {
    const { d, sub, mandate: m } = await donorWithSip('Shared Raiser');
    const other = await anotherSip(d.id, 40_000);
    await db.update(subscriptions).set({ mandate_id: m.id }).where(eq(subscriptions.id, other.sub.id));
    const r = await raise(d.auth, sub.id, 700);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe('Your payment method allows at most ₹1,000 a month, and your other SIPs on it take ₹400. Please set up a new payment method to give more.');
    expect((await sip(sub.id)).amount_minor).toBe(50_000);
    expect((await raise(d.auth, sub.id, 600)).status).toBe(200);
  });

  it('the charge run never debits more in a month under one mandate than its cap, whatever SIPs point at it', async () => {
    // two ₹600 SIPs on one ₹1,000 mandate (as the old code could leave them): one month is charged, the other refused
    const { d, sub, mandate: m } = await donorWithSip('Capped Giver', 60_000);
    await db.update(mandates).set({ max_amount_minor: 100_000 }).where(eq(mandates.id, m.id));
    const other = await anotherSip(d.id, 60_000);
    const due = new Date(Date.now() - 60_000);
    await db.update(subscriptions).set({ mandate_id: m.id, next_payment_date: due }).where(inArray(subscriptions.id, [sub.id, other.sub.id]));
    const run = await chargeDueSubscriptions(db, { origin: ORIGIN, now: new Date(), subscriptionIds: [sub.id, other.sub.id] });
    expect(run.placed).toBe(1);
    const placed = await ordersOf([sub.id, other.sub.id]);
    expect(placed.map((o) => o.donated_amount_minor)).toEqual([60_000]);
    const left = placed[0].subscription_id === sub.id ? other.sub.id : sub.id;
    await expect(placeSipCharge(db, left, placed[0].period!, { origin: ORIGIN })).rejects.toMatchObject({ message: ABOVE_MANDATE });
  });

  it('a raise and a move onto the same mandate at once: one wins, the other is refused, the sum stays within the cap', async () => {
    for (let round = 0; round < 4; round++) {
      // ₹500 on a ₹1,000 mandate; a raise to ₹700 fits alone, and so does moving a ₹400 SIP onto it; both do not
      const { d, sub, mandate: m } = await donorWithSip(`Racing Giver ${round}`);
      const other = await anotherSip(d.id, 40_000);
      const [raised, moved] = await Promise.all([raise(d.auth, sub.id, 700), change(d.auth, other.sub.id, { action: 'use_mandate', mandate_id: m.id })]);
      expect([raised.status, moved.status].sort()).toEqual([200, 409]);
      expect(await mandateLoadMinor(db, m.id)).toBeLessThanOrEqual(100_000);
    }
  });
});

describe(`a SIP waiting ${SIP_MANDATE_LAPSE_DAYS} days for a mandate never authorised lapses`, () => {
  it('the charge run lapses it (status 7), tells the donor, cancels its mandate; it reads as stopped and refuses changes', async () => {
    const d = await signedInPerson(db, 'Lapsing Giver');
    const r = await subscribe(d.auth, { currency: 'INR', causes: [{ sip_cause: 'animals', amount: 300 }], payment_method: 'UPIRECURRING', vpa: 'asha@okicici' });
    const id = r.body.data.subscription_id;
    const mandateId = (await sip(id)).mandate_id!;
    // a day short of the lapse it waits on
    await setUpAgo(id, [mandateId], SIP_MANDATE_LAPSE_DAYS - 1);
    expect((await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [id] })).lapsed).toBe(0);
    await setUpAgo(id, [mandateId], SIP_MANDATE_LAPSE_DAYS + 1);
    expect((await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [id] })).lapsed).toBe(1);
    expect(await sip(id)).toMatchObject({ status_flag: SIP_STATUS.lapsed, cancel_reason: SIP_LAPSE_REASON, next_payment_date: null });
    expect((await mandate(mandateId)).status).toBe('cancelled');
    const [mail] = await mailTo(d.email, 'Your monthly SIP did not start');
    expect(mail.body).toContain(`its payment method was not authorised within ${SIP_MANDATE_LAPSE_DAYS} days`);

    // spec 4 at the API edge: 7 is not an active SIP
    const me = await call(meRoute, '/api/users/me', {}, { headers: d.auth });
    expect(me.body.data.activeSubscription).toBe(false);
    expect(me.body.data.listsubscriptions).toEqual([expect.objectContaining({ id, status_flag: SIP_STATUS.lapsed, status: 'stopped' })]);
    expect((await call(countRoute, '/api/subscriptions/count', {}, { headers: d.auth })).body.data).toMatchObject({ count: 0, by_status: { '7': 1 } });
    const refused = await change(d.auth, id, { action: 'change_method', method: 'CARD' });
    expect([refused.status, refused.body.error.message]).toEqual([409, 'This SIP did not start because its payment method was not authorised in time. Please start a new SIP.']);

    // a late authorisation debits nothing
    await bankSays((await mandate(mandateId)).gateway_mandate_id, 'active');
    await chargeDueSubscriptions(db, { origin: ORIGIN, now: soon(), subscriptionIds: [id] });
    expect(await ordersOf([id])).toEqual([]);
  });

  it('an authorisation after the lapse, before any run saw it, lapses the SIP instead of starting it; nothing is charged', async () => {
    const d = await signedInPerson(db, 'Late Authoriser');
    const r = await subscribe(d.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 100 }], payment_method: 'UPIRECURRING', vpa: 'asha@okicici' });
    const id = r.body.data.subscription_id;
    const mandateId = (await sip(id)).mandate_id!;
    await setUpAgo(id, [mandateId], SIP_MANDATE_LAPSE_DAYS + 2);
    await authorise(r.body.data.authorise_url);
    expect((await sip(id)).status_flag).toBe(SIP_STATUS.lapsed);
    // the mandate pays nothing: ended at its gateway once active
    expect((await mandate(mandateId)).status).toBe('cancelled');
    await chargeDueSubscriptions(db, { origin: ORIGIN, now: soon(), subscriptionIds: [id] });
    expect(await ordersOf([id])).toEqual([]);
  });

  it("starts when the donor authorised in time and only the bank's word comes late, or when a new try is under way", async () => {
    const d = await signedInPerson(db, 'Slow Bank Giver');
    const r = await subscribe(d.auth, { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 100 }], payment_method: 'Emandate' });
    const id = r.body.data.subscription_id;
    const m = await mandate((await sip(id)).mandate_id!);
    // the provider had the donor's authorisation (its token) before the lapse; the bank confirms on day 9
    await db.update(mandates).set({ gateway_token: `tok_${m.id}` }).where(eq(mandates.id, m.id));
    await setUpAgo(id, [m.id], SIP_MANDATE_LAPSE_DAYS + 2);
    expect((await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [id] })).lapsed).toBe(0);
    await bankSays(m.gateway_mandate_id, 'active');
    expect((await sip(id)).status_flag).toBe(SIP_STATUS.active);

    // an old SIP whose donor set up a new method yesterday waits for it
    const again = await anotherSip(d.id, 20_000, { waiting: true });
    await setUpAgo(again.sub.id, [again.mandate.id], SIP_MANDATE_LAPSE_DAYS + 3);
    const retry = await change(d.auth, again.sub.id, { action: 'change_method', method: 'CARD' });
    expect(retry.status).toBe(200);
    expect((await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [again.sub.id] })).lapsed).toBe(0);
    expect((await sip(again.sub.id)).status_flag).toBe(SIP_STATUS.awaitingMandate);
  });
});
