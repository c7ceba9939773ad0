// Social login against a real OpenID provider (oidc-provider, scripts/oidc-test-provider.mjs) on
// loopback: start route -> provider (auto-approved test account) -> our callback -> a working session.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { GET as startRoute } from '@/app/api/auth/social/[provider]/route';
import { GET as googleCallback } from '@/app/api/callback/google/route';
import { GET as facebookCallback } from '@/app/api/callback/facebook/route';
import { signedInUser } from '@/lib/auth/session';
import { configuredSocialProviders } from '@/lib/auth/social/providers';
import { isLoopbackHttp } from '@/lib/auth/social/client';
import { authTokens, userIdentities, users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { closeDb } from '../helpers/db';
import { freshDb } from '../factories';
import { expectImpostorLockedOut, expectImpostorStillIn, impostorSignsUp } from '../helpers/impostor';

const APP = 'http://localhost';
const TESTER_EMAIL = 'oidc.tester@example.com';
const SOCIAL_ENV = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER', 'FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET', 'FACEBOOK_ISSUER', 'FACEBOOK_AUTHORIZATION_URL', 'FACEBOOK_TOKEN_URL', 'FACEBOOK_USERINFO_URL'];

let provider: ChildProcess;
let issuer = '';
let db: Db;

function configureProviders(overrides: Record<string, string | undefined> = {}) {
  const values: Record<string, string | undefined> = {
    GOOGLE_CLIENT_ID: 'sahyog-google',
    GOOGLE_CLIENT_SECRET: 'google-test-secret',
    GOOGLE_ISSUER: issuer,
    FACEBOOK_CLIENT_ID: 'sahyog-facebook',
    FACEBOOK_CLIENT_SECRET: 'facebook-test-secret',
    FACEBOOK_ISSUER: undefined,
    FACEBOOK_AUTHORIZATION_URL: `${issuer}/auth`,
    FACEBOOK_TOKEN_URL: `${issuer}/token`,
    FACEBOOK_USERINFO_URL: `${issuer}/graph/me?fields=id,name,email`,
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

/** A test provider on a free loopback port (its one account's email may be another): the process and its issuer. */
async function startProvider(args: string[] = []): Promise<{ process: ChildProcess; issuer: string }> {
  const child = spawn(process.execPath, [path.join(process.cwd(), 'scripts/oidc-test-provider.mjs'), '--port', '0', '--exit-with-parent', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /issuer: (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`OIDC test provider exited with ${code}`)));
  });
  return { process: child, issuer: url };
}

beforeAll(async () => {
  ({ process: provider, issuer } = await startProvider());
  configureProviders();
  db = await freshDb();
});

afterAll(async () => {
  provider.kill();
  for (const k of SOCIAL_ENV) delete process.env[k];
  resetEnvForTests();
  await closeDb();
});

const cookieHeader = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

async function start(providerId: string, redirectUri?: string): Promise<Response> {
  const query = redirectUri ? `?${new URLSearchParams({ redirect_uri: redirectUri })}` : '';
  return startRoute(new Request(`${APP}/api/auth/social/${providerId}${query}`), { params: Promise.resolve({ provider: providerId }) });
}

/** Follows the provider's redirects (login and consent are auto-approved) until it sends the browser back to us. */
async function throughProvider(authorizeUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped with ${res.status}: ${await res.text()}`);
    const target = new URL(location, next).toString();
    if (target.startsWith(`${APP}/api/callback/`)) return target;
    next = target;
  }
  throw new Error('too many redirects at the provider');
}

type Callback = (request: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;
const callbacks: Record<string, Callback> = { google: googleCallback, facebook: facebookCallback };

async function callback(providerId: string, url: string, flowCookie: string | null): Promise<Response> {
  return callbacks[providerId](new Request(url, { headers: flowCookie ? { cookie: flowCookie } : {} }), { params: Promise.resolve({}) });
}

/** The whole round trip; answers our callback's response and the flow cookie the start route set. */
async function signInThrough(providerId: string, redirectUri?: string) {
  const started = await start(providerId, redirectUri);
  expect(started.status).toBe(302);
  const flowCookie = cookieHeader(started.headers.getSetCookie());
  const callbackUrl = await throughProvider(started.headers.get('location')!);
  return { response: await callback(providerId, callbackUrl, flowCookie), callbackUrl, flowCookie, authorizeUrl: started.headers.get('location')! };
}

const tokenCount = async () => (await db.select({ n: count() }).from(authTokens))[0].n;

async function sessionOf(response: Response) {
  const cookie = cookieHeader(response.headers.getSetCookie());
  return signedInUser(db, new Request(`${APP}/`, { headers: { cookie } }));
}

function expectSocialFailed(response: Response, redirectUri?: string) {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  expect(location.pathname).toBe('/new/signin');
  expect(location.searchParams.get('error')).toBe('social_failed');
  if (redirectUri) expect(location.searchParams.get('redirect_uri')).toBe(redirectUri);
  expect(response.headers.getSetCookie().some((c) => c.startsWith('u_auth=') && !c.startsWith('u_auth=;'))).toBe(false);
}

describe('social login through a real OpenID provider (Google configuration)', () => {
  it('starts with state, PKCE (S256) and a nonce, kept in a sealed httpOnly cookie', async () => {
    const started = await start('google', '/stories/x');
    expect(started.status).toBe(302);
    const url = new URL(started.headers.get('location')!);
    expect(url.origin).toBe(issuer);
    expect(url.searchParams.get('client_id')).toBe('sahyog-google');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP}/api/callback/google`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)?.length).toBeGreaterThanOrEqual(32);
    const [flow] = started.headers.getSetCookie();
    expect(flow).toMatch(/^social_flow=/);
    expect(flow).toMatch(/HttpOnly/);
    // sealed: neither the state nor the redirect target can be read from the cookie
    expect(decodeURIComponent(flow)).not.toContain(url.searchParams.get('state')!);
    expect(decodeURIComponent(flow)).not.toContain('/stories/x');
  });

  it('signs the provider-verified account in: 303 to redirect_uri with u_auth, and the session works', async () => {
    const before = await tokenCount();
    const { response } = await signInThrough('google', '/stories/x');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${APP}/stories/x`);
    expect(response.headers.getSetCookie().some((c) => /^social_flow=;/.test(c))).toBe(true);
    const user = await sessionOf(response);
    expect(user?.email).toBe(TESTER_EMAIL);
    expect(user?.full_name).toBe('Oidc Tester');
    expect(await tokenCount()).toBe(before + 1);
    const [identity] = await db.select().from(userIdentities).where(eq(userIdentities.user_id, user!.id));
    expect(identity).toMatchObject({ provider: 'google', subject: 'oidc-tester-1' });
  });

  it('a second sign-in finds the same account (no duplicate)', async () => {
    const { response } = await signInThrough('google');
    // no redirect_uri: the destination by role (a plain donor goes home)
    expect(response.headers.get('location')).toBe(`${APP}/`);
    const user = await sessionOf(response);
    expect((await db.select({ n: count() }).from(users).where(eq(users.email, TESTER_EMAIL)))[0].n).toBe(1);
    expect(user?.email).toBe(TESTER_EMAIL);
  });

  it('never follows a foreign redirect_uri after sign-in', async () => {
    const { response } = await signInThrough('google', '//evil.example/steal');
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).origin).toBe(APP);
  });

  it('a callback whose state does not match the flow signs nobody in', async () => {
    const started = await start('google', '/stories/x');
    const flowCookie = cookieHeader(started.headers.getSetCookie());
    const callbackUrl = new URL(await throughProvider(started.headers.get('location')!));
    callbackUrl.searchParams.set('state', 'forged-state-value-forged-state-value');
    const before = await tokenCount();
    const response = await callback('google', callbackUrl.toString(), flowCookie);
    expectSocialFailed(response, '/stories/x');
    expect(await tokenCount()).toBe(before);
  });

  it('a callback without the flow cookie (another browser, a forged link) signs nobody in', async () => {
    const { callbackUrl } = await (async () => {
      const started = await start('google');
      return { callbackUrl: await throughProvider(started.headers.get('location')!) };
    })();
    const before = await tokenCount();
    expectSocialFailed(await callback('google', callbackUrl, null));
    expectSocialFailed(await callback('google', callbackUrl, 'social_flow=tampered'));
    expect(await tokenCount()).toBe(before);
  });

  it('denied consent at the provider goes back to the sign-in page, keeping redirect_uri', async () => {
    const started = await start('google', '/new/payment?ct=x');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const flowCookie = cookieHeader(started.headers.getSetCookie());
    const response = await callback('google', `${APP}/api/callback/google?${new URLSearchParams({ error: 'access_denied', state })}`, flowCookie);
    expectSocialFailed(response, '/new/payment?ct=x');
  });

  it('a code is used once: replaying the callback fails', async () => {
    const { response, callbackUrl, flowCookie } = await signInThrough('google');
    expect(response.status).toBe(303);
    expectSocialFailed(await callback('google', callbackUrl, flowCookie));
  });

  it("a flow started for one provider is refused at another provider's callback", async () => {
    const started = await start('google');
    const flowCookie = cookieHeader(started.headers.getSetCookie());
    const callbackUrl = (await throughProvider(started.headers.get('location')!)).replace('/callback/google', '/callback/facebook');
    expectSocialFailed(await callback('facebook', callbackUrl, flowCookie));
  });
});

describe('Facebook', () => {
  afterEach(async () => {
    // each case meets the account fresh: forget the Facebook link the previous one made
    await db.delete(userIdentities).where(eq(userIdentities.provider, 'facebook'));
    configureProviders();
  });

  it('through an OpenID issuer: the verified email links to the existing account', async () => {
    configureProviders({ FACEBOOK_ISSUER: issuer });
    const [existing] = await db.select().from(users).where(eq(users.email, TESTER_EMAIL));
    const started = await start('facebook');
    expect(new URL(started.headers.get('location')!).searchParams.has('nonce')).toBe(true);
    const { response } = await signInThrough('facebook');
    expect(response.status).toBe(303);
    expect((await sessionOf(response))?.id).toBe(existing.id);
  });

  it("through the Graph API (plain OAuth): signed in, but the unconfirmed email never joins someone's account", async () => {
    const started = await start('facebook');
    const url = new URL(started.headers.get('location')!);
    expect(url.searchParams.get('scope')).toBe('email public_profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('nonce')).toBe(false);
    const { response } = await signInThrough('facebook');
    expect(response.status).toBe(303);
    const user = await sessionOf(response);
    expect(user).not.toBeNull();
    expect(user?.email).not.toBe(TESTER_EMAIL);
    const [row] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(row.is_dummy_email).toBe(true);
    expect(row.registration_source).toBe('facebook');
    expect(row.full_name).toBe('Oidc Tester');
  });
});

describe('configuration', () => {
  it('offers only configured providers; an unconfigured or unknown provider answers 404', async () => {
    expect(configuredSocialProviders().map((p) => p.id)).toEqual(['google', 'facebook']);
    configureProviders({ FACEBOOK_CLIENT_ID: undefined });
    expect(configuredSocialProviders().map((p) => p.id)).toEqual(['google']);
    const res = await start('facebook');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
    expect((await start('twitter')).status).toBe(404);
    configureProviders();
  });

  it('allows plain http only for a loopback issuer', async () => {
    expect(isLoopbackHttp('http://127.0.0.1:4455')).toBe(true);
    expect(isLoopbackHttp('http://localhost:4455')).toBe(true);
    expect(isLoopbackHttp('http://accounts.example.com')).toBe(false);
    configureProviders({ GOOGLE_ISSUER: 'http://issuer.sahyog-test.invalid' });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    // discovery over plain http to another host is refused: the person goes back to the sign-in page
    expectSocialFailed(await start('google', '/stories/x'), '/stories/x');
    spy.mockRestore();
    configureProviders();
  });
});

describe('the email an impostor opened an account with', () => {
  const victim = `oidc.victim.${Date.now().toString(36)}@example.com`;
  let second: ChildProcess;
  beforeAll(async () => {
    let victimIssuer: string;
    ({ process: second, issuer: victimIssuer } = await startProvider(['--email', victim]));
    configureProviders({ GOOGLE_ISSUER: victimIssuer });
    // the provider's one account (the same subject) meets the email fresh: forget the link the earlier cases made
    await db.delete(userIdentities).where(eq(userIdentities.provider, 'google'));
  });
  afterAll(async () => {
    await db.delete(userIdentities).where(eq(userIdentities.provider, 'google'));
    configureProviders();
    second.kill();
  });

  it("is proven by Google's verified email: the impostor's password, cookie and bearer token stop working", async () => {
    const impostor = await impostorSignsUp({ email_id: victim });
    await expectImpostorStillIn(impostor);
    const { response } = await signInThrough('google');
    expect(response.status).toBe(303);
    expect((await sessionOf(response))?.id).toBe(impostor.id);
    await expectImpostorLockedOut(db, impostor);
  });
});
