// Spec 7's account utilities: admin/verify (an email has an account: yes or no, limited per address), check
// user valid (401 token_expired for an ended session of ours, unauthenticated for none, spec 8), client IP (only the
// address our server trusts), getdomain (the request site's brand), system-event counts, lead update (its sender
// only; signup_access and showError), the wallet's login code, and short links that stay on our domains whatever
// Host or X-Forwarded-Host say. Test files share one PostgreSQL database: every value here is this run's own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { POST as verifyEmail } from '@/app/api/admin/verify/route';
import { GET as userValid } from '@/app/api/users/valid/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { GET as sessionRoute } from '@/app/api/auth/session/route';
import { POST as logoutRoute } from '@/app/api/users/logout/route';
import { GET as clientIpRoute } from '@/app/api/client-ip/route';
import { GET as getDomain } from '@/app/api/getdomain/route';
import { GET as systemEventsRoute } from '@/app/api/system-events/route';
import { POST as collectRoute } from '@/app/api/actions/collect/route';
import { POST as postLead } from '@/app/api/leads/route';
import { PUT as putLead } from '@/app/api/leads/[id]/route';
import { GET as walletLoginCodeRoute } from '@/app/api/paytm/login-code/route';
import { POST as shorten } from '@/app/api/short-url/route';
import { authTokens, leads, systemEvents, users, whiteLabelDomains } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { stampClientAddress, trustProxyFrom } from '@/lib/http/client-address';
import { clearSystemEventCountsCache } from '@/lib/story/event-counts';
import { verifyWalletLoginState } from '@/lib/auth/social/paytm-login';
import { WALLET_LOGIN_UNAVAILABLE } from '@/lib/auth/social/paytm-login';
import { EMAIL_CHECK_TOO_MANY } from '@/lib/accounts/email-check';
import { TOKEN_EXPIRED_MESSAGE } from '@/lib/auth/session';
import { mainSiteOrigin } from '@/lib/whitelabel/site';
import { siteConfig } from '@/lib/whitelabel/resolve';
import { PAYTM_LOGIN_COOKIE, PAYTM_LOGIN_STATE_TTL_S } from '@/lib/constants/auth';
import { EMAIL_CHECK_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { CLIENT_ADDRESS_HEADER } from '@/lib/constants/server';
import { SHARE_EVENT, SYSTEM_EVENT_COUNTS_CACHE_MS, SYSTEM_EVENT_NAMES_MAX, VISIT_EVENT } from '@/lib/constants/story';
import { PAYTM_LOGIN_RETURN_PATH } from '@/lib/routes';
import { freshDb, makeFundraiser, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;
/** a client address of this run alone, so limits from other runs and files never meet ours */
const address = () => `spec7-${RUN}-${++seq}`;
const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: address(), ...headers },
});
const mainOrigin = () => mainSiteOrigin(siteConfig());

beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

