// Sign-in by phone for every country (codes sent to the number's own country, E.164 kept), password
// login by mobile number, and a refused code request that says how long to wait.
import { desc, eq } from 'drizzle-orm';
import { POST as signupRoute } from '@/app/api/users/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as otpLoginRoute } from '@/app/api/auth/login/otpLogin/route';
import { POST as verifyOtpRoute } from '@/app/api/verify/otp/token/route';
import { POST as verifyDetailsRoute } from '@/app/api/verify/details/route';
import { oneTimeCodes, outbox, users } from '@/lib/db/schema';
import { ONE_TIME_CODE_LIMIT_PER_DESTINATION } from '@/lib/constants/security/limits';
import type { Db } from '@/lib/db/client';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as tipCartRoute } from '@/app/api/standalonetip/cart/route';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';

let db: Db;
let seq = 0;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const email = (tag: string) => `${tag}.${run}@example.com`;
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.31.${run.length}.${++seq % 250}` } });
const lastMessageTo = async (recipient: string) => (await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1))[0];
// a US number of this run: 202 area code, 7 digits of the clock
// the exchange starts with 5: a NANP exchange starting 0 or 1 is no real number (libphonenumber refuses it)
const usNumber = () => `2025${String(Date.now() + ++seq).slice(-6)}`;

describe('codes to a phone of any country', () => {
  it("a US number's code goes to +1 and its digits; sign-up by code keeps the number in E.164", async () => {
    const national = usNumber();
    const sent = await call(otpLoginRoute, '/api/auth/login/otpLogin', {}, post({ contact: `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`, extension: '+1' }));
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ sent_to: 'phone', resend_after_s: 30, codes_left: ONE_TIME_CODE_LIMIT_PER_DESTINATION.max - 1 });
    const sms = await lastMessageTo(`+1${national}`);
    expect(sms.channel).toBe('sms');
    // never the Indian prefix in front of a US number
    expect(await lastMessageTo(`+91${national}`)).toBeUndefined();
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.request_id, sent.body.data.request_id));
    expect(row.destination).toBe(`phone:+1${national}`);

    const code = /(\d{6}) is your/.exec(sms.body)![1];
    const verified = await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: code }));
    expect(verified.body.data).toMatchObject({ user_exists: false, verified: { kind: 'phone', value: `+1${national}` } });
    const done = await call(verifyDetailsRoute, '/x', {}, post({ accessToken: verified.body.data.accessToken, full_name: 'Maya Iyer' }));
    expect(done.status).toBe(201);
    const [u] = await db.select().from(users).where(eq(users.id, done.body.data.user.id));
    expect(u).toMatchObject({ phone_1: national, extension: '+1', phone_e164: `+1${national}` });
    expect(u.phone_verified_at).not.toBeNull();

    // the next code to that number signs the same account in
    const again = await call(otpLoginRoute, '/x', {}, post({ contact: national, extension: '+1' }));
    const code2 = /(\d{6}) is your/.exec((await lastMessageTo(`+1${national}`)).body)![1];
    const back = await call(verifyOtpRoute, '/x', {}, post({ request_id: again.body.data.request_id, otp: code2 }));
    expect(back.body.data).toMatchObject({ user_exists: true, user: { id: u.id } });
  });

  it('an Indian number keeps spec 5: +91 and the last 10 digits, an Indian mobile only', async () => {
    const national = `9${String(Date.now() + ++seq).slice(-9)}`;
    await call(signupRoute, '/api/users', {}, post({ email_id: email('in'), password: 'Good1pass', full_name: 'Asha Rao', phone_1: national, extension: '+91' }));
    const [u] = await db.select().from(users).where(eq(users.email, email('in')));
    expect(u.phone_e164).toBe(`+91${national}`);
    const sent = await call(otpLoginRoute, '/x', {}, post({ contact: `0${national}` }));
    expect(sent.status).toBe(200);
    expect(await lastMessageTo(`+91${national}`)).toBeDefined();
    const bad = await call(otpLoginRoute, '/x', {}, post({ contact: '58765 43210', extension: '+91' }));
    expect(bad.status).toBe(422);
  });

  it("the same digits in another country are another person: a code to +44 never opens an Indian account, and next stays on-site", async () => {
    const national = `7400${String(Date.now() + ++seq).slice(-6)}`;
    const indian = await call(signupRoute, '/api/users', {}, post({ email_id: email('uk-digits'), password: 'Good1pass', full_name: 'Asha Rao', phone_1: national, extension: '+91' }));
    expect(indian.status).toBe(201);
    const sent = await call(otpLoginRoute, '/x', {}, post({ contact: national, extension: '+44' }));
    expect(sent.status).toBe(200);
    const sms = await lastMessageTo(`+44${national}`);
    const verified = await call(verifyOtpRoute, '/x', {}, post({ request_id: sent.body.data.request_id, otp: /(\d{6}) is your/.exec(sms.body)![1], redirect_uri: 'https://evil.example/steal' }));
    // nothing proven on the Indian account, yet it is not this number's: no sign-in to it, a sign-up instead
    expect(verified.body.data.user_exists).toBe(false);
    const done = await call(verifyDetailsRoute, '/x', {}, post({ accessToken: verified.body.data.accessToken, full_name: 'Tom Hale', redirect_uri: 'https://evil.example/steal' }));
    expect(done.status).toBe(201);
    expect(done.body.data.user.id).not.toBe(indian.body.data.user.id);
    expect(done.body.data.redirect).toBe('/');
    const [untouched] = await db.select().from(users).where(eq(users.id, indian.body.data.user.id));
    expect(untouched.password_hash).not.toBeNull();
    expect(untouched.phone_verified_at).toBeNull();
  });

  it('an unknown country code is refused with a 422 on the code field, not thrown', async () => {
    const res = await call(otpLoginRoute, '/x', {}, post({ contact: '2025550123', extension: '+999' }));
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ extension: 'Please choose a valid country code' });
  });

  it("a cart's unknown dialling code is the code field's 422 (checked by the server, not the page's JavaScript)", async () => {
    const f = await makeFundraiser(db);
    const donor = { donor_name: 'Kavya Rao', donor_email: 'kavya@example.com', donor_phone: '2025550123', donor_extension: '+999', currency: 'INR' };
    for (const res of [
      await call(cartRoute, '/x', { id: String(f.id) }, post({ ...donor, donated_amount: 500 })),
      await call(tipCartRoute, '/x', {}, post({ ...donor, tip_amount: 100 })),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toMatchObject({ donor_extension: 'Please choose a valid country code' });
    }
  });

  it('past the per-number limit the refusal says how long to wait', async () => {
    const national = usNumber();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i <= ONE_TIME_CODE_LIMIT_PER_DESTINATION.max; i++) {
      last = await call(otpLoginRoute, '/x', {}, post({ contact: national, extension: '+1' }));
      statuses.push(last.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(last!.body.error.retry_after_s).toBeGreaterThan(3000);
    expect(last!.body.error.message).toMatch(/^Too many codes requested\. Please try again in (5\d|60) min\.$/);
    expect(last!.headers.get('retry-after')).toBe(String(last!.body.error.retry_after_s));
  });
});

describe('password login by mobile number', () => {
  it('signs in with the mobile number and the password; a wrong password is one 401 message', async () => {
    const national = `9${String(Date.now() + ++seq).slice(-9)}`;
    const made = await call(signupRoute, '/api/users', {}, post({ email_id: email('by-phone'), password: 'Good1pass', full_name: 'Kavya Menon', phone_1: national, extension: '+91' }));
    expect(made.status).toBe(201);
    const ok = await call(loginRoute, '/api/auth/login', {}, post({ email_id: `+91 ${national.slice(0, 5)} ${national.slice(5)}`, password: 'Good1pass' }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(made.body.data.user.id);
    const bare = await call(loginRoute, '/x', {}, post({ email_id: national, extension: '+91', password: 'Good1pass' }));
    expect(bare.body.data.user.id).toBe(made.body.data.user.id);
    const wrong = await call(loginRoute, '/x', {}, post({ email_id: national, password: 'Wrong1pass' }));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('The email, mobile number or password is incorrect');
    // the same digits in another country are not this account
    const elsewhere = await call(loginRoute, '/x', {}, post({ email_id: national, extension: '+44', password: 'Good1pass' }));
    expect([401, 422]).toContain(elsewhere.status);
  });

  it('a number only typed on an account proven by its email does not open it by password', async () => {
    const national = `9${String(Date.now() + ++seq).slice(-9)}`;
    const made = await call(signupRoute, '/api/users', {}, post({ email_id: email('typed'), password: 'Good1pass', full_name: 'Ravi Kumar', phone_1: national, extension: '+91' }));
    await db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, made.body.data.user.id));
    const res = await call(loginRoute, '/x', {}, post({ email_id: national, password: 'Good1pass' }));
    expect(res.status).toBe(401);
  });
});
