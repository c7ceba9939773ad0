// Caller-verification app login: the provider's signed profile (SHA512withRSA over the base64 payload),
// with a key pair made here standing in for the provider's.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { GET as nonceRoute } from '@/app/api/auth/social/truecaller/route';
import { POST as truecallerRoute } from '@/app/api/callback/truecaller/route';
import { CALLER_VERIFICATION_MESSAGES } from '@/lib/auth/social/truecaller';
import { signedInUser } from '@/lib/auth/session';
import { authTokens, users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { call, closeDb } from '../helpers/db';
import { freshDb } from '../factories';
import { expectImpostorLockedOut, expectImpostorStillIn, impostorSignsUp } from '../helpers/impostor';

const provider = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const impostor = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
let db: Db;

beforeAll(async () => {
  // configured the way a one-line environment variable carries a PEM: newlines escaped
  process.env.TRUECALLER_PUBLIC_KEY = String(provider.publicKey.export({ type: 'spki', format: 'pem' })).replace(/\n/g, '\\n');
  resetEnvForTests();
  db = await freshDb();
  await db.insert(users).values({ full_name: 'Phone Donor', email: 'phone.donor@example.com', phone_1: '9811122233' });
});

afterAll(async () => {
  delete process.env.TRUECALLER_PUBLIC_KEY;
  resetEnvForTests();
  await closeDb();
});

async function issuedNonce(): Promise<{ nonce: string; cookie: string }> {
  const res = await call(nonceRoute, '/api/auth/social/truecaller');
  expect(res.status).toBe(200);
  return { nonce: res.body.data.request_nonce, cookie: res.headers.getSetCookie()[0].split(';')[0] };
}

function signedProfile(profile: Record<string, unknown>, key: crypto.KeyObject = provider.privateKey) {
  const payload = Buffer.from(JSON.stringify({ requestTime: Math.floor(Date.now() / 1000), phoneNumber: '+919876501234', countryCode: 'IN', firstName: 'Caller', lastName: 'Verified', ...profile })).toString('base64');
  return { payload, signature: crypto.sign('sha512', Buffer.from(payload), key).toString('base64'), signatureAlgorithm: 'SHA512withRSA' };
}

const post = (body: Record<string, unknown>, cookie?: string) =>
  call(truecallerRoute, '/api/callback/truecaller', {}, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

const counts = async () => ({ tokens: (await db.select({ n: count() }).from(authTokens))[0].n, users: (await db.select({ n: count() }).from(users))[0].n });

describe('caller-verification app login (callback/truecaller)', () => {
  it('a genuine signed profile with our nonce signs in by the verified phone', async () => {
    const { nonce, cookie } = await issuedNonce();
    const res = await post({ ...signedProfile({ requestNonce: nonce }), redirect_uri: '/stories/x' }, cookie);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_exists: false, redirect: '/stories/x', user: { full_name: 'Caller Verified' } });
    const setCookies = res.headers.getSetCookie();
    // the nonce is spent
    expect(setCookies.some((c) => c.startsWith('tc_nonce=;'))).toBe(true);
    const session = setCookies
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='))
      .join('; ');
    const user = await signedInUser(db, new Request('http://localhost/', { headers: { cookie: session } }));
    expect(user?.id).toBe(res.body.data.user.id);
    const [row] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(row).toMatchObject({ phone_1: '9876501234', registration_source: 'truecaller' });
  });

  it('finds the existing account with the same phone (user_exists true)', async () => {
    const [known] = await db.select().from(users).where(eq(users.email, 'phone.donor@example.com'));
    const { nonce, cookie } = await issuedNonce();
    const res = await post(signedProfile({ requestNonce: nonce, phoneNumber: '+91 98111 22233' }), cookie);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_exists: true, user: { id: known.id } });
  });

  const refusals: Array<[string, (n: string) => Record<string, unknown>, number, string]> = [
    ['a profile signed by another key', (n) => signedProfile({ requestNonce: n }, impostor.privateKey), 401, CALLER_VERIFICATION_MESSAGES.signature],
    [
      'a payload changed after signing',
      (n) => {
        const genuine = signedProfile({ requestNonce: n });
        return { ...genuine, payload: Buffer.from(JSON.stringify({ requestNonce: n, requestTime: Math.floor(Date.now() / 1000), phoneNumber: '+919811122233' })).toString('base64') };
      },
      401,
      CALLER_VERIFICATION_MESSAGES.signature,
    ],
    ['a nonce we did not issue', () => signedProfile({ requestNonce: 'someone-elses-nonce' }), 401, CALLER_VERIFICATION_MESSAGES.nonce],
    ['a stale profile (replayed later)', (n) => signedProfile({ requestNonce: n, requestTime: Math.floor(Date.now() / 1000) - 3600 }), 401, CALLER_VERIFICATION_MESSAGES.stale],
    ['another signature algorithm', (n) => ({ ...signedProfile({ requestNonce: n }), signatureAlgorithm: 'SHA1withRSA' }), 400, CALLER_VERIFICATION_MESSAGES.algorithm],
  ];

  it.each(refusals)('refuses %s, writing nothing', async (_name, body, status, message) => {
    const { nonce, cookie } = await issuedNonce();
    const before = await counts();
    const res = await post(body(nonce), cookie);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a genuine profile when the browser holds no nonce of ours', async () => {
    const { nonce } = await issuedNonce();
    const res = await post(signedProfile({ requestNonce: nonce }));
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(CALLER_VERIFICATION_MESSAGES.nonce);
  });

  it('needs the signed fields, refuses cross-site posts, and is 404 when not configured', async () => {
    expect((await post({ payload: 'x' })).status).toBe(422);
    const { nonce, cookie } = await issuedNonce();
    const crossSite = await call(truecallerRoute, '/api/callback/truecaller', {}, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'cross-site' }, body: JSON.stringify(signedProfile({ requestNonce: nonce })) });
    expect(crossSite.status).toBe(403);
    const key = process.env.TRUECALLER_PUBLIC_KEY;
    delete process.env.TRUECALLER_PUBLIC_KEY;
    resetEnvForTests();
    expect((await post(signedProfile({ requestNonce: nonce }), cookie)).status).toBe(404);
    expect((await call(nonceRoute, '/api/auth/social/truecaller')).status).toBe(404);
    process.env.TRUECALLER_PUBLIC_KEY = key;
    resetEnvForTests();
  });
});

describe('the phone an impostor opened an account with', () => {
  it("is proven by the caller app: the impostor's password, cookie and bearer token stop working", async () => {
    // new each run: a shared PostgreSQL keeps the accounts of earlier runs
    const number = `97${String(Date.now()).slice(-8)}`;
    const impostor = await impostorSignsUp({ email_id: `caller-impostor.${Date.now()}@example.com`, phone_1: number });
    await expectImpostorStillIn(impostor);
    const { nonce, cookie } = await issuedNonce();
    const res = await post(signedProfile({ requestNonce: nonce, phoneNumber: `+91${number}` }), cookie);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_exists: true, user: { id: impostor.id } });
    await expectImpostorLockedOut(db, impostor);
  });
});
