// A donor manages their own SIP (raise, lower, pause, resume, skip, change the payment method, cancel), each
// for its owner only and never on a cancelled SIP; spec 7 subscriptions/count, subscriptions/latest and users/me.
import { and, eq, inArray } from 'drizzle-orm';
import { GET as countRoute } from '@/app/api/subscriptions/count/route';
import { GET as latestRoute } from '@/app/api/subscriptions/latest/route';
import { GET as getRoute, PUT as putRoute } from '@/app/api/subscriptions/[id]/route';
import { PUT as pledgeRoute } from '@/app/api/subscriptions/[id]/pledge/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { mandates, outbox, subscriptionLines, subscriptions } from '@/lib/db/schema';
import { handleWebhook } from '@/lib/payments/results';
import { SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxGateway } from '@/lib/payments/registry';
import { spreadSipTotal } from '@/lib/sip/manage';
import { addSipMonths, firstPaymentDateFrom } from '@/lib/sip/calendar';
import { resumeDueSips } from '@/lib/sip/resume';
import { sipPeriod } from '@/lib/sip/settled';
import { makeSubscription, makeUser } from '../factories';
import { signedIn } from '../helpers/auth';
import { call } from '../helpers/db';

// the sandbox's mandates.cancel does nothing: record what the product asks of it
const mockCancelled: string[] = [];
jest.mock('@/lib/payments/registry', () => {
  const actual = jest.requireActual('@/lib/payments/registry');
  return {
    ...actual,
    gatewayFor: (name: string, origin: string) => {
      const gateway = actual.gatewayFor(name, origin);
      if (gateway?.mandates) gateway.mandates.cancel = async (m: { gatewayMandateId: string }) => void mockCancelled.push(m.gatewayMandateId);
      return gateway;
    },
  };
});

let db: Db;
const run = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

type Lines = Parameters<typeof makeSubscription>[1]['lines'];

/** A signed-in donor with one running SIP (₹500 medical unless told), due on the 15th of next month, under an active mandate of twice its amount. */
async function donorWithSip(o: { lines?: Lines; currency?: string; status?: number; mandate?: 'active' | 'created' | null } = {}) {
  const user = await makeUser(db, 'Sip Manager');
  const { subscription, mandate } = await makeSubscription(db, { userId: user.id, currency: o.currency, lines: o.lines ?? [{ sip_cause: 'medical', amount_minor: 50_000 }], mandate: o.mandate });
  const today = new Date();
  const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 15, 6));
  await db.update(subscriptions).set({ next_payment_date: next, status_flag: o.status ?? 1, pre_debit_period: sipPeriod(next) }).where(eq(subscriptions.id, subscription.id));
  const { token } = await signedIn(db, user.id);
  return { user, sub: subscription, mandate, next, auth: { authorization: `Bearer ${token}` } };
}
const stranger = async () => ({ authorization: `Bearer ${(await signedIn(db, (await makeUser(db, 'Sip Stranger')).id)).token}` });

const put = (auth: Record<string, string>, body: unknown) => ({ method: 'PUT', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) });
const pledge = (auth: Record<string, string>, id: number, body: unknown) => call(pledgeRoute, `/api/subscriptions/${id}/pledge`, { id: String(id) }, put(auth, body));
const change = (auth: Record<string, string>, id: number, body: unknown) => call(putRoute, `/api/subscriptions/${id}`, { id: String(id) }, put(auth, body));
const row = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const lines = async (id: number) => (await db.select().from(subscriptionLines).where(eq(subscriptionLines.subscription_id, id)).orderBy(subscriptionLines.id)).map((l) => l.amount_minor);

