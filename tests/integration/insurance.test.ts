// Insurance (spec 3, 5, 7, 9): the premiums of spec 9; a signed-in person creates a policy for someone they
// name (spec 5 date and phone rules), pays it through the server's gateway like a gift, and the settled order pays the
// policy once, whatever replays; a failed payment may be tried again; the claim account needs a one-time code; only
// the owner ever sees or touches a policy (anyone else gets the 404 of a policy that does not exist).
import { and, desc, eq, like } from 'drizzle-orm';
import { POST as premiumRoute } from '@/app/api/insurance/premium/route';
import { POST as createRoute } from '@/app/api/insurance/create/route';
import { POST as updateRoute } from '@/app/api/insurance/update/route';
import { POST as payRoute } from '@/app/api/insurance/pay/route';
import { GET as policyRoute } from '@/app/api/insurance/[id]/route';
import { POST as creditRoute } from '@/app/api/entity/[id]/credit/details/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { POST as verifyOtpRoute } from '@/app/api/verify/otp/token/route';
import { insurancePolicies, ledgerEntries, oneTimeCodes, orders, outbox } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { gatewayNameFor, sandboxSecret } from '@/lib/payments/registry';
import { INSURANCE_ALREADY_PAID } from '@/lib/insurance/settled';
import { INSURANCE_VENDOR } from '@/lib/constants/insurance';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb } from '../factories';

let db: Db;
let ip = 0;
const ORIGIN = 'http://localhost';
const gateway = () => new SandboxGateway(getDb, sandboxSecret(), ORIGIN);

beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