describe('POST /api/admin/verify (spec 7 check email)', () => {
  const check = (email: unknown, headers: Record<string, string> = {}) => call(verifyEmail, '/api/admin/verify', {}, json('POST', { email }, headers));

  it('answers exists true for an account (any letter case) and false otherwise, and nothing else about the account', async () => {
    const person = await makeUser(db, 'Verify Person');
    const yes = await check(person.email.toUpperCase());
    expect(yes.status).toBe(200);
    expect(yes.body).toEqual({ data: { exists: true } });
    expect(yes.headers.get('cache-control')).toBe('no-store');
    const no = await check(`nobody.${RUN}@example.com`);
    expect(no.status).toBe(200);
    expect(no.body).toEqual({ data: { exists: false } });
    // never the name, id, phone or providers
    expect(JSON.stringify(yes.body)).not.toContain(person.full_name);
    expect(JSON.stringify(yes.body)).not.toContain(String(person.id));
  });

  it('refuses a bad email with the envelope (spec 5 message) and a missing body', async () => {
    const bad = await check('not-an-email');
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual({ code: 'validation_failed', message: 'Please enter a valid email', fields: { email: 'Please enter a valid email' } });
    const none = await call(verifyEmail, '/api/admin/verify', {}, { method: 'POST', headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: address() } });
    expect(none.status).toBe(422);
    expect(none.body.error.fields.email).toBe('Please enter a valid email');
  });

  it(`answers 429 rate_limited after ${EMAIL_CHECK_LIMIT_PER_IP.max} checks from one address; another address still may`, async () => {
    const ip = address();
    for (let i = 0; i < EMAIL_CHECK_LIMIT_PER_IP.max; i++) expect((await check(`probe${i}.${RUN}@example.com`, { [CLIENT_ADDRESS_HEADER]: ip })).status).toBe(200);
    const refused = await check(`probe.last.${RUN}@example.com`, { [CLIENT_ADDRESS_HEADER]: ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: EMAIL_CHECK_TOO_MANY } });
    expect((await check(`probe.other.${RUN}@example.com`)).status).toBe(200);
  });
});

describe('GET /api/users/valid (spec 7 check user valid, spec 8 token_expired)', () => {
  const valid = (headers: Record<string, string> = {}) => call(userValid, '/api/users/valid', {}, { headers });

  it('answers valid and the user id for a live cookie or bearer token', async () => {
    const person = await signedInPerson(db, 'Valid Person');
    for (const headers of [{ cookie: person.cookie }, person.auth]) {
      const res = await valid(headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { valid: true, user_id: person.id } });
    }
  });

  it('answers 401 unauthenticated with no session, and for a cookie that is not ours (tampered)', async () => {
    const none = await valid();
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthenticated');
    const person = await signedInPerson(db, 'Tampered Cookie');
    const sealed = /u_auth=([^;]+)/.exec(person.cookie)![1];
    const tampered = await valid({ cookie: `u_auth=${sealed.slice(0, -4)}abcd` });
    expect(tampered.status).toBe(401);
    expect(tampered.body.error.code).toBe('unauthenticated');
  });

  it('answers 401 token_expired for a cookie revoked at logout, while visitor calls still treat it as signed out', async () => {
    const person = await signedInPerson(db, 'Logged Out');
    const out = await call(logoutRoute, '/api/users/logout', {}, { method: 'POST', headers: { cookie: person.cookie, origin: 'http://localhost' } });
    expect(out.status).toBe(200);
    const res = await valid({ cookie: person.cookie });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'token_expired', message: TOKEN_EXPIRED_MESSAGE });
    // the session layer reports it to every signed-in call (here users/me), so the client clears its session (spec 8)
    const me = await call(meRoute, '/api/users/me', {}, { headers: { cookie: person.cookie } });
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('token_expired');
    // calls open to visitors keep answering: the ended cookie is simply nobody
    const session = await call(sessionRoute, '/api/auth/session', {}, { headers: { cookie: person.cookie } });
    expect(session.status).toBe(200);
    expect(session.body.data.user).toBeNull();
  });

  it('answers token_expired for an expired token (cookie or bearer) and for a cookie ended by a new session_version', async () => {
    const expired = await signedInPerson(db, 'Expired Token');
    await db.update(authTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(authTokens.user_id, expired.id));
    for (const headers of [{ cookie: expired.cookie }, expired.auth]) {
      const res = await valid(headers);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('token_expired');
    }
    const everywhere = await signedInPerson(db, 'Logged Out Everywhere');
    expect((await valid({ cookie: everywhere.cookie })).status).toBe(200);
    await db.update(users).set({ session_version: 2 }).where(eq(users.id, everywhere.id));
    const res = await valid({ cookie: everywhere.cookie });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_expired');
  });
});

