// Wallet web view login (callback/paytm?code): the adapter against a local HTTP server speaking the
// wallet's OAuth API (token exchange with Basic client credentials, then the user profile).
import http from 'node:http';
import { count, eq } from 'drizzle-orm';
import { GET as paytmRoute } from '@/app/api/callback/paytm/route';
import { GET as loginCodeRoute } from '@/app/api/paytm/login-code/route';
import { walletIdentityForCode, WALLET_MESSAGES } from '@/lib/auth/social/paytm';
import { signedInUser } from '@/lib/auth/session';
import { authTokens, users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import type { Db } from '@/lib/db/client';
import { call, closeDb } from '../helpers/db';
import { freshDb } from '../factories';
import { expectImpostorLockedOut, expectImpostorStillIn, impostorSignsUp } from '../helpers/impostor';

const CLIENT_ID = 'sahyog-wallet';
const CLIENT_SECRET = 'wallet-secret';
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

const OWNER_PHONE = `99${String(Date.now()).slice(-8)}`;
// code -> access token -> profile, as the wallet would answer
const CODES: Record<string, string> = { 'good-code': 'token-new', 'known-phone-code': 'token-known', 'broken-profile-code': 'token-broken', 'owner-phone-code': 'token-owner' };
const PROFILES: Record<string, unknown> = {
  'token-new': { id: 'w-77', email: 'wallet.user@example.com', phoneInfo: { phoneNumber: '+91 90011 22334', countryCode: '91' }, profileInfo: { displayName: 'Wallet User' } },
  'token-known': { id: 'w-88', phoneInfo: { phoneNumber: '9123456789', countryCode: '91' }, profileInfo: { firstName: 'Known', lastName: 'Donor' } },
  // new each run: a shared PostgreSQL keeps the accounts of earlier runs
  'token-owner': { id: `w-${OWNER_PHONE}`, phoneInfo: { phoneNumber: OWNER_PHONE, countryCode: '91' }, profileInfo: { firstName: 'Phone', lastName: 'Owner' } },
};

let server: http.Server;
let db: Db;
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://wallet');
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== BASIC) return reply(401, { error: 'invalid_client' });
      if (req.method === 'POST' && url.pathname === '/oauth2/v2/token') {
        const form = new URLSearchParams(body);
        const code = form.get('code') ?? '';
        if (form.get('grant_type') !== 'authorization_code') return reply(400, { error: 'unsupported_grant_type' });
        if (code === 'wallet-down-code') return reply(503, { error: 'unavailable' });
        if (code === 'slow-code') return void hanging.push(res);
        if (!CODES[code]) return reply(400, { error: 'invalid_grant', error_description: 'Invalid code' });
        return reply(200, { access_token: CODES[code], expires: '1700000000000', scope: 'paytm', resourceOwnerId: 'owner-1' });
      }
      if (req.method === 'GET' && url.pathname === '/v2/user' && url.searchParams.get('fetch_strategy')?.includes('profile_info')) {
        const profile = req.headers.verification_type === 'oauth_token' ? PROFILES[String(req.headers.data)] : undefined;
        return profile ? reply(200, profile) : reply(500, { status: 'FAILURE' });
      }
      reply(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(process.env, { PAYTM_OAUTH_BASE: `http://127.0.0.1:${(server.address() as { port: number }).port}`, PAYTM_CLIENT_ID: CLIENT_ID, PAYTM_CLIENT_SECRET: CLIENT_SECRET });
  resetEnvForTests();
  db = await freshDb();
  await db.insert(users).values({ full_name: 'Known Donor', email: 'known.donor@example.com', phone_1: '9123456789' });
});

afterAll(async () => {
  for (const k of ['PAYTM_OAUTH_BASE', 'PAYTM_CLIENT_ID', 'PAYTM_CLIENT_SECRET']) delete process.env[k];
  resetEnvForTests();
  for (const res of hanging) res.destroy();
  server.close();
  await closeDb();
});

const signIn = (code: string, headers: Record<string, string> = {}) => call(paytmRoute, `/api/callback/paytm?code=${encodeURIComponent(code)}`, {}, { headers });
const tokenCount = async () => (await db.select({ n: count() }).from(authTokens))[0].n;