describe('raise (PUT subscriptions/{id}/pledge) and lower (PUT subscriptions/{id} action lower)', () => {
  it('spec 7 increase pledge: a higher amount, rounded as spec 5 says, on the SIP and its line', async () => {
    const { sub, auth } = await donorWithSip();
    const r = await pledge(auth, sub.id, { amount: 701 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ change: 'raised', subscription: { id: sub.id, amount_minor: 75_000, lines: [{ sip_cause: 'medical', amount_minor: 75_000 }] } });
    expect(await row(sub.id)).toMatchObject({ amount_minor: 75_000, pre_debit_period: null });
  });

  it("refuses a raise above the mandate's limit with a 409 asking for a new payment method, and changes nothing", async () => {
    const { sub, auth } = await donorWithSip();
    // the mandate allows ₹1,000; 1001 rounds to 1050
    const r = await pledge(auth, sub.id, { amount: '1001' });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/at most ₹1,000.*new payment method/) });
    expect((await row(sub.id)).amount_minor).toBe(50_000);
    expect((await pledge(auth, sub.id, { amount: 1000 })).status).toBe(200);
  });

  it('increase pledge only raises: a lower or equal amount is a 422 naming the lower action, and changes nothing', async () => {
    const { sub, auth } = await donorWithSip();
    // 700 → 650 was "lowered" by increase pledge; now refused, the amount kept
    expect((await pledge(auth, sub.id, { amount: 700 })).body.data).toMatchObject({ change: 'raised', subscription: { amount_minor: 70_000 } });
    for (const amount of [650, 700, 701 - 50]) {
      const r = await pledge(auth, sub.id, { amount });
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'validation_failed', fields: { amount: expect.stringMatching(/only raises.*lower action/) } });
    }
    expect(await row(sub.id)).toMatchObject({ amount_minor: 70_000 });
    expect(await lines(sub.id)).toEqual([70_000]);
    // lowering keeps its own action
    const lowered = await change(auth, sub.id, { action: 'lower', amount: 650 });
    expect([lowered.status, lowered.body.data]).toEqual([200, expect.objectContaining({ action: 'lower', subscription: expect.objectContaining({ amount_minor: 65_000 }) })]);
  });

  it('lowers (action lower) to a rounded amount, not below the minimum of spec 9 (its message); not higher or equal', async () => {
    const { sub, auth } = await donorWithSip();
    const low = await change(auth, sub.id, { action: 'lower', amount: 40 });
    expect(low.status).toBe(422);
    expect(low.body.error).toMatchObject({ code: 'validation_failed', fields: { amount: 'The monthly amount for Medical must be at least ₹100' } });
    expect((await row(sub.id)).amount_minor).toBe(50_000);
    expect((await change(auth, sub.id, { action: 'lower', amount: 120 })).body.data).toMatchObject({ action: 'lower', subscription: { amount_minor: 15_000 } });
    for (const amount of [101, 900]) expect((await change(auth, sub.id, { action: 'lower', amount })).body.error.fields).toEqual({ amount: 'The new monthly amount must be lower than the current one' });
    expect((await change(auth, sub.id, { action: 'lower', amount: 'ten' })).status).toBe(422);
    expect((await row(sub.id)).amount_minor).toBe(15_000);
  });

  it('spreads a new total over two causes in whole steps of 50, each keeping the minimum', async () => {
    const { sub, auth } = await donorWithSip({ lines: [{ sip_cause: 'medical', amount_minor: 50_000 }, { sip_cause: 'animals', amount_minor: 50_000 }] });
    const refused = await change(auth, sub.id, { action: 'lower', amount: 150 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('The monthly amount for Animals must be at least ₹100');
    expect((await change(auth, sub.id, { action: 'lower', amount: 300 })).status).toBe(200);
    expect(await lines(sub.id)).toEqual([15_000, 15_000]);
    expect((await pledge(auth, sub.id, { amount: 1450 })).status).toBe(200);
    expect(await lines(sub.id)).toEqual([75_000, 70_000]);
    expect(spreadSipTotal([20_000, 60_000], 100_000, 5_000)).toEqual([25_000, 75_000]);
  });

  it('an older SIP below today\'s minimum may still be raised', async () => {
    const { sub, auth } = await donorWithSip({ lines: [{ sip_cause: 'medical', amount_minor: 5_000 }], mandate: null });
    expect((await pledge(auth, sub.id, { amount: 100 })).body.data).toMatchObject({ change: 'raised', subscription: { amount_minor: 10_000 } });
  });
});

describe('owner only', () => {
  it("another user's token gets 404 for every change, and signed out gets 401; nothing changes", async () => {
    const { sub } = await donorWithSip();
    const other = await stranger();
    expect((await pledge(other, sub.id, { amount: 600 })).status).toBe(404);
    for (const body of [{ action: 'pause', months: 1 }, { action: 'skip' }, { action: 'cancel' }, { action: 'change_method', method: 'Emandate' }]) {
      const r = await change(other, sub.id, body);
      expect([r.status, r.body.error.message]).toEqual([404, 'Subscription not found']);
    }
    expect((await call(getRoute, `/api/subscriptions/${sub.id}`, { id: String(sub.id) }, { headers: other })).status).toBe(404);
    expect((await pledge({}, sub.id, { amount: 600 })).status).toBe(401);
    expect((await change({}, sub.id, { action: 'cancel' })).status).toBe(401);
    expect(await row(sub.id)).toMatchObject({ status_flag: 1, amount_minor: 50_000 });
  });

  it('refuses an unknown action and a bad id clearly', async () => {
    const { sub, auth } = await donorWithSip();
    expect((await change(auth, sub.id, { action: 'explode' })).body.error).toMatchObject({ code: 'validation_failed', message: 'Please choose what to change' });
    expect((await change(auth, sub.id, { action: 'pause', months: 4 })).body.error.fields).toEqual({ months: 'Please choose a pause of 1 to 3 months' });
    expect((await call(putRoute, '/api/subscriptions/abc', { id: 'abc' }, put(auth, { action: 'skip' }))).status).toBe(422);
  });
});

