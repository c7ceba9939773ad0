// Account pre-hijack: someone opens an account with a password under another person's email or phone.
// Whichever way the owner later proves it (code by email, code by phone, sign-up by code, reset link, sign-in link;
// social, wallet and caller app in their own files), the impostor's password, u_auth cookie and bearer token stop
// working in the same step, and an account already proven is not logged out again.
import { desc, eq } from 'drizzle-orm';
import { POST as otpLoginRoute } from '@/app/api/auth/login/otpLogin/route';
import { POST as verifyOtpRoute } from '@/app/api/verify/otp/token/route';
import { POST as verifyDetailsRoute } from '@/app/api/verify/details/route';
import { POST as resetEmailRoute } from '@/app/api/auth/password/email/route';
import { POST as resetRoute } from '@/app/api/auth/password/reset/route';
import { POST as autologinRoute } from '@/app/api/auth/autologin/route';
import { PUT as profileRoute } from '@/app/api/users/me/route';
import { POST as decideRoute } from '@/app/api/reviews/[id]/route';
import { GET as queueRoute } from '@/app/api/reviews/route';
import { fundraisers, outbox, users } from '@/lib/db/schema';
import { autologinLink } from '@/lib/auth/flows';
import { PROVEN_CONTACT_MESSAGES } from '@/lib/auth/accounts';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { freshDb, makeFundraiser } from '../factories';
import { call, closeDb } from '../helpers/db';
import { expectImpostorLockedOut, expectImpostorStillIn, impostorSignsUp, loginWithPassword, sessionWith } from '../helpers/impostor';

let db: Db;
let seq = 0;
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const email = (tag: string) => `${tag}.${run}@example.com`;
const phone = () => `9${String(Date.now() + ++seq).slice(-9)}`;
const REVIEWER = email('reviewer-desk');

beforeAll(async () => {
  process.env.REVIEWER_EMAILS = REVIEWER;
  resetEnvForTests();
  db = await freshDb();
});
afterAll(async () => {
  delete process.env.REVIEWER_EMAILS;
  resetEnvForTests();
  await closeDb();
});

// each call from its own address, so per-address limits do not interfere
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-sahyog-client-address': `10.61.${run.length}.${++seq % 250}`, ...headers },
});
const cookieHeader = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
const codeFor = async (recipient: string) => {
  // A code to a phone goes to its E.164 number (bare 10 digits are Indian)
  const to = recipient.includes('@') || recipient.startsWith('+') ? recipient : `+91${recipient}`;
  const [m] = await db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
  return /(\d{6}) is your/.exec(m.body)![1];
};

/** The owner asks for a code and types it: the answer of verify/otp/token. */
async function ownerEntersCode(contact: string) {
  const sent = await call(otpLoginRoute, '/api/auth/login/otpLogin', {}, post({ contact }));
  expect(sent.status).toBe(200);
  return call(verifyOtpRoute, '/api/verify/otp/token', {}, post({ request_id: sent.body.data.request_id, otp: await codeFor(contact) }));
}

describe('the owner proves the contact an impostor opened an account with', () => {
  it('by a code sent to the email: the impostor is out, the owner is in', async () => {
    const impostor = await impostorSignsUp({ email_id: email('code-email') });
    await expectImpostorStillIn(impostor);
    const owner = await ownerEntersCode(email('code-email'));
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.id).toBe(impostor.id);
    await expectImpostorLockedOut(db, impostor);
    expect((await sessionWith({ cookie: cookieHeader(owner.headers) })).body.data.user.id).toBe(impostor.id);
  });

  it('by a code sent to the phone: the impostor is out', async () => {
    const number = phone();
    const impostor = await impostorSignsUp({ email_id: email('code-phone'), phone_1: number });
    const owner = await ownerEntersCode(number);
    expect(owner.body.data.user_exists).toBe(true);
    await expectImpostorLockedOut(db, impostor);
    const [row] = await db.select().from(users).where(eq(users.id, impostor.id));
    expect(row.phone_verified_at).not.toBeNull();
    // the email the impostor typed proved nothing: it no longer opens the owner's account, and no reset link goes to it
    const byEmail = await ownerEntersCode(email('code-phone'));
    expect([byEmail.status, byEmail.body.error.message]).toEqual([409, PROVEN_CONTACT_MESSAGES.emailOfPhoneAccount]);
    await call(resetEmailRoute, '/x', {}, post({ email_id: email('code-phone') }));
    expect((await db.select().from(outbox).where(eq(outbox.recipient, email('code-phone')))).filter((m) => m.body.includes('reset-password'))).toEqual([]);
    expect((await sessionWith({ cookie: cookieHeader(owner.headers) })).body.data.user.id).toBe(impostor.id);
  });

  it('by sign-up with a code (verify/details) on the same email: the impostor is out', async () => {
    const impostor = await impostorSignsUp({ email_id: email('signup-code') });
    // the code was asked for before the impostor's account existed: verify/otp/token answered "no account yet"
    const sent = await call(otpLoginRoute, '/x', {}, post({ contact: email('signup-code-early') }));
    const early = await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: await codeFor(email('signup-code-early')) }));
    expect(early.body.data.user_exists).toBe(false);
    const late = await impostorSignsUp({ email_id: email('signup-code-early') });
    const done = await call(verifyDetailsRoute, '/x', {}, post({ accessToken: early.body.data.accessToken, full_name: 'Real Owner' }));
    expect(done.status).toBe(201);
    expect(done.body.data.user.id).toBe(late.id);
    await expectImpostorLockedOut(db, late);
    await expectImpostorStillIn(impostor);
  });

  it('by the password reset link: the impostor is out, the new password is the owner’s', async () => {
    const impostor = await impostorSignsUp({ email_id: email('reset') });
    await call(resetEmailRoute, '/x', {}, post({ email_id: email('reset') }));
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email('reset')));
    const reset = await call(resetRoute, '/x', {}, post({ token: /token=([\w-]+)/.exec(mail.body)![1], password: 'Owner1pass' }));
    expect(reset.status).toBe(200);
    expect((await sessionWith({ cookie: impostor.cookie })).body.data.user).toBeNull();
    expect((await sessionWith(impostor.bearer)).status).toBe(401);
    expect((await loginWithPassword(email('reset'))).status).toBe(401);
    expect((await loginWithPassword(email('reset'), 'Owner1pass')).status).toBe(200);
  });

  it('by a sign-in link from a receipt: the impostor is out, and so is every link issued before', async () => {
    const impostor = await impostorSignsUp({ email_id: email('autologin') });
    const earlier = new URL(await autologinLink(db, impostor.id, 'http://localhost')).searchParams.get('autologin_token')!;
    const link = new URL(await autologinLink(db, impostor.id, 'http://localhost')).searchParams.get('autologin_token')!;
    const owner = await call(autologinRoute, '/x', {}, post({ token: link }));
    expect(owner.status).toBe(200);
    await expectImpostorLockedOut(db, impostor);
    expect((await call(autologinRoute, '/x', {}, post({ token: earlier }))).status).toBe(401);
  });
});