describe('wallet web view login (callback/paytm)', () => {
  it('creates the account on first sign-in (user_exists false), then finds it (user_exists true)', async () => {
    const first = await signIn('good-code');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ user_exists: false, redirect: '/', user: { full_name: 'Wallet User' } });
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const user = await signedInUser(db, new Request('http://localhost/', { headers: { cookie } }));
    expect(user?.id).toBe(first.body.data.user.id);
    const [row] = await db.select().from(users).where(eq(users.id, user!.id));
    // the phone is what the wallet verified; its email is not trusted to name an account
    expect(row).toMatchObject({ phone_1: '9001122334', registration_source: 'paytm', is_dummy_email: true });

    const second = await signIn('good-code');
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ user_exists: true, user: { id: first.body.data.user.id } });
  });

  it("signs in the existing account that has the wallet's verified phone (user_exists true)", async () => {
    const [known] = await db.select().from(users).where(eq(users.email, 'known.donor@example.com'));
    const res = await signIn('known-phone-code');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_exists: true, user: { id: known.id } });
  });

  it('rejects a bad code with 401 and a wallet failure with 502, signing nobody in', async () => {
    const before = await tokenCount();
    const bad = await signIn('stolen-or-used-code');
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ code: 'unauthenticated', message: WALLET_MESSAGES.badCode });
    const down = await signIn('wallet-down-code');
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('gateway_error');
    const brokenProfile = await signIn('broken-profile-code');
    expect(brokenProfile.status).toBe(502);
    for (const r of [bad, down, brokenProfile]) expect(r.headers.getSetCookie()).toEqual([]);
    expect(await tokenCount()).toBe(before);
  });

  it('a wallet that does not answer in time is a 502 with its own message', async () => {
    const error = await walletIdentityForCode('slow-code', { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'gateway_error', message: WALLET_MESSAGES.timeout });
  });

  it('a wallet that cannot be reached is a 502', async () => {
    const base = process.env.PAYTM_OAUTH_BASE;
    process.env.PAYTM_OAUTH_BASE = 'http://127.0.0.1:9';
    resetEnvForTests();
    const res = await signIn('good-code');
    expect(res.status).toBe(502);
    process.env.PAYTM_OAUTH_BASE = base;
    resetEnvForTests();
  });

  it('needs a code, refuses cross-site requests, and is 404 when the wallet is not configured', async () => {
    expect((await call(paytmRoute, '/api/callback/paytm')).status).toBe(422);
    expect((await signIn('good-code', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    delete process.env.PAYTM_CLIENT_SECRET;
    resetEnvForTests();
    expect((await signIn('good-code')).status).toBe(404);
    process.env.PAYTM_CLIENT_SECRET = CLIENT_SECRET;
    resetEnvForTests();
  });
});

describe("the wallet's login page sends the person back with ?code=&state= (paytm login code)", () => {
  const cookiesOf = (res: { headers: Headers }) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  async function started(redirectUri = '/portfolio') {
    const res = await call(loginCodeRoute, `/api/paytm/login-code?redirect_uri=${encodeURIComponent(redirectUri)}`, {}, {});
    expect(res.status).toBe(200);
    return { state: res.body.data.state as string, cookie: cookiesOf(res) };
  }
  const back = (code: string, state: string, cookie: string, extra = '') => call(paytmRoute, `/api/callback/paytm?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}${extra}`, {}, { headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) } });

  it("signs in the browser that started it, goes where the state says (not the address), and clears the state's cookie", async () => {
    const { state, cookie } = await started('/portfolio');
    const res = await back('good-code', state, cookie, `&redirect_uri=${encodeURIComponent('/dashboard')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.redirect).toBe('/portfolio');
    expect(res.headers.getSetCookie().some((c) => /^paytm_login=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
  });

  it("refuses a state from another browser, a forged or tampered state, and signs nobody in (login CSRF)", async () => {
    const theirs = await started();
    const mine = await started();
    const before = await tokenCount();
    // the attacker's own code and state, in the victim's browser (the victim's cookie holds another nonce)
    for (const res of [await back('good-code', theirs.state, mine.cookie), await back('good-code', theirs.state, ''), await back('good-code', `${mine.state.slice(0, -4)}AAAA`, mine.cookie), await back('good-code', 'forged', mine.cookie)]) {
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(WALLET_MESSAGES.badCode);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('sahyog'))).toBe(false);
    }
    expect(await tokenCount()).toBe(before);
  });
});

describe('the phone an impostor opened an account with', () => {
  it("is proven by the wallet: the impostor's password, cookie and bearer token stop working", async () => {
    const impostor = await impostorSignsUp({ email_id: `wallet-impostor.${Date.now()}@example.com`, phone_1: OWNER_PHONE });
    await expectImpostorStillIn(impostor);
    const res = await signIn('owner-phone-code');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_exists: true, user: { id: impostor.id } });
    await expectImpostorLockedOut(db, impostor);
  });
});