describe('pause, resume, skip', () => {
  it('pauses for 1-3 months (status 2), the next payment moves past the pause, and resume restarts it', async () => {
    const { sub, auth, next } = await donorWithSip();
    const before = Date.now();
    const r = await change(auth, sub.id, { action: 'pause', months: 2 });
    expect(r.status).toBe(200);
    expect(r.body.data.subscription).toMatchObject({ status_flag: 2, status: 'paused' });
    const paused = await row(sub.id);
    const until = addSipMonths(new Date(before), 2);
    expect(Math.abs(paused.paused_until!.getTime() - until.getTime())).toBeLessThan(60_000);
    expect(paused.next_payment_date!.getTime()).toBe(firstPaymentDateFrom(next, paused.paused_until!, 1).getTime());
    expect(paused.next_payment_date! >= paused.paused_until!).toBe(true);
    expect(r.headers.get('set-cookie')).toContain('sip_state=inactive');
    // a paused SIP has no next month to skip
    expect((await change(auth, sub.id, { action: 'skip' })).status).toBe(409);

    const resumed = await change(auth, sub.id, { action: 'resume' });
    expect(resumed.status).toBe(200);
    // the SIP guard's hint at the edge follows the status
    expect(resumed.headers.get('set-cookie')).toContain('sip_state=active');
    const back = await row(sub.id);
    expect(back).toMatchObject({ status_flag: 1, paused_until: null });
    // the first payment date on or after today in the same calendar
    expect(back.next_payment_date!.getTime()).toBe(next.getTime());
    expect((await change(auth, sub.id, { action: 'resume' })).body.error.message).toBe('This SIP is not paused');
  });

  it('resumes by itself once paused_until has passed (the job), or waits for a new method if its mandate is gone', async () => {
    const { sub, auth } = await donorWithSip();
    const { sub: revoked, auth: auth2, mandate } = await donorWithSip();
    await change(auth, sub.id, { action: 'pause', months: 1 });
    await change(auth2, revoked.id, { action: 'pause', months: 1 });
    await db.update(mandates).set({ status: 'cancelled' }).where(eq(mandates.id, mandate!.id));
    await resumeDueSips(db, new Date());
    expect((await row(sub.id)).status_flag).toBe(2);
    // a month later (the database is shared: the job runs at today's clock, the pauses are moved into the past)
    const ended = new Date(Date.now() - 60_000);
    await db.update(subscriptions).set({ paused_until: ended }).where(inArray(subscriptions.id, [sub.id, revoked.id]));
    const nextBefore = (await row(sub.id)).next_payment_date;
    await resumeDueSips(db, new Date());
    expect(await row(sub.id)).toMatchObject({ status_flag: 1, paused_until: null, next_payment_date: nextBefore });
    expect((await row(revoked.id)).status_flag).toBe(5);
  });

  it('a paused SIP whose mandate is gone asks for a new payment method instead of resuming', async () => {
    const { sub, auth, mandate } = await donorWithSip();
    await change(auth, sub.id, { action: 'pause', months: 3 });
    await db.update(mandates).set({ status: 'cancelled' }).where(eq(mandates.id, mandate!.id));
    const r = await change(auth, sub.id, { action: 'resume' });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/new payment method/);
  });

  it('skips the month of the next payment, once', async () => {
    const { sub, auth, next } = await donorWithSip();
    const r = await change(auth, sub.id, { action: 'skip' });
    expect(r.body.data.subscription).toMatchObject({ skip_period: sipPeriod(next), status_flag: 1 });
    expect((await change(auth, sub.id, { action: 'skip' })).status).toBe(200);
    expect((await row(sub.id)).skip_period).toBe(sipPeriod(next));
  });
});

