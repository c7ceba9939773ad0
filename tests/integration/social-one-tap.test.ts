// Google One Tap: the credential (a Google ID token) is verified against the issuer's published keys.
// The issuer here is a small OpenID issuer on loopback (discovery document + JWKS) whose key signs
// the test tokens with node:crypto, independently of the library under test.
import crypto from 'node:crypto';
import http from 'node:http';
import { count, eq } from 'drizzle-orm';
import { POST as oneTapRoute } from '@/app/api/callback/googleonetap/route';
import { signedInUser } from '@/lib/auth/session';
import { authTokens, userIdentities, users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { googleOneTapClientId } from '@/lib/auth/social/providers';
import type { Db } from '@/lib/db/client';
import { call, closeDb } from '../helpers/db';
import { freshDb } from '../factories';

const CLIENT_ID = 'sahyog-google-one-tap.apps.example';
const APP = 'http://localhost';
const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'one-tap-test-key';

let server: http.Server;
let issuer = '';
let db: Db;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      return res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    }
    if (req.url === '/jwks') return res.end(JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }] }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  Object.assign(process.env, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'one-tap-secret', GOOGLE_ISSUER: issuer });
  resetEnvForTests();
  db = await freshDb();
});

afterAll(async () => {
  for (const k of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER']) delete process.env[k];
  resetEnvForTests();
  server.close();
  await closeDb();
});

const b64url = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

function idToken(claims: Record<string, unknown> = {}, opts: { key?: crypto.KeyObject; header?: Record<string, unknown> } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url({ alg: 'RS256', typ: 'JWT', kid: KID, ...opts.header });
  const payload = b64url({ iss: issuer, aud: CLIENT_ID, sub: 'google-sub-42', email: 'one.tap@example.com', email_verified: true, name: 'One Tap', iat: now, exp: now + 3600, ...claims });
  const signature = crypto.sign('sha256', Buffer.from(`${header}.${payload}`), opts.key ?? privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

const postJson = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(oneTapRoute, '/api/callback/googleonetap', {}, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const tokenCount = async () => (await db.select({ n: count() }).from(authTokens))[0].n;
const cookieHeader = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('Google One Tap (callback/googleonetap)', () => {
  it('a genuine credential signs in: JSON with token and user_exists, and the session cookie works', async () => {
    const first = await postJson({ credential: idToken(), redirect_uri: '/stories/x' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ user_exists: false, redirect: '/stories/x', user: { email: 'one.tap@example.com', full_name: 'One Tap' } });
    expect(first.body.data.token).toEqual(expect.any(String));
    const user = await signedInUser(db, new Request(`${APP}/`, { headers: { cookie: cookieHeader(first.headers) } }));
    expect(user?.email).toBe('one.tap@example.com');
    const second = await postJson({ credential: idToken() });
    expect(second.body.data).toMatchObject({ user_exists: true, user: { id: first.body.data.user.id } });
    const [identity] = await db.select().from(userIdentities).where(eq(userIdentities.subject, 'google-sub-42'));
    expect(identity).toMatchObject({ provider: 'google', user_id: first.body.data.user.id });
  });

  it("accepts Google's bare issuer spelling only when the issuer is Google itself", async () => {
    expect((await postJson({ credential: idToken({ iss: 'accounts.google.com' }) })).status).toBe(401);
  });

  const refused: Array<[string, () => string]> = [
    ['a tampered payload (signature no longer matches)', () => {
      const [h, , s] = idToken().split('.');
      return `${h}.${b64url({ iss: issuer, aud: CLIENT_ID, sub: 'attacker', email: 'victim@example.com', email_verified: true, exp: 9_999_999_999, iat: 1 })}.${s}`;
    }],
    ['a token signed by another key', () => idToken({}, { key: stranger.privateKey })],
    ['an expired token', () => idToken({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['a token for another app (wrong audience)', () => idToken({ aud: 'someone-else.apps.example' })],
    ['a token from another issuer', () => idToken({ iss: 'https://evil.example' })],
    ['an unverified email', () => idToken({ email_verified: false, sub: 'unverified-sub' })],
    ['an unsigned token (alg none)', () => `${b64url({ alg: 'none', typ: 'JWT' })}.${idToken().split('.')[1]}.`],
    ['an HMAC token keyed with the public key', () => {
      const header = b64url({ alg: 'HS256', typ: 'JWT', kid: KID });
      const payload = idToken().split('.')[1];
      const pem = publicKey.export({ type: 'spki', format: 'pem' });
      return `${header}.${payload}.${crypto.createHmac('sha256', pem).update(`${header}.${payload}`).digest('base64url')}`;
    }],
    ['garbage', () => 'not-a-jwt'],
  ];

  it.each(refused)('refuses %s with 401 and signs nobody in', async (_name, credential) => {
    const tokens = await tokenCount();
    const people = (await db.select({ n: count() }).from(users))[0].n;
    const res = await postJson({ credential: credential() });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await tokenCount()).toBe(tokens);
    expect((await db.select({ n: count() }).from(users))[0].n).toBe(people);
  });

  it('refuses a cross-site JSON post (login CSRF) and a missing credential', async () => {
    expect((await postJson({ credential: idToken() }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const missing = await postJson({});
    expect(missing.status).toBe(422);
  });

  describe("Google's redirect mode (form post with the g_csrf_token double-submit cookie)", () => {
    const postForm = (fields: Record<string, string>, cookie?: string, query = '?redirect_uri=%2Fstories%2Fx') =>
      oneTapRoute(
        new Request(`${APP}/api/callback/googleonetap${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
          body: new URLSearchParams(fields).toString(),
        }),
        { params: Promise.resolve({}) },
      );

    it('signs in and redirects when the cookie and the field agree', async () => {
      const res = await postForm({ credential: idToken(), g_csrf_token: 'csrf-abc-123' }, 'g_csrf_token=csrf-abc-123');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${APP}/stories/x`);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('u_auth='))).toBe(true);
    });

    it('goes back to the sign-in page when the double-submit check fails or the token is bad', async () => {
      const tokens = await tokenCount();
      for (const [fields, cookie] of [
        [{ credential: idToken(), g_csrf_token: 'csrf-abc-123' }, 'g_csrf_token=other'],
        [{ credential: idToken(), g_csrf_token: 'csrf-abc-123' }, undefined],
        [{ credential: idToken({ aud: 'someone-else' }), g_csrf_token: 'csrf-abc-123' }, 'g_csrf_token=csrf-abc-123'],
      ] as const) {
        const res = await postForm(fields, cookie);
        expect(res.status).toBe(303);
        const location = new URL(res.headers.get('location')!);
        expect(`${location.pathname}?${location.searchParams}`).toBe('/new/signin?error=social_failed&redirect_uri=%2Fstories%2Fx');
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      expect(await tokenCount()).toBe(tokens);
    });
  });

  it("answers 502 (not 401, not 500) when Google's keys cannot be fetched", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    process.env.GOOGLE_ISSUER = `http://127.0.0.1:${port}`;
    resetEnvForTests();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postJson({ credential: idToken() });
    spy.mockRestore();
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('gateway_error');
    process.env.GOOGLE_ISSUER = issuer;
    resetEnvForTests();
  });

  it('answers 404 when Google is not configured', async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    resetEnvForTests();
    const res = await postJson({ credential: idToken() });
    expect(res.status).toBe(404);
    process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
    resetEnvForTests();
  });
});


describe('One Tap prompt on the sign-in page', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });
  it('is offered only when Google itself is the configured issuer', () => {
    Object.assign(process.env, { GOOGLE_CLIENT_ID: 'real-client', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'https://accounts.google.com' });
    resetEnvForTests();
    expect(googleOneTapClientId()).toBe('real-client');
    process.env.GOOGLE_ISSUER = 'http://127.0.0.1:4455';
    resetEnvForTests();
    expect(googleOneTapClientId()).toBeNull();
    delete process.env.GOOGLE_CLIENT_ID;
    resetEnvForTests();
    expect(googleOneTapClientId()).toBeNull();
  });
});