describe('an account already proven', () => {
  it('is not logged out by its owner signing in again, and keeps the password the owner set', async () => {
    const account = await impostorSignsUp({ email_id: email('proven') });
    const first = await ownerEntersCode(email('proven'));
    await call(resetEmailRoute, '/x', {}, post({ email_id: email('proven') }));
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email('proven'))).orderBy(desc(outbox.id)).limit(1);
    const reset = await call(resetRoute, '/x', {}, post({ token: /token=([\w-]+)/.exec(mail.body)![1], password: 'Owner1pass' }));
    expect(reset.status).toBe(200);
    const ownerCookie = cookieHeader(reset.headers);
    expect((await sessionWith({ cookie: cookieHeader(first.headers) })).body.data.user).toBeNull();
    await ownerEntersCode(email('proven'));
    expect((await sessionWith({ cookie: ownerCookie })).body.data.user.id).toBe(account.id);
    expect((await loginWithPassword(email('proven'), 'Owner1pass')).status).toBe(200);
  });

  it("by its email never opens to a phone only typed on it: a code to that phone opens an account of the phone's own", async () => {
    const number = phone();
    const owner = await impostorSignsUp({ email_id: email('typed-phone'), phone_1: number });
    await ownerEntersCode(email('typed-phone'));
    const [{ session_version }] = await db.select({ session_version: users.session_version }).from(users).where(eq(users.id, owner.id));
    const other = await ownerEntersCode(number);
    expect(other.body.data.user_exists).toBe(false);
    const made = await call(verifyDetailsRoute, '/x', {}, post({ accessToken: other.body.data.accessToken, full_name: 'Phone Holder' }));
    expect(made.body.data.user.id).not.toBe(owner.id);
    expect((await db.select({ session_version: users.session_version }).from(users).where(eq(users.id, owner.id)))[0].session_version).toBe(session_version);
  });

  it('a phone changed on the profile is no longer proven: it opens nothing until proven', async () => {
    const number = phone();
    const first = await ownerEntersCode(number);
    const made = await call(verifyDetailsRoute, '/x', {}, post({ accessToken: first.body.data.accessToken, full_name: 'Phone Owner' }));
    const cookie = cookieHeader(made.headers);
    const victim = phone();
    const changed = await call(profileRoute, '/api/users/me', {}, { method: 'PUT', body: JSON.stringify({ phone_1: victim }), headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie } });
    expect(changed.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, made.body.data.user.id));
    expect(row.phone_verified_at).toBeNull();
    // the victim's code reaches the account as an unproven one: the owner of the number takes it over
    const victimIn = await ownerEntersCode(victim);
    expect(victimIn.body.data.user.id).toBe(row.id);
    expect((await sessionWith({ cookie })).body.data.user).toBeNull();
  });
});

describe("a reviewer's email (REVIEWER_EMAILS)", () => {
  it('an impostor who signed up under it never approves, before or after the reviewer proves it', async () => {
    const impostor = await impostorSignsUp({ email_id: REVIEWER });
    const waiting = await makeFundraiser(db, { status_flag: FUNDRAISER_STATUS.underReview, submitted_at: new Date() });
    const approve = (headers: Record<string, string>) => call(decideRoute, `/api/reviews/${waiting.id}`, { id: String(waiting.id) }, post({ decision: 'approve' }, headers));
    // unproven, the address is no reviewer's
    expect((await approve({ cookie: impostor.cookie })).status).toBe(404);
    expect((await call(queueRoute, '/api/reviews', {}, { headers: impostor.bearer })).status).toBe(404);
    const reviewer = await ownerEntersCode(REVIEWER);
    // proven, it is; but the impostor's cookie, bearer token and password are gone with the takeover
    const byCookie = await approve({ cookie: impostor.cookie });
    expect([byCookie.status, byCookie.body.error.code]).toEqual([401, 'token_expired']);
    expect((await approve(impostor.bearer)).status).toBe(401);
    expect((await loginWithPassword(REVIEWER)).status).toBe(401);
    expect((await db.select().from(fundraisers).where(eq(fundraisers.id, waiting.id)))[0].status_flag).toBe(FUNDRAISER_STATUS.underReview);
    const byReviewer = await approve({ cookie: cookieHeader(reviewer.headers) });
    expect(byReviewer.status).toBe(200);
    expect(byReviewer.body.data.status).toBe('live');
  });
});