describe('cancel', () => {
  it('status 3 with the reason, a confirmation email, and the mandate cancelled at its gateway and here', async () => {
    const { user, sub, auth, mandate } = await donorWithSip();
    const r = await change(auth, sub.id, { action: 'cancel', reason: `  Moving abroad ${run}  ` });
    expect(r.status).toBe(200);
    expect(r.body.data.subscription).toMatchObject({ status_flag: 3, next_payment_date: null });
    expect(r.headers.get('set-cookie')).toContain('sip_state=none');
    const cancelled = await row(sub.id);
    expect(cancelled).toMatchObject({ status_flag: 3, cancel_reason: `Moving abroad ${run}` });
    expect(cancelled.cancelled_at).toBeInstanceOf(Date);
    expect(mockCancelled).toContain(mandate!.gateway_mandate_id);
    expect((await db.select().from(mandates).where(eq(mandates.id, mandate!.id)))[0]).toMatchObject({ status: 'cancelled' });
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.recipient, user.email), eq(outbox.subject, 'Your monthly SIP is cancelled')));
    expect(mail.body).toContain('Your monthly SIP of ₹500 for Medical is cancelled');
    expect(mail.body).toContain(`Your reason: Moving abroad ${run}`);

    // a cancelled SIP refuses every change
    for (const body of [{ action: 'pause', months: 1 }, { action: 'resume' }, { action: 'skip' }, { action: 'cancel' }, { action: 'change_method', method: 'CARD' }]) {
      const again = await change(auth, sub.id, body);
      expect([again.status, again.body.error.message]).toEqual([409, 'This SIP is cancelled and can no longer be changed']);
    }
    expect((await pledge(auth, sub.id, { amount: 900 })).status).toBe(409);
  });

  it('keeps a mandate that still pays another live SIP of the donor', async () => {
    const { user, sub, auth, mandate } = await donorWithSip();
    const [second] = await db.insert(subscriptions).values({ user_id: user.id, sip_cause: 'education', amount_minor: 20_000, mandate_id: mandate!.id, payment_gateway: 'sandbox' }).returning();
    await change(auth, sub.id, { action: 'cancel' });
    expect(mockCancelled).not.toContain(mandate!.gateway_mandate_id);
    expect((await db.select().from(mandates).where(eq(mandates.id, mandate!.id)))[0].status).toBe('active');
    expect((await row(second.id)).status_flag).toBe(1);
  });
});

describe('change the payment method', () => {
  it('starts a new mandate and answers where to authorise it; its activation moves the SIP to it', async () => {
    const { user, sub, auth, mandate } = await donorWithSip();
    const r = await change(auth, sub.id, { action: 'change_method', method: 'UPIRECURRING', vpa: 'asha@okicici' });
    expect(r.status).toBe(200);
    expect(r.body.data.authoriseUrl).toMatch(/\/payment\/sandbox\/mandate\?/);
    expect(new URL(r.body.data.authoriseUrl).searchParams.get('return_url')).toContain(`/sip/welcome?subscription=${sub.id}`);
    const [fresh] = await db.select().from(mandates).where(eq(mandates.id, r.body.data.mandate_id));
    expect(fresh).toMatchObject({ user_id: user.id, method: 'UPIRECURRING', status: 'created', currency: 'INR', max_amount_minor: 150_000 });
    // nothing moves until the bank says the new mandate is active
    expect((await row(sub.id)).mandate_id).toBe(mandate!.id);
    // the bank's yes arrives as the sandbox's signed webhook, as a provider's would
    const { webhookBody, webhookSignature } = sandboxGateway('http://localhost')!.mandateWebhook(fresh.gateway_mandate_id, 'active');
    await handleWebhook(db, 'sandbox', webhookBody, new Headers({ [SANDBOX_SIGNATURE_HEADER]: webhookSignature }), 'http://localhost');
    expect((await row(sub.id)).mandate_id).toBe(fresh.id);
    // the mandate it replaced pays nothing now: ended at its gateway and here, so it can never be debited
    expect(mockCancelled).toContain(mandate!.gateway_mandate_id);
    expect((await db.select().from(mandates).where(eq(mandates.id, mandate!.id)))[0].status).toBe('cancelled');
  });

  it('refuses a UPI handle outside spec 5 list, and UPI or e-mandate outside INR', async () => {
    const { sub, auth } = await donorWithSip();
    expect((await change(auth, sub.id, { action: 'change_method', method: 'UPIRECURRING', vpa: 'asha@paytm' })).body.error.fields.vpa).toMatch(/UPI AutoPay works with these UPI IDs only/);
    const usd = await donorWithSip({ currency: 'USD', lines: [{ sip_cause: 'education', amount_minor: 5_000 }] });
    expect((await change(usd.auth, usd.sub.id, { action: 'change_method', method: 'Emandate' })).body.error.message).toBe('This payment mode is not available');
    expect((await change(usd.auth, usd.sub.id, { action: 'change_method', method: 'CARD' })).status).toBe(200);
  });
});