describe('GET /api/client-ip (spec 7 client IP)', () => {
  /** A real HTTP server doing what ours does before Next (stampClientAddress), then the route on what it received. */
  async function throughServer(trustProxy: string | undefined, headers: Record<string, string>) {
    const trust = trustProxyFrom(trustProxy);
    const server = http.createServer((req, res) => {
      stampClientAddress(req, trust);
      // what reaches Next: the request's headers after the stamp (hop-by-hop ones are the server's business)
      const forwarded = Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && !['connection', 'keep-alive', 'transfer-encoding'].includes(e[0]));
      void call(clientIpRoute, '/api/client-ip', {}, { headers: forwarded }).then((answer) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return (await (await fetch(`http://127.0.0.1:${port}/api/client-ip`, { headers })).json()) as { status: number; body: { data: { ip: string | null } }; headers: Record<string, string> };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("answers the socket's address; X-Forwarded-For and a forged address header are ignored without a trusted proxy", async () => {
    const answer = await throughServer(undefined, { 'x-forwarded-for': '203.0.113.9', [CLIENT_ADDRESS_HEADER]: '198.51.100.1' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.ip).toBe('127.0.0.1');
  });

  it('answers what the trusted proxy reports when TRUST_PROXY names it', async () => {
    const answer = await throughServer('loopback', { 'x-forwarded-for': '203.0.113.9' });
    expect(answer.body.data.ip).toBe('203.0.113.9');
    // a chain: the client's own claim before the trusted hop is not believed beyond the one hop trusted
    const chain = await throughServer('1', { 'x-forwarded-for': '192.0.2.66, 203.0.113.10' });
    expect(chain.body.data.ip).toBe('203.0.113.10');
  });

  it('answers null when no server of ours stamped an address (and never reads X-Forwarded-For itself)', async () => {
    const res = await call(clientIpRoute, '/api/client-ip', {}, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ip: null } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('GET /api/getdomain (spec 7 getdomain)', () => {
  const partnerHost = `give-${RUN}.example.org`;
  const inactiveHost = `gone-${RUN}.example.org`;
  beforeAll(async () => {
    await db.insert(whiteLabelDomains).values([
      { host: partnerHost, name: 'Give Partner', logo_url: '/partner/logo.png', favicon_url: '/partner/favicon.ico', theme_color: '#1d4ed8', analytics_container_id: 'GTM-GIVE15' },
      { host: inactiveHost, name: 'Gone Partner', is_active: false },
    ]);
  });
  const domain = (headers: Record<string, string>) => call(getDomain, '/api/getdomain', {}, { headers });

  it("answers a partner host's brand: name, logo, favicon, theme colour and analytics container", async () => {
    const res = await domain({ host: `${partnerHost.toUpperCase()}:443` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ host: partnerHost, name: 'Give Partner', logo_url: '/partner/logo.png', favicon_url: '/partner/favicon.ico', theme_color: '#1d4ed8', analytics_container_id: 'GTM-GIVE15', is_partner: true });
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });

  it("answers the main site's brand for our own host, and for hosts that are not ours (inactive partner, stranger, forged)", async () => {
    const own = await domain({ host: 'www.sahyog.in' });
    expect(own.body.data).toMatchObject({ host: 'www.sahyog.in', name: 'Sahyog', is_partner: false, analytics_container_id: null });
    const main = new URL(mainOrigin()).hostname;
    const notOurs: Record<string, string>[] = [{ host: inactiveHost }, { host: 'evil.example' }, { host: partnerHost, 'x-forwarded-host': 'evil.example' }, { host: 'a%zz' }];
    for (const headers of notOurs) {
      const res = await domain(headers);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ host: main, name: 'Sahyog', is_partner: false });
    }
  });
});

describe('GET /api/system-events (spec 7 system event via core api)', () => {
  const counts = (query: string) => call(systemEventsRoute, `/api/system-events${query}`);
  const collect = (event: Record<string, unknown>) => call(collectRoute, '/api/actions/collect', {}, json('POST', event));

  it("counts a fundraiser's visits and share clicks by event name, with no personal data", async () => {
    const f = await makeFundraiser(db);
    const other = await makeFundraiser(db);
    const visit = (id: number) => collect({ event_name: VISIT_EVENT, event_type: 'fundraiser', event_type_id: String(id), page_name: 'story', info_1: 'A title', referrer_page: 'https://referrer.example/secret-page', device: 'mobile', utm: { utm_source: 'newsletter' } });
    for (let i = 0; i < 3; i++) expect((await visit(f.id)).status).toBe(201);
    await visit(other.id);
    for (const channel of ['whatsapp', 'facebook']) await collect({ event_name: SHARE_EVENT, event_type: 'fundraiser', event_type_id: String(f.id), info_2: channel });
    await collect({ event_name: 'donate_click', entity_id: String(f.id) });

    clearSystemEventCountsCache();
    const res = await counts(`?entity_id=${f.id}&event_type=fundraiser`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { entity_id: String(f.id), event_type: 'fundraiser', counts: { [VISIT_EVENT]: 3, [SHARE_EVENT]: 2 }, total: 5 } });
    expect(JSON.stringify(res.body)).not.toMatch(/referrer|newsletter|mobile|secret-page/);
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${SYSTEM_EVENT_COUNTS_CACHE_MS / 1000}`);

    // without event_type, events naming the entity either way; named events are always present, 0 when none happened
    const named = await counts(`?entity_id=${f.id}&event_name=${VISIT_EVENT},donate_click,never_${RUN}`);
    expect(named.body.data).toEqual({ entity_id: String(f.id), event_type: null, counts: { [VISIT_EVENT]: 3, donate_click: 1, [`never_${RUN}`]: 0 }, total: 4 });
  });

  it('is cached briefly: a new event shows once the cache has passed', async () => {
    const f = await makeFundraiser(db);
    const visit = { event_name: VISIT_EVENT, event_type: 'fundraiser', event_type_id: String(f.id) };
    await collect(visit);
    const query = `?entity_id=${f.id}&event_type=fundraiser`;
    expect((await counts(query)).body.data.counts).toEqual({ [VISIT_EVENT]: 1 });
    await collect(visit);
    expect((await counts(query)).body.data.counts).toEqual({ [VISIT_EVENT]: 1 });
    clearSystemEventCountsCache();
    expect((await counts(query)).body.data.counts).toEqual({ [VISIT_EVENT]: 2 });
    expect(await db.$count(systemEvents, eq(systemEvents.event_type_id, String(f.id)))).toBe(2);
  });

  it('refuses bad parameters with the envelope', async () => {
    for (const query of ['', '?entity_id=', '?entity_id=a%20b', '?entity_id=1&event_type=a%20b', `?entity_id=1&event_name=${Array.from({ length: SYSTEM_EVENT_NAMES_MAX + 1 }, (_, i) => `e${i}`).join(',')}`, '?entity_id=1%00']) {
      const res = await counts(query);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
      expect(Object.keys(res.body.error.fields).length).toBeGreaterThan(0);
    }
  });
});

describe('PUT /api/leads/{id}: its sender only, with spec 7 params signup_access and showError', () => {
  const signupLead = (email: string) => ({ query_type: 'want_to_raise_funds', name: 'Ravi Kumar', email, phone: '9876543210', cause: 'Medical' });
  const post = (body: unknown, headers: Record<string, string> = {}) => call(postLead, '/api/leads', {}, json('POST', body, headers));
  const put = (id: number, body: unknown, headers: Record<string, string> = {}, query = '') => call(putLead, `/api/leads/${id}${query}`, { id: String(id) }, json('PUT', body, headers));
  const leadById = async (id: number) => (await db.select().from(leads).where(eq(leads.id, id)))[0];

  it('a signed-out sender changes its own lead with the lead_token its POST answered; no token or another lead\'s is refused', async () => {
    const made = await post(signupLead(`signedout.${RUN}@example.com`));
    expect(made.status).toBe(201);
    const { id, lead_token } = made.body.data;
    const other = await post(signupLead(`signedout.other.${RUN}@example.com`));

    const none = await put(id, { city: 'Pune' });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthenticated');
    const wrong = await put(id, { city: 'Pune', lead_token: other.body.data.lead_token });
    expect(wrong.status).toBe(404);
    expect((await leadById(id)).city).toBeNull();

    const ok = await put(id, { city: 'Pune', lead_token });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id, city: 'Pune', name: 'Ravi Kumar' });
    expect(await leadById(id)).toMatchObject({ city: 'Pune', user_id: null });
  });

  it('a signed-in stranger gets 404; the creator updates it; signup_access needs a live session (401, token_expired)', async () => {
    const creator = await signedInPerson(db, 'Lead Owner');
    const made = await post(signupLead(`owner.${RUN}@example.com`), creator.auth);
    const id = made.body.data.id;
    const stranger = await signedInPerson(db, 'Lead Stranger');
    expect((await put(id, { city: 'Agra' }, stranger.auth)).status).toBe(404);
    expect((await put(id, { city: 'Agra' }, {}, '?signup_access=1')).body.error.code).toBe('unauthenticated');

    const ok = await put(id, { city: 'Agra' }, { cookie: creator.cookie }, '?signup_access=true&showError=false');
    expect(ok.status).toBe(200);
    expect(await leadById(id)).toMatchObject({ city: 'Agra', user_id: creator.id });

    await call(logoutRoute, '/api/users/logout', {}, { method: 'POST', headers: { cookie: creator.cookie, origin: 'http://localhost' } });
    const ended = await put(id, { city: 'Kochi' }, { cookie: creator.cookie }, '?signup_access=1');
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe('token_expired');
    expect((await leadById(id)).city).toBe('Agra');
  });

  it('with showError=false a failure still answers the envelope (the client just shows no snackbar)', async () => {
    const creator = await signedInPerson(db, 'Quiet Owner');
    const made = await post(signupLead(`quiet.${RUN}@example.com`), creator.auth);
    const bad = await put(made.body.data.id, { name: 'R4vi' }, creator.auth, '?showError=false');
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual({ code: 'validation_failed', message: 'Please enter a valid name', fields: { name: 'Please enter a valid name' } });
    const badParam = await put(made.body.data.id, { city: 'Goa' }, creator.auth, '?showError=maybe');
    expect(badParam.status).toBe(422);
    expect(badParam.body.error.fields.showError).toBe('Please choose one of the options');
  });
});

describe('GET /api/paytm/login-code (spec 7 paytm login code)', () => {
  const code = (query = '', headers: Record<string, string> = {}) => call(walletLoginCodeRoute, `/api/paytm/login-code${query}`, {}, { headers });
  afterEach(() => {
    delete process.env.PAYTM_CLIENT_ID;
    delete process.env.PAYTM_CLIENT_SECRET;
    delete process.env.PAYTM_OAUTH_BASE;
    resetEnvForTests();
  });
  const configure = () => {
    process.env.PAYTM_CLIENT_ID = `sahyog-wallet-${RUN}`;
    process.env.PAYTM_CLIENT_SECRET = 'wallet-secret';
    process.env.PAYTM_OAUTH_BASE = 'https://accounts-uat.paytm.example/';
    resetEnvForTests();
  };

  it('answers 503 with the envelope and a clear message while the wallet login is not configured', async () => {
    const res = await code();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 'gateway_error', message: WALLET_LOGIN_UNAVAILABLE } });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it("answers the wallet's authorisation URL with a signed state tied to this browser by an httpOnly cookie", async () => {
    configure();
    const res = await code('?redirect_uri=%2Fstories%2Fsome-story', { host: 'www.sahyog.in' });
    expect(res.status).toBe(200);
    const { authorization_url, state, client_id, redirect_uri, expires_in } = res.body.data;
    const url = new URL(authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts-uat.paytm.example/oauth2/authorize');
    // the wallet sends the person back to the sign-in page of the site they came from, when it is ours
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: `sahyog-wallet-${RUN}`, scope: 'paytm', redirect_uri: `https://www.sahyog.in${PAYTM_LOGIN_RETURN_PATH}`, state });
    expect(client_id).toBe(`sahyog-wallet-${RUN}`);
    expect(redirect_uri).toBe(`https://www.sahyog.in${PAYTM_LOGIN_RETURN_PATH}`);
    expect(expires_in).toBe(PAYTM_LOGIN_STATE_TTL_S);
    // never a stranger's host
    expect((await code('', { host: 'evil.example' })).body.data.redirect_uri).toBe(`${mainOrigin()}${PAYTM_LOGIN_RETURN_PATH}`);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^${PAYTM_LOGIN_COOKIE}=[A-Za-z0-9_-]+; Path=/; Max-Age=${PAYTM_LOGIN_STATE_TTL_S}; SameSite=Lax; HttpOnly`));
    const browser = new Request('http://localhost/', { headers: { cookie: setCookie.split(';')[0] } });

    expect(await verifyWalletLoginState(browser, state)).toEqual({ next: '/stories/some-story' });
    // another browser (another cookie), no cookie, a changed state: refused
    const again = await code();
    expect(again.body.data.state).not.toBe(state);
    const otherBrowser = new Request('http://localhost/', { headers: { cookie: again.headers.get('set-cookie')!.split(';')[0] } });
    expect(await verifyWalletLoginState(otherBrowser, state)).toBeNull();
    expect(await verifyWalletLoginState(new Request('http://localhost/'), state)).toBeNull();
    expect(await verifyWalletLoginState(browser, `${state.slice(0, -2)}xx`)).toBeNull();
  });

  it('keeps only a redirect_uri the one validator accepts, and refuses bad input with the envelope', async () => {
    configure();
    const evil = await code('?redirect_uri=%2F%2Fevil.example%2Fx');
    const browser = new Request('http://localhost/', { headers: { cookie: evil.headers.get('set-cookie')!.split(';')[0] } });
    expect(await verifyWalletLoginState(browser, evil.body.data.state)).toEqual({ next: null });
    const bad = await code('?redirect_uri=%2F%00x');
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_failed');
  });
});

describe('POST /api/short-url: the link stays on our domain or a partner\'s, whatever Host and X-Forwarded-Host say', () => {
  const partnerHost = `share-${RUN}.example.org`;
  beforeAll(async () => {
    await db.insert(whiteLabelDomains).values({ host: partnerHost, name: 'Share Partner' });
  });
  const shortUrl = async (headers: Record<string, string>) => {
    const f = await makeFundraiser(db);
    const res = await call(shorten, '/api/short-url', {}, json('POST', { fundraiser_id: f.id, channel: 'copy' }, headers));
    expect(res.status).toBe(200);
    return { url: new URL(res.body.data.short_url), f };
  };

  it('a spoofed Host or X-Forwarded-Host gets a link on the main site', async () => {
    const spoofed: Record<string, string>[] = [{ host: 'evil.example' }, { host: 'www.sahyog.in', 'x-forwarded-host': 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example, www.sahyog.in' }, { host: 'localhost@evil.example' }];
    for (const headers of spoofed) {
      const { url, f } = await shortUrl(headers);
      expect(url.origin).toBe(mainOrigin());
      expect(url.pathname).toBe(`/s/${f.id.toString(36)}c`);
    }
  });

  it("an active partner's host keeps its own domain; one of our product domains keeps its own", async () => {
    expect((await shortUrl({ host: 'evil.example', 'x-forwarded-host': partnerHost })).url.origin).toBe(`https://${partnerHost}`);
    expect((await shortUrl({ host: 'www.sahyog.in' })).url.origin).toBe('https://www.sahyog.in');
  });
});
