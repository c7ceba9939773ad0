import { and, desc, eq, sql } from 'drizzle-orm';
import { POST as signupRoute } from '@/app/api/users/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as otpLoginRoute } from '@/app/api/auth/login/otpLogin/route';
import { POST as verifyOtpRoute } from '@/app/api/verify/otp/token/route';
import { POST as verifyDetailsRoute } from '@/app/api/verify/details/route';
import { POST as resetEmailRoute } from '@/app/api/auth/password/email/route';
import { POST as resetRoute } from '@/app/api/auth/password/reset/route';
import { POST as autologinRoute } from '@/app/api/auth/autologin/route';
import { POST as logoutRoute } from '@/app/api/users/logout/route';
import { GET as sessionRoute } from '@/app/api/auth/session/route';
import { authTokens, oneTimeCodes, outbox, subscriptions, users } from '@/lib/db/schema';
import { autologinLink } from '@/lib/auth/flows';
import { hashSecret } from '@/lib/secrets';
import type { Db } from '@/lib/db/client';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeGift, makeNgo, makeSubscription, makeUser } from '../factories';
import { pauseSip } from '@/lib/sip/manage';

let db: Db;
let seq = 0;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const email = (tag: string) => `${tag}.${run}@example.com`;
// each test call comes from its own address unless it says otherwise, so per-IP limits do not interfere
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.50.${run.length}.${++seq % 250}`, ...headers } });
const cookieHeader = (headers: Headers) => headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const whoIs = async (cookie: string) => (await call(sessionRoute, '/api/auth/session', {}, { headers: { cookie } })).body.data.user;
const signup = (over: Record<string, unknown> = {}) => call(signupRoute, '/api/users', {}, post({ email_id: email(`s${seq}`), password: 'Good1pass', full_name: 'Asha Rao', phone_1: '98450 67123', extension: '+91', ...over }));

describe('password sign-up and login (spec 3, 5, 7)', () => {
  it('signs up, sets u_auth (365 days) and isLoggedIn, and the session works', async () => {
    const res = await signup({ email_id: email('new') });
    expect(res.status).toBe(201);
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('u_auth='))).toMatch(/Max-Age=31536000;.*HttpOnly/);
    expect(cookies.find((c) => c.startsWith('isLoggedIn=1'))).not.toMatch(/HttpOnly/);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.redirect).toBe('/');
    const [row] = await db.select().from(users).where(eq(users.email, email('new')));
    expect(row.phone_1).toBe('9845067123');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('Good1pass');
    expect((await whoIs(cookieHeader(res.headers))).email).toBe(email('new'));
  });

  it('answers a taken email (any case) with the spec message and writes nothing', async () => {
    await signup({ email_id: email('dup') });
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await signup({ email_id: email('dup').toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('The email id has already been taken.');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
  });

  it('refuses a weak password with the rule as the field message', async () => {
    const res = await signup({ email_id: email('weak'), password: 'weakpass' });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.password).toBe('Password must be at least 8 characters with a lowercase letter, an uppercase letter and a digit');
  });

  it('logs in with the password; a wrong password or unknown email gets one message', async () => {
    await signup({ email_id: email('login') });
    const ok = await call(loginRoute, '/api/auth/login', {}, post({ email_id: email('login'), password: 'Good1pass' }));
    expect(ok.status).toBe(200);
    expect((await whoIs(cookieHeader(ok.headers))).email).toBe(email('login'));
    const wrong = await call(loginRoute, '/api/auth/login', {}, post({ email_id: email('login'), password: 'Bad1pass' }));
    const unknown = await call(loginRoute, '/api/auth/login', {}, post({ email_id: email('nobody'), password: 'Bad1pass' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('rate limits login attempts per email (429) even from many addresses', async () => {
    await signup({ email_id: email('brute') });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call(loginRoute, '/api/auth/login', {}, post({ email_id: email('brute'), password: `Wrong${i}pass` }))).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const right = await call(loginRoute, '/api/auth/login', {}, post({ email_id: email('brute'), password: 'Good1pass' }));
    expect(right.status).toBe(429);
  });

  it('refuses a cross-site sign-up', async () => {
    const res = await call(signupRoute, '/api/users', {}, post({ email_id: email('csrf'), password: 'Good1pass', full_name: 'Asha Rao' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(res.status).toBe(403);
    expect(await db.select().from(users).where(eq(users.email, email('csrf')))).toEqual([]);
  });

  it('follows a valid redirect_uri and refuses an open redirect', async () => {
    const good = await signup({ email_id: email('redir1'), redirect_uri: '/stories/abc' });
    expect(good.body.data.redirect).toBe('/stories/abc');
    const evil = await signup({ email_id: email('redir2'), redirect_uri: '//evil.example/x' });
    expect(evil.body.data.redirect).toBe('/');
  });
});

describe('sessions, tokens and logout (spec 4, 7, 8)', () => {
  it('logout revokes the token on the server: the same cookie no longer signs anyone in', async () => {
    const res = await signup({ email_id: email('logout') });
    const cookie = cookieHeader(res.headers);
    expect(await whoIs(cookie)).not.toBeNull();
    const out = await call(logoutRoute, '/api/users/logout', {}, { method: 'POST', headers: { cookie, origin: 'http://localhost' } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('u_auth='))).toMatch(/Max-Age=0/);
    expect(await whoIs(cookie)).toBeNull();
  });

  it('logout by token in the query (API clients) revokes that bearer token', async () => {
    const res = await signup({ email_id: email('logout2') });
    const token = res.body.data.token as string;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await call(sessionRoute, '/api/auth/session', {}, { headers: bearer })).body.data.user.email).toBe(email('logout2'));
    await call(logoutRoute, `/api/users/logout?token=${token}`, {}, { method: 'POST' });
    const after = await call(sessionRoute, '/api/auth/session', {}, { headers: bearer });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('token_expired');
  });

  it('an expired bearer token answers token_expired; tokens are stored hashed', async () => {
    const res = await signup({ email_id: email('expired') });
    const token = res.body.data.token as string;
    const rows = await db.select().from(authTokens).where(eq(authTokens.user_id, res.body.data.user.id));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    await db.update(authTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(authTokens.user_id, res.body.data.user.id));
    const after = await call(sessionRoute, '/api/auth/session', {}, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('token_expired');
    // the browser whose cookie carries the same expired token is simply signed out
    expect(await whoIs(cookieHeader(res.headers))).toBeNull();
  });

  it('a tampered or foreign u_auth cookie signs nobody in', async () => {
    const res = await signup({ email_id: email('tamper') });
    const cookie = cookieHeader(res.headers);
    const value = /u_auth=([^;]+)/.exec(cookie)![1];
    const flipped = value.slice(0, 20) + (value[20] === 'A' ? 'B' : 'A') + value.slice(21);
    expect(await whoIs(`u_auth=${flipped}`)).toBeNull();
    expect(await whoIs('u_auth=Fe26.2**forged**value')).toBeNull();
    expect(await whoIs(cookie)).not.toBeNull();
  });
});

const codeFor = async (recipient: string) => {
  // A code to a phone goes to its E.164 number (bare 10 digits are Indian)
  const to = recipient.includes('@') || recipient.startsWith('+') ? recipient : `+91${recipient}`;
  const [m] = await db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
  return /(\d{6}) is your/.exec(m.body)![1];
};

describe('one-time codes (spec 7)', () => {
  it('sends a 6-digit code through the outbox, stored only as a hash, and signs a known user in', async () => {
    const res = await signup({ email_id: email('otp') });
    const sent = await call(otpLoginRoute, '/api/auth/login/otpLogin', {}, post({ contact: email('otp') }));
    expect(sent.status).toBe(200);
    const code = await codeFor(email('otp'));
    const [stored] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.request_id, sent.body.data.request_id));
    expect(stored.code_hash).not.toContain(code);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeGreaterThanOrEqual(9.9 * 60_000);
    const ok = await call(verifyOtpRoute, '/api/verify/otp/token', {}, post({ request_id: sent.body.data.request_id, otp: code }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.user_exists).toBe(true);
    expect(ok.body.data.user.id).toBe(res.body.data.user.id);
    // used once: the same code again is refused
    const again = await call(verifyOtpRoute, '/api/verify/otp/token', {}, post({ request_id: sent.body.data.request_id, otp: code }));
    expect(again.status).toBe(422);
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused', async () => {
    const phone = `9${String(Date.now()).slice(-9)}`;
    const sent = await call(otpLoginRoute, '/api/auth/login/otpLogin', {}, post({ contact: phone }));
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: wrong }))).body.error.message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('The code is incorrect'));
    expect(answers[4]).toBe('Too many wrong codes. Please ask for a new one');
    const right = await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: code }));
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const sent = await call(otpLoginRoute, '/x', {}, post({ contact: email('otp-expired') }));
    const code = await codeFor(email('otp-expired'));
    await db.update(oneTimeCodes).set({ expires_at: new Date(Date.now() - 1) }).where(eq(oneTimeCodes.request_id, sent.body.data.request_id));
    const res = await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: code }));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('The code has expired. Please ask for a new one');
  });

  it('rate limits codes per phone/email (even across addresses) and per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(otpLoginRoute, '/x', {}, post({ contact: email('otp-flood') }))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const ip = { 'x-sahyog-client-address': `10.77.${run.length}.9` };
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i++) fromOne.push((await call(otpLoginRoute, '/x', {}, post({ contact: email(`otp-ip${i}`) }, ip))).status);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(1);
    expect(fromOne[20]).toBe(429);
  });

  it('a new phone verifies, then verify/details creates the account and signs in', async () => {
    const phone = `8${String(Date.now()).slice(-9)}`;
    const sent = await call(otpLoginRoute, '/x', {}, post({ contact: phone }));
    const verified = await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: await codeFor(phone) }));
    expect(verified.body.data.user_exists).toBe(false);
    expect(verified.headers.getSetCookie()).toEqual([]);
    const done = await call(verifyDetailsRoute, '/x', {}, post({ accessToken: verified.body.data.accessToken, full_name: 'Ravi Kumar' }));
    expect(done.status).toBe(201);
    const [u] = await db.select().from(users).where(eq(users.phone_1, phone));
    expect(u.full_name).toBe('Ravi Kumar');
    expect(u.is_dummy_email).toBe(true);
    expect((await whoIs(cookieHeader(done.headers))).id).toBe(u.id);
    const forged = await call(verifyDetailsRoute, '/x', {}, post({ accessToken: `${verified.body.data.accessToken.slice(0, -4)}AAAA`, full_name: 'Mallory' }));
    expect(forged.status).toBe(422);
  });
});

describe('forgot and reset password (spec 7)', () => {
  it('answers the same for known and unknown emails; the link token works once and signs in', async () => {
    const res = await signup({ email_id: email('reset') });
    const known = await call(resetEmailRoute, '/x', {}, post({ email_id: email('reset') }));
    const unknown = await call(resetEmailRoute, '/x', {}, post({ email_id: email('nobody-reset') }));
    expect(known.body).toEqual(unknown.body);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, email('nobody-reset')))).toEqual([]);
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email('reset')));
    const token = /token=([\w-]+)/.exec(mail.body)![1];
    const oldCookie = cookieHeader(res.headers);
    const reset = await call(resetRoute, '/x', {}, post({ token, password: 'New1password' }));
    expect(reset.status).toBe(200);
    expect((await whoIs(cookieHeader(reset.headers))).email).toBe(email('reset'));
    // the old session ends with the old password
    expect(await whoIs(oldCookie)).toBeNull();
    expect((await call(loginRoute, '/x', {}, post({ email_id: email('reset'), password: 'New1password' }))).status).toBe(200);
    const reused = await call(resetRoute, '/x', {}, post({ token, password: 'Other1password' }));
    expect(reused.status).toBe(422);
    expect(reused.body.error.message).toBe('This reset link is invalid or has already been used');
    expect((await call(loginRoute, '/x', {}, post({ email_id: email('reset'), password: 'Other1password' }))).status).toBe(401);
  });

  it('refuses an expired reset token', async () => {
    await signup({ email_id: email('reset-old') });
    await call(resetEmailRoute, '/x', {}, post({ email_id: email('reset-old') }));
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email('reset-old')));
    const token = /token=([\w-]+)/.exec(mail.body)![1];
    await db.update(authTokens).set({ expires_at: new Date(Date.now() - 1) }).where(eq(authTokens.kind, 'password_reset'));
    expect((await call(resetRoute, '/x', {}, post({ token, password: 'New1password' }))).status).toBe(422);
  });
});

describe('auto-login (spec 7), only by a link token we issued', () => {
  it('signs in once with the link token, never with a bare email', async () => {
    const res = await signup({ email_id: email('auto') });
    const link = await autologinLink(db, res.body.data.user.id, 'http://localhost', '/portfolio');
    const token = new URL(link).searchParams.get('autologin_token')!;
    const ok = await call(autologinRoute, '/x', {}, post({ token, redirect_uri: '/portfolio' }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.redirect).toBe('/portfolio');
    expect((await call(autologinRoute, '/x', {}, post({ token }))).status).toBe(401);
    const bare = await call(autologinRoute, '/x', {}, post({ email: email('auto'), name: 'Asha Rao' }));
    expect(bare.status).toBe(422);
    expect(bare.headers.getSetCookie()).toEqual([]);
  });
});

describe('post-login destination by role, for each kind of account (spec 6)', () => {
  const password = 'Demo1pass';
  async function loginAs(where: ReturnType<typeof sql>) {
    const [u] = await db.select().from(users).where(where).limit(1);
    await db.update(users).set({ password_hash: await hashSecret(password) }).where(eq(users.id, u.id));
    return (await call(loginRoute, '/x', {}, post({ email_id: u.email, password }))).body.data.redirect;
  }
  it('NGO, hospital, campaigner, SIP user and plain donor each land on their page', async () => {
    const ngo = (await makeNgo(db)).user;
    const hospital = await makeUser(db, { full_name: 'City Hospital', is_hospital: true });
    const campaigner = (await makeFundraiser(db)).campaigner_id;
    const sipDonor = await makeUser(db, 'Sip Donor');
    await makeSubscription(db, { userId: sipDonor.id, lines: [{ sip_cause: 'medical', amount_minor: 50_000 }] });
    const pausedDonor = await makeUser(db, 'Paused Sip Donor');
    const { subscription: pausedSip } = await makeSubscription(db, { userId: pausedDonor.id, lines: [{ sip_cause: 'medical', amount_minor: 50_000 }] });
    await pauseSip(db, { userId: pausedDonor.id, subscriptionId: pausedSip.id }, 1);
    const donor = await makeUser(db, 'Plain Donor');
    await makeGift(db, (await makeFundraiser(db)).id, { userId: donor.id, cart: { donor_email: donor.email } });
    expect(await loginAs(sql`${users.id} = ${ngo.id} and ${users.entity_type} = 'ngo'`)).toBe('/manage/list');
    expect(await loginAs(sql`${users.id} = ${hospital.id} and ${users.is_hospital}`)).toBe('/manage/list');
    expect(await loginAs(sql`${users.id} = ${campaigner}`)).toBe('/manage/list');
    const [sip] = await db.select().from(subscriptions).where(and(eq(subscriptions.user_id, sipDonor.id), eq(subscriptions.status_flag, 1))).limit(1);
    expect(await loginAs(sql`${users.id} = ${sip.user_id}`)).toBe('/sip');
    const [paused] = await db.select().from(subscriptions).where(and(eq(subscriptions.user_id, pausedDonor.id), eq(subscriptions.status_flag, 2))).limit(1);
    expect(await loginAs(sql`${users.id} = ${paused.user_id}`)).toBe('/sip/inactiveuser');
    expect(await loginAs(sql`${users.id} = ${donor.id}`)).toBe('/');
  });
});

import { GET as expiredRoute } from '@/app/api/auth/expired/route';

describe('a session that ended on the server', () => {
  it('clears the browser cookies and goes to sign-in with a safe redirect_uri', async () => {
    const res = await call(expiredRoute, '/api/auth/expired?redirect_uri=%2Fportfolio', {}, { headers: { host: 'localhost:3000' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/new/signin?redirect_uri=%2Fportfolio');
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['u_auth', 'isLoggedIn']);
    const evil = await call(expiredRoute, '/api/auth/expired?redirect_uri=%2F%2Fevil.example', {}, { headers: { host: 'localhost:3000' } });
    expect(evil.headers.get('location')).toBe('http://localhost:3000/new/signin?redirect_uri=%2F');
  });
});

import { userForIdentity } from '@/lib/auth/accounts';
import { carts as cartsTable, orders as ordersTable } from '@/lib/db/schema';

describe('proving an email or phone (pre-registration takeover, guest donations)', () => {
  it('the owner of an email proven by a provider takes over an account someone else opened with it', async () => {
    const attacker = await signup({ email_id: email('victim'), password: 'Attack1pass' });
    const attackerCookie = cookieHeader(attacker.headers);
    const { user } = await userForIdentity(db, { provider: 'google', subject: `g-${run}`, email: email('victim'), emailVerified: true, full_name: 'Real Owner' });
    expect(user.id).toBe(attacker.body.data.user.id);
    expect(await whoIs(attackerCookie)).toBeNull();
    expect((await call(loginRoute, '/x', {}, post({ email_id: email('victim'), password: 'Attack1pass' }))).status).toBe(401);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.email_verified_at).not.toBeNull();
    // once proven, a later provider sign-in no longer ends the owner's sessions
    const owner = await call(resetEmailRoute, '/x', {}, post({ email_id: email('victim') }));
    expect(owner.status).toBe(200);
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email('victim')));
    const reset = await call(resetRoute, '/x', {}, post({ token: /token=([\w-]+)/.exec(mail.body)![1], password: 'Owner1pass' }));
    await userForIdentity(db, { provider: 'facebook', subject: `f-${run}`, email: email('victim'), emailVerified: true });
    expect(await whoIs(cookieHeader(reset.headers))).not.toBeNull();
  });

  it('a verified phone from the wallet takes over an unproven phone account; an unverified provider email links nothing', async () => {
    const phone = `7${String(Date.now()).slice(-9)}`;
    const holder = await signup({ email_id: email('phone-holder'), phone_1: phone });
    const { user } = await userForIdentity(db, { provider: 'paytm', subject: `p-${run}`, phone, email: email('phone-holder'), emailVerified: false }, { linkByPhone: true });
    expect(user.id).toBe(holder.body.data.user.id);
    expect(await whoIs(cookieHeader(holder.headers))).toBeNull();
    const other = await userForIdentity(db, { provider: 'facebook', subject: `fb-${run}`, email: email('phone-holder'), emailVerified: false });
    expect(other.user.id).not.toBe(user.id);
    expect(other.user.is_dummy_email).toBe(true);
  });

  it('donations made as a guest join the account once its email is proven by a code', async () => {
    const guest = email('guest');
    const f = await makeFundraiser(db);
    const [cart] = await db.insert(cartsTable).values({ fundraiser_id: f.id, currency: 'INR', donated_amount_minor: 10000, donated_amount_inr_minor: 10000, donor_name: 'Guest Giver', donor_email: guest }).returning();
    const [order] = await db.insert(ordersTable).values({ order_id: `GUEST${run}`, cart_id: cart.id, fundraiser_id: f.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 10000, credited_amount_minor: 10000, status: 'created' }).returning();
    const account = await signup({ email_id: guest });
    // a password sign-up proves nothing: the guest's donation stays unclaimed
    expect((await db.select().from(ordersTable).where(eq(ordersTable.id, order.id)))[0].user_id).toBeNull();
    const sent = await call(otpLoginRoute, '/x', {}, post({ contact: guest }));
    await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: await codeFor(guest) }));
    expect((await db.select().from(ordersTable).where(eq(ordersTable.id, order.id)))[0].user_id).toBe(account.body.data.user.id);
  });
});