type Auth = { authorization: string } | Record<string, never>;
const SIGNED_OUT: Auth = {};
const post = (auth: Auth, body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.15.${Math.floor(++ip / 250) % 250}.${ip % 250}`, ...auth } });
const premium = (body: unknown) => call(premiumRoute, '/api/insurance/premium', {}, post(SIGNED_OUT, body));
const create = (auth: Auth, body: unknown) => call(createRoute, '/api/insurance/create', {}, post(auth, body));
const update = (auth: Auth, body: unknown) => call(updateRoute, '/api/insurance/update', {}, post(auth, body));
const pay = (auth: Auth, body: unknown) => call(payRoute, '/api/insurance/pay', {}, post(auth, body));
const view = (auth: Auth, id: number | string) => call(policyRoute, `/api/insurance/${id}`, { id: String(id) }, { headers: { ...auth } });
const credit = (auth: Auth, id: number, body: unknown) => call(creditRoute, `/api/entity/${id}/credit/details`, { id: String(id) }, post(auth, body));
// the premium's payer sends it (the checkout URL is the order's payer's, a policy's its signed-in owner's)
const send = (orderId: string, auth: Auth) => call(sendRoute, '/api/payment/send', {}, post(auth, { order_id: orderId }));
const returnOf = (orderId: string, params: Record<string, string>) => call(responseRoute, `/api/payment/response/${orderId}`, { oi: orderId }, post(SIGNED_OUT, params));
const webhook = (body: string, signature: string) => call(webhookRoute, '/api/webhooks/sandbox', { gateway: 'sandbox' }, { method: 'POST', body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } });

const INSURED = { full_name: 'Kavya Menon', date_of_birth: '1990-05-17', relation: 'spouse', extension: '+91', phone: '+91 98765 43210' };
const person = (name: string) => signedInPerson(db, name);
const policyRow = async (id: number) => (await db.select().from(insurancePolicies).where(eq(insurancePolicies.id, id)))[0];
const orderRow = async (orderId: string) => (await db.select().from(orders).where(eq(orders.order_id, orderId)))[0];
const premiumLines = (orderId: string) => db.select().from(ledgerEntries).where(and(eq(ledgerEntries.group_id, orderId), like(ledgerEntries.account, 'insurance:%')));

async function newPolicy(auth: Auth, planId = 'care_yearly') {
  const r = await create(auth, { plan_id: planId, ...INSURED });
  expect(r.status).toBe(201);
  return r.body.data as { id: number; status: string; plan_amount: number };
}

/** Pays through insurance/pay and payment/send; the sandbox's checkout answers as the tester chooses; the payer comes back. */
async function payAndReturn(auth: Auth, policyId: number, outcome: 'success' | 'failed', mode = 'UPI') {
  const placed = await pay(auth, { id: policyId, mode });
  expect(placed.status).toBe(201);
  const sent = await send(placed.body.data.order_id, auth);
  expect(sent.status).toBe(200);
  const order = await orderRow(placed.body.data.order_id);
  const result = await gateway().complete(order.gateway_order_id!, outcome);
  const back = await returnOf(order.order_id, result.params);
  expect(back.status).toBe(200);
  return { order, result, back: back.body.data as { status: string; redirect: string } };
}

/** The 6-digit code of the newest message to this address. */
const lastCodeTo = async (recipient: string) => {
  const [m] = await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  return { code: /\b(\d{6})\b/.exec(m.body)![1], message: m };
};

describe('premiums (spec 9)', () => {
  it.each([
    ['care_yearly', 'care', 'yearly', 799],
    ['care_plus_yearly', 'care_plus', 'yearly', 1599],
    ['care_monthly', 'care', 'monthly', 99],
    ['care_plus_monthly', 'care_plus', 'monthly', 199],
    ['essentials_yearly', 'essentials', 'yearly', 1998],
    ['essentials_plus_yearly', 'essentials_plus', 'yearly', 3999],
  ])('%s costs its spec 9 premium', async (planId, plan, frequency, amount) => {
    const r = await premium({ plan_id: planId });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ vendor: INSURANCE_VENDOR, plan, plan_id: planId, frequency, plan_amount: amount, plan_amount_minor: amount * 100, currency: 'INR' });
  });

  it('lists the six plans without a plan id; refuses an unknown plan and another currency', async () => {
    const all = await premium({});
    expect(all.body.data.plans.map((p: { plan_id: string }) => p.plan_id)).toEqual(['care_yearly', 'care_plus_yearly', 'care_monthly', 'care_plus_monthly', 'essentials_yearly', 'essentials_plus_yearly']);
    const unknown = await premium({ plan_id: 'platinum' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.plan_id).toBe('Please choose a plan from the list');
    const dollars = await premium({ plan_id: 'care_yearly', currency: 'USD' });
    expect(dollars.status).toBe(422);
    expect(dollars.body.error.fields.currency).toBe('Insurance premiums are charged in Indian rupees only');
  });
});

describe('creating a policy (spec 5 rules)', () => {
  it('needs a signed-in person, and writes nothing for a visitor', async () => {
    const before = (await db.select({ id: insurancePolicies.id }).from(insurancePolicies)).length;
    const r = await create(SIGNED_OUT, { plan_id: 'care_yearly', ...INSURED });
    expect(r.status).toBe(401);
    expect((await db.select({ id: insurancePolicies.id }).from(insurancePolicies)).length).toBe(before);
  });

  it('refuses a date that is not YYYY-MM-DD and real, or in the future, with the spec message', async () => {
    const p = await person('Date Rule');
    for (const bad of ['1990-02-30', '17-05-1990', '1990-5-17', 'yesterday']) {
      const r = await create(p.auth, { plan_id: 'care_yearly', ...INSURED, date_of_birth: bad });
      expect([bad, r.status, r.body.error.fields.date_of_birth]).toEqual([bad, 422, 'Please enter a valid date (YYYY-MM-DD)']);
    }
    const future = await create(p.auth, { plan_id: 'care_yearly', ...INSURED, date_of_birth: `${new Date().getUTCFullYear() + 1}-01-01` });
    expect(future.body.error.fields.date_of_birth).toBe('The date of birth cannot be in the future');
    expect(await db.select().from(insurancePolicies).where(eq(insurancePolicies.user_id, p.id))).toEqual([]);
  });

  it('refuses a bad phone, and a number that is no Indian mobile with +91 (spec 5), with the spec message', async () => {
    const p = await person('Phone Rule');
    const short = await create(p.auth, { plan_id: 'care_yearly', ...INSURED, phone: '12345' });
    expect(short.body.error.fields.phone).toBe('Please enter a valid number');
    const notMobile = await create(p.auth, { plan_id: 'care_yearly', ...INSURED, phone: '5876543210' });
    expect(notMobile.status).toBe(422);
    expect(notMobile.body.error.fields.phone).toBe('Please enter a valid number');
    // the Indian mobile rule is for +91 numbers only
    const abroad = await create(p.auth, { plan_id: 'care_yearly', ...INSURED, extension: '+44', phone: '5876543210' });
    expect(abroad.status).toBe(201);
  });

  it('creates a policy at the plan premium for the signed-in person, whatever amount or owner the body names', async () => {
    const p = await person('Policy Buyer');
    const other = await person('Someone Else');
    const r = await create(p.auth, { plan_id: 'care_plus_yearly', ...INSURED, plan_amount: 1, plan_amount_minor: 1, vendor: 'cheap-insurer', user_id: other.id, status: 'paid' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ plan_id: 'care_plus_yearly', plan: 'care_plus', frequency: 'yearly', plan_amount: 1599, currency: 'INR', vendor: INSURANCE_VENDOR, status: 'created', paid_at: null, covered_until: null });
    // stored with the phone as spec 5 keeps it (its last 10 digits)
    expect(r.body.data.insured).toEqual({ full_name: 'Kavya Menon', date_of_birth: '1990-05-17', relation: 'spouse', extension: '+91', phone: '9876543210' });
    expect(await policyRow(r.body.data.id)).toMatchObject({ user_id: p.id, plan_amount_minor: 159_900, status: 'created' });
  });
});

describe('only the owner (404 for anyone else, 401 signed out)', () => {
  it('GET insurance/{id}, update and pay', async () => {
    const owner = await person('Owner Only');
    const stranger = await person('Stranger Danger');
    const policy = await newPolicy(owner.auth);
    expect((await view(owner.auth, policy.id)).body.data).toMatchObject({ id: policy.id, status: 'created' });
    expect((await view(SIGNED_OUT, policy.id)).status).toBe(401);
    const peek = await view(stranger.auth, policy.id);
    expect([peek.status, peek.body.error.message]).toEqual([404, 'Policy not found']);
    // the same answer as a policy that does not exist: an id reveals nothing
    expect((await view(stranger.auth, 2_000_000_000)).body).toEqual(peek.body);

    expect((await update(stranger.auth, { id: policy.id, full_name: 'Mallory' })).status).toBe(404);
    expect((await update(SIGNED_OUT, { id: policy.id, full_name: 'Mallory' })).status).toBe(401);
    expect((await pay(stranger.auth, { id: policy.id, mode: 'UPI' })).status).toBe(404);
    expect((await pay(SIGNED_OUT, { id: policy.id, mode: 'UPI' })).status).toBe(401);
    expect(await db.select().from(orders).where(eq(orders.insurance_policy_id, policy.id))).toEqual([]);
    expect((await policyRow(policy.id)).insured).toMatchObject({ full_name: 'Kavya Menon' });
  });

  it('the owner changes the plan and details while unpaid; the merged details pass spec 5 again', async () => {
    const owner = await person('Changes Mind');
    const policy = await newPolicy(owner.auth);
    const changed = await update(owner.auth, { id: policy.id, plan_id: 'essentials_yearly', full_name: 'Ravi Menon', relation: 'father' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ plan_id: 'essentials_yearly', plan_amount: 1998, insured: { full_name: 'Ravi Menon', relation: 'father', date_of_birth: '1990-05-17', phone: '9876543210' } });
    // a number that is no Indian mobile, against the stored +91
    const bad = await update(owner.auth, { id: policy.id, phone: '5876543210' });
    expect([bad.status, bad.body.error.fields.phone]).toEqual([422, 'Please enter a valid number']);
    expect((await update(owner.auth, { id: policy.id })).status).toBe(422);
  });
});

describe('paying the premium (the same gateways as a gift)', () => {
  it('places an insurance order at the policy premium through the server gateway, ignoring the client gateway and amount', async () => {
    const p = await person('Premium Payer');
    const policy = await newPolicy(p.auth, 'care_yearly');
    const placed = await pay(p.auth, { id: policy.id, mode: 'UPI', gateway: 'razorpay', payment_gateway: 'stripe', amount: 1, donated_amount: 1, plan_amount: 1, locale: 'hi' });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ policy_id: policy.id, payment_mode: 'UPI', payment_gateway: gatewayNameFor('INR', 'UPI'), iso_currency: 'INR', donated_amount_minor: 79_900, tip_amount_minor: 0 });
    const order = await orderRow(placed.body.data.order_id);
    expect(order).toMatchObject({ kind: 'insurance', insurance_policy_id: policy.id, user_id: p.id, cart_id: null, fundraiser_id: null, payment_gateway: 'sandbox', donated_amount_minor: 79_900, status: 'created' });
    expect(order.params).toMatchObject({ vendor: INSURANCE_VENDOR, plan: 'care', plan_id: 'care_yearly', locale: 'hi', site_origin: ORIGIN });
    // the receipt names the plan in the payer's language
    expect(order.params!.plan_title).toBe('केयर (वार्षिक)');
    // a double click answers the same order
    expect((await pay(p.auth, { id: policy.id, mode: 'UPI' })).body.data.order_id).toBe(order.order_id);
  });

  it('refuses a mode a premium cannot use (mandates are for SIPs) and a UPI id payment without a UPI id', async () => {
    const p = await person('Odd Modes');
    const policy = await newPolicy(p.auth);
    for (const mode of ['Emandate', 'UPIRECURRING', 'DESKTOPQR', 'NETBANKING']) {
      const r = await pay(p.auth, { id: policy.id, mode });
      expect([mode, r.status, r.body.error.message]).toEqual([mode, 422, 'This payment mode is not available']);
    }
    expect((await pay(p.auth, { id: policy.id, mode: 'VPA' })).body.error.fields.vpa).toBe('Please enter a valid UPI ID');
    expect(await db.select().from(orders).where(eq(orders.insurance_policy_id, policy.id))).toEqual([]);
  });

  it('the sandbox payment pays the policy with a year of cover, credits the insurer once, and comes back to the policy page', async () => {
    const p = await person('Yearly Cover');
    const policy = await newPolicy(p.auth, 'care_yearly');
    const before = Date.now();
    const { order, back } = await payAndReturn(p.auth, policy.id, 'success');
    expect(back).toMatchObject({ status: 'success', redirect: `/insurance/${policy.id}?oi=${order.order_id}` });
    const paid = await policyRow(policy.id);
    expect(paid.status).toBe('paid');
    expect(paid.paid_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const inAYear = new Date(paid.paid_at!);
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(paid.covered_until!.toISOString()).toBe(inAYear.toISOString());
    expect((await premiumLines(order.order_id)).map((l) => [l.account, l.kind, l.amount_minor, l.currency])).toEqual([[`insurance:${INSURANCE_VENDOR}`, 'insurance', 79_900, 'INR']]);
    expect((await orderRow(order.order_id))).toMatchObject({ status: 'success', charged: true, failure_reason: null });
    // the receipt goes to the payer and names the plan
    const [receipt] = await db.select().from(outbox).where(eq(outbox.recipient, p.email)).orderBy(desc(outbox.id)).limit(1);
    expect(receipt.body).toContain('Care (yearly)');
    // a premium is a purchase: its own words, never a donation's or an 80G line
    expect(receipt.subject).toContain('your premium for');
    expect(receipt.body).toContain('it is not a donation and does not qualify for an 80G tax deduction');
    expect(receipt.body).not.toMatch(/contribution|80G receipt/);
    expect((await view(p.auth, policy.id)).body.data).toMatchObject({ status: 'paid', covered_until: paid.covered_until!.toISOString() });
    // paid: no second premium, no more changes
    expect((await pay(p.auth, { id: policy.id, mode: 'CARD' })).status).toBe(409);
    expect((await update(p.auth, { id: policy.id, full_name: 'Someone Else' })).status).toBe(409);
  });

  it('a replayed webhook or return changes nothing: the cover is not extended, the ledger line is written once', async () => {
    const p = await person('Replay Guard');
    const policy = await newPolicy(p.auth, 'care_monthly');
    const { order, result } = await payAndReturn(p.auth, policy.id, 'success');
    const paid = await policyRow(policy.id);
    const inAMonth = new Date(paid.paid_at!);
    inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1);
    // a monthly plan covers one month (the same day next month, or that month's last day)
    expect(paid.covered_until!.getTime()).toBeLessThanOrEqual(inAMonth.getTime());
    expect(paid.covered_until!.getTime()).toBeGreaterThan(paid.paid_at!.getTime() + 27 * 86_400_000);
    for (let i = 0; i < 3; i++) expect((await webhook(result.webhookBody, result.webhookSignature)).status).toBe(200);
    expect((await returnOf(order.order_id, result.params)).body.data.status).toBe('success');
    // a re-check without params is the policy holder's
    expect(await call(responseRoute, `/api/payment/response/${order.order_id}`, { oi: order.order_id }, post(p.auth, {}))).toMatchObject({ status: 200 });
    const after = await policyRow(policy.id);
    expect([after.status, after.paid_at, after.covered_until]).toEqual(['paid', paid.paid_at, paid.covered_until]);
    expect(await premiumLines(order.order_id)).toHaveLength(1);
  });

  it('two Pay requests at once place one order; the webhook and the return arriving together pay the policy once', async () => {
    const p = await person('Double Clicker');
    const policy = await newPolicy(p.auth, 'care_plus_monthly');
    const [a, b] = await Promise.all([pay(p.auth, { id: policy.id, mode: 'CARD' }), pay(p.auth, { id: policy.id, mode: 'CARD' })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.order_id).toBe(b.body.data.order_id);
    expect(await db.select().from(orders).where(eq(orders.insurance_policy_id, policy.id))).toHaveLength(1);
    await send(a.body.data.order_id, p.auth);
    const order = await orderRow(a.body.data.order_id);
    const result = await gateway().complete(order.gateway_order_id!, 'success');
    const answers = await Promise.all([webhook(result.webhookBody, result.webhookSignature), returnOf(order.order_id, result.params), webhook(result.webhookBody, result.webhookSignature)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await premiumLines(order.order_id)).toHaveLength(1);
    expect(await policyRow(policy.id)).toMatchObject({ status: 'paid' });
    expect((await orderRow(order.order_id)).failure_reason).toBeNull();
  });

  it('a failed payment leaves the policy unpaid and comes back to its page; paying again places a new order that pays it', async () => {
    const p = await person('Second Try');
    const policy = await newPolicy(p.auth, 'essentials_plus_yearly');
    const first = await payAndReturn(p.auth, policy.id, 'failed');
    expect(first.back).toMatchObject({ status: 'failed', redirect: `/insurance/${policy.id}?oi=${first.order.order_id}` });
    expect(await policyRow(policy.id)).toMatchObject({ status: 'created', paid_at: null, covered_until: null });
    expect(await premiumLines(first.order.order_id)).toEqual([]);
    // the same mode again is a new attempt, not the failed order
    const second = await payAndReturn(p.auth, policy.id, 'success');
    expect(second.order.order_id).not.toBe(first.order.order_id);
    expect(second.order.donated_amount_minor).toBe(399_900);
    expect(await policyRow(policy.id)).toMatchObject({ status: 'paid' });
    expect((await orderRow(first.order.order_id)).status).toBe('failed');
  });

  it('a second payment that also succeeds (two tabs) never extends the cover: it is marked for a refund', async () => {
    const p = await person('Two Tabs');
    const policy = await newPolicy(p.auth, 'care_yearly');
    const byUpi = await pay(p.auth, { id: policy.id, mode: 'UPI' });
    const byCard = await pay(p.auth, { id: policy.id, mode: 'CARD' });
    expect(byUpi.body.data.order_id).not.toBe(byCard.body.data.order_id);
    for (const placed of [byUpi, byCard]) await send(placed.body.data.order_id, p.auth);
    const first = await orderRow(byUpi.body.data.order_id);
    await returnOf(first.order_id, (await gateway().complete(first.gateway_order_id!, 'success')).params);
    const paid = await policyRow(policy.id);
    const second = await orderRow(byCard.body.data.order_id);
    await returnOf(second.order_id, (await gateway().complete(second.gateway_order_id!, 'success')).params);
    expect(await policyRow(policy.id)).toMatchObject({ status: 'paid', paid_at: paid.paid_at, covered_until: paid.covered_until });
    expect(await orderRow(second.order_id)).toMatchObject({ status: 'success', failure_reason: INSURANCE_ALREADY_PAID });
  });
});

describe('claim bank details (entity/{id}/credit/details, with a one-time code)', () => {
  const ACCOUNT = { account_holder_name: 'Kavya Menon', account_number: '1234 5678 9012', account_number_confirm: '123456789012', ifsc_code: 'sbin0001234' };

  async function paidPolicy(name: string) {
    const p = await person(name);
    const policy = await newPolicy(p.auth);
    await payAndReturn(p.auth, policy.id, 'success');
    return { p, policy };
  }

  it('waits for the premium, and is the owner only', async () => {
    const p = await person('Unpaid Claimer');
    const policy = await newPolicy(p.auth);
    const early = await credit(p.auth, policy.id, ACCOUNT);
    expect([early.status, early.body.error.message]).toEqual([409, 'Bank details for claims can be added once the premium is paid']);
    const { policy: paid } = await paidPolicy('Real Owner');
    const stranger = await person('Claim Thief');
    expect((await credit(stranger.auth, paid.id, ACCOUNT)).status).toBe(404);
    expect((await credit(SIGNED_OUT, paid.id, ACCOUNT)).status).toBe(401);
  });

  it('checks the payout account rules before sending anything', async () => {
    const { p, policy } = await paidPolicy('Rule Checker');
    const r = await credit(p.auth, policy.id, { account_holder_name: 'K', account_number: '12ab', account_number_confirm: '999', ifsc_code: 'SBIN1234' });
    expect(r.status).toBe(422);
    expect(r.body.error.fields).toEqual({
      account_holder_name: 'Please enter the name on the bank account (3 to 100 characters)',
      account_number: 'Please enter an account number of 9 to 18 digits',
      account_number_confirm: 'The account numbers do not match',
      ifsc_code: 'Please enter a valid IFSC: 11 characters, like SBIN0001234',
    });
  });

  it('sends a code to the owner; a wrong code is refused; the right one stores the details once', async () => {
    const { p, policy } = await paidPolicy('Claim Account');
    const asked = await credit(p.auth, policy.id, ACCOUNT);
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ sent_to: 'email' });
    const { code, message } = await lastCodeTo(p.email);
    expect(message.body).toContain('9012');
    expect(message.body).not.toContain('123456789012');
    const [stored] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.request_id, asked.body.data.request_id));
    expect(stored.code_hash).not.toContain(code);

    const wrong = await credit(p.auth, policy.id, { ...ACCOUNT, request_id: asked.body.data.request_id, otp: code === '000000' ? '111111' : '000000' });
    expect([wrong.status, wrong.body.error.fields.otp]).toEqual([422, 'The code is incorrect']);
    expect(await policyRow(policy.id)).toMatchObject({ credit_details: null, credit_verified_at: null });
    // the code was sent for these details: it does not confirm another account
    const swapped = await credit(p.auth, policy.id, { ...ACCOUNT, account_number: '999988887777', account_number_confirm: '999988887777', request_id: asked.body.data.request_id, otp: code });
    expect([swapped.status, swapped.body.error.message]).toEqual([422, 'The code was sent for other bank details. Please ask for a new code.']);
    // nor does it sign anyone in
    expect((await call(verifyOtpRoute, '/api/verify/otp/token', {}, post(SIGNED_OUT, { request_id: asked.body.data.request_id, otp: code }))).status).toBe(422);

    const ok = await credit(p.auth, policy.id, { ...ACCOUNT, request_id: asked.body.data.request_id, otp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.credit_details).toEqual({ account_holder_name: 'Kavya Menon', account_number_last4: '9012', ifsc_code: 'SBIN0001234' });
    expect(ok.body.data.credit_verified_at).not.toBeNull();
    expect((await policyRow(policy.id)).credit_details).toEqual({ account_holder_name: 'Kavya Menon', account_number: '123456789012', ifsc_code: 'SBIN0001234' });
    expect((await view(p.auth, policy.id)).body.data.credit_details).toEqual(ok.body.data.credit_details);
    // used up
    const again = await credit(p.auth, policy.id, { ...ACCOUNT, request_id: asked.body.data.request_id, otp: code });
    expect([again.status, again.body.error.message]).toEqual([422, 'The code has expired. Please ask for a new one']);
  });

  it('refuses an expired code with the expiry message', async () => {
    const { p, policy } = await paidPolicy('Slow Typist');
    const asked = await credit(p.auth, policy.id, ACCOUNT);
    const { code } = await lastCodeTo(p.email);
    await db.update(oneTimeCodes).set({ expires_at: new Date(Date.now() - 1) }).where(eq(oneTimeCodes.request_id, asked.body.data.request_id));
    const late = await credit(p.auth, policy.id, { ...ACCOUNT, request_id: asked.body.data.request_id, otp: code });
    expect([late.status, late.body.error.message]).toEqual([422, 'The code has expired. Please ask for a new one']);
    expect((await policyRow(policy.id)).credit_verified_at).toBeNull();
  });
});