describe('spec 7 calls', () => {
  it('subscriptions/count counts the active SIPs of spec 4 by status; subscriptions/latest is the newest', async () => {
    const { user, sub, auth } = await donorWithSip();
    const [cancelled] = await db.insert(subscriptions).values({ user_id: user.id, sip_cause: 'animals', amount_minor: 20_000, status_flag: 3 }).returning();
    const [waiting] = await db.insert(subscriptions).values({ user_id: user.id, sip_cause: 'elderly', amount_minor: 30_000, status_flag: 5 }).returning();
    const count = await call(countRoute, '/api/subscriptions/count', {}, { headers: auth });
    expect(count.body.data).toEqual({ count: 2, total: 3, by_status: { '1': 1, '3': 1, '5': 1 } });
    expect(count.headers.get('cache-control')).toContain('private');
    const latest = await call(latestRoute, '/api/subscriptions/latest', {}, { headers: auth });
    expect(latest.body.data).toMatchObject({ id: waiting.id, sip_cause: 'elderly', status_flag: 5 });
    expect([sub.id, cancelled.id]).not.toContain(latest.body.data.id);
    expect((await call(countRoute, '/api/subscriptions/count')).status).toBe(401);
    const none = await stranger();
    expect((await call(latestRoute, '/api/subscriptions/latest', {}, { headers: none })).body).toEqual({ data: null });
  });

  it('users/me carries listsubscriptions with status_flag and activeSubscription from real data', async () => {
    const { sub, auth } = await donorWithSip({ lines: [{ sip_cause: 'medical', amount_minor: 30_000 }, { sip_cause: 'animals', amount_minor: 20_000 }] });
    const me = await call(meRoute, '/api/users/me', {}, { headers: auth });
    expect(me.body.data.activeSubscription).toBe(true);
    expect(me.body.data.listsubscriptions).toEqual([
      expect.objectContaining({ id: sub.id, status_flag: 1, lines: [expect.objectContaining({ sip_cause: 'medical', amount_minor: 30_000 }), expect.objectContaining({ sip_cause: 'animals', amount_minor: 20_000 })] }),
    ]);
    await change(auth, sub.id, { action: 'cancel' });
    const after = await call(meRoute, '/api/users/me', {}, { headers: auth });
    expect(after.body.data.activeSubscription).toBe(false);
    expect(after.body.data.listsubscriptions[0].status_flag).toBe(3);
  });
});

describe('every change is confirmed by email to the SIP\'s donor', () => {
  const mails = async (email: string) => db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);

  it('raise, lower, skip, pause, resume and cancel each send one email from the template set: the new state, both parts, absolute links', async () => {
    const { user, sub, auth } = await donorWithSip();
    expect((await pledge(auth, sub.id, { amount: 800 })).status).toBe(200);
    expect((await change(auth, sub.id, { action: 'lower', amount: 600 })).status).toBe(200);
    expect((await change(auth, sub.id, { action: 'skip' })).status).toBe(200);
    expect((await change(auth, sub.id, { action: 'pause', months: 2 })).status).toBe(200);
    expect((await change(auth, sub.id, { action: 'resume' })).status).toBe(200);
    expect((await change(auth, sub.id, { action: 'cancel', reason: 'Moving abroad' })).status).toBe(200);
    const sent = await mails(user.email);
    expect(sent.map((m) => m.subject)).toEqual([
      'Your monthly SIP is now ₹800',
      'Your monthly SIP is now ₹600',
      expect.stringMatching(/^Your SIP payment due on \d{1,2} \w+ \d{4} will be skipped$/),
      expect.stringMatching(/^Your monthly SIP is paused until /),
      'Your monthly SIP is running again',
      'Your monthly SIP is cancelled',
    ]);
    expect(sent[0].body).toContain('is now ₹800 a month (it was ₹500)');
    for (const m of sent) {
      expect(m.html).toMatch(/^<!doctype html>/i);
      for (const [, href] of m.html!.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https?:\/\/[^/]+\//);
      // the SIP page, or a new SIP once cancelled
      expect(m.body).toMatch(/http:\/\/localhost(:\d+)?\/(sip|new\/sip)\b/);
    }
    // while it runs, the email carries its signed one-tap links; once cancelled, none
    expect(sent[1].body).toContain('/sip/manage?token=');
    expect(sent[5].body).not.toContain('/sip/manage?token=');
    expect(sent[5].body).toContain('Your reason: Moving abroad');
  });

  it('a refused change sends nothing', async () => {
    const { user, sub, auth } = await donorWithSip();
    expect((await change(auth, sub.id, { action: 'lower', amount: 50 })).status).toBe(422);
    expect(await mails(user.email)).toEqual([]);
  });
});
