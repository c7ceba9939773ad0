// Security rules that need no database: redirects through the middleware, client addresses, the site
// resolver's allowlist, control characters in URLs.
import { Socket } from 'node:net';
import { IncomingMessage } from 'node:http';
import { NextRequest } from 'next/server';
import middleware from '@/middleware';
import { safeRedirectPath, safeRedirectUri } from '@/lib/auth/redirect';
import { stampClientAddress, trustProxyFrom } from '@/lib/http/client-address';
import { isUrlOnOrigin } from '@/lib/http/origin';
import { isPaymentReturnUrl } from '@/lib/payments/redirects';
import { decodedSegment, hasControlCharactersInUrl, isBadRequestUrl } from '@/lib/routes';
import { mainSiteOrigin, trustedSiteOrigin } from '@/lib/whitelabel/site';
import { CLIENT_ADDRESS_HEADER } from '@/lib/constants/server';

const signedIn = { cookie: 'u_auth=sealed; isLoggedIn=1' };
const run = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));

describe('middleware: a signed-in visitor of sign-in goes only to a path of ours', () => {
  it.each(['/%09/evil.example', '/%0a/evil.example', '/%0d/evil.example', '/%0D%0A/evil.example'])('redirect_uri=%s is refused outright (control characters)', (target) => {
    const res = run(`/new/signin?redirect_uri=${target}`, signedIn);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it.each(['//evil.example', '/%5Cevil.example', '/.//evil.example', 'http://evil.example/', '/%2F%2Fevil.example', '/%252F%252Fevil.example'])(
    'redirect_uri=%s',
    (target) => {
      const res = run(`/new/signin?redirect_uri=${target}`, signedIn);
      const location = new URL(res.headers.get('location')!);
      expect(location.origin).toBe('http://localhost:3000');
      expect(location.pathname).toBe('/new/crowdfunding');
    },
  );

  it('a safe path is followed', () => {
    const location = new URL(run('/new/signin?redirect_uri=%2Fstories%2Fx%3Fa%3D1', signedIn).headers.get('location')!);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe('http://localhost:3000/stories/x?a=1');
  });

  it.each(['/stories/abc%00def', '/all-fundraisers?q=%00', '/stories/%0a', '/hi/stories/x%7f', '/stories/%25', '/stories/%E0%A4'])('refuses control characters or an unreadable path in %s with 400', (path) => {
    expect(run(path).status).toBe(400);
  });
});

describe('one redirect validator', () => {
  const own = (host: string) => host === 'sahyog.in';
  it.each(['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/%09/x', '/.//evil.example', '/./\\evil.example', '//evil.example', ' //evil.example'])('refuses %j', async (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
    expect(await safeRedirectUri(raw, own)).toBeNull();
  });
  it('keeps our paths and our hosts', async () => {
    expect(safeRedirectPath('/portfolio?x=1#y')).toBe('/portfolio?x=1#y');
    expect(await safeRedirectUri('https://sahyog.in/portfolio', own)).toBe('https://sahyog.in/portfolio');
    expect(await safeRedirectUri('https://sahyog.in@evil.example/', own)).toBeNull();
  });
  it('a gateway return goes only to our payment-route on this origin', () => {
    expect(isPaymentReturnUrl('http://localhost:3000/new/payment-route?oi=1', 'http://localhost:3000')).toBe(true);
    expect(isPaymentReturnUrl('http://localhost:3000/portfolio', 'http://localhost:3000')).toBe(false);
    // the payment-route in the donor's language, and no other prefix
    expect(isPaymentReturnUrl('http://localhost:3000/ar/new/payment-route?oi=1', 'http://localhost:3000')).toBe(true);
    expect(isPaymentReturnUrl('http://localhost:3000/en/new/payment-route?oi=1', 'http://localhost:3000')).toBe(false);
    expect(isPaymentReturnUrl('http://localhost:3000/xx/new/payment-route?oi=1', 'http://localhost:3000')).toBe(false);
    expect(isPaymentReturnUrl('http://localhost:3000@evil.example/new/payment-route', 'http://localhost:3000')).toBe(false);
  });
  it('compares parsed origins, never prefixes', () => {
    expect(isUrlOnOrigin('http://127.0.0.1:3000/new/payment-route', 'http://127.0.0.1:3000')).toBe(true);
    expect(isUrlOnOrigin('http://127.0.0.1:3000@evil.example/x', 'http://127.0.0.1:3000')).toBe(false);
    expect(isUrlOnOrigin('http://127.0.0.1:3000.evil.example/x', 'http://127.0.0.1:3000')).toBe(false);
    expect(isUrlOnOrigin('not a url', 'http://127.0.0.1:3000')).toBe(false);
  });
});

describe('client address (TRUST_PROXY)', () => {
  const request = (remote: string, headers: Record<string, string>) => {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: remote });
    const req = new IncomingMessage(socket);
    req.headers = { ...headers };
    return req;
  };

  it('without TRUST_PROXY the socket is the client, and forwarded headers are dropped', () => {
    const req = request('198.51.100.20', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-host': 'evil.example', [CLIENT_ADDRESS_HEADER]: '9.9.9.9' });
    expect(stampClientAddress(req, trustProxyFrom(undefined))).toBe('198.51.100.20');
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.20');
    expect(req.headers['x-forwarded-host']).toBeUndefined();
    expect(req.headers['x-forwarded-for']).toBeUndefined();
  });

  it('with one trusted hop, the address the proxy saw (a client-added X-Forwarded-For value is not believed)', () => {
    const req = request('10.0.0.5', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-host': 'partner.example.org' });
    expect(stampClientAddress(req, trustProxyFrom('1'))).toBe('203.0.113.9');
    expect(req.headers['x-forwarded-host']).toBe('partner.example.org');
  });

  it('with a list of proxy addresses, only those are believed', () => {
    const trust = trustProxyFrom('loopback, 10.0.0.0/8');
    expect(stampClientAddress(request('10.1.2.3', { 'x-forwarded-for': '203.0.113.9' }), trust)).toBe('203.0.113.9');
    expect(stampClientAddress(request('192.0.2.1', { 'x-forwarded-for': '203.0.113.9' }), trust)).toBe('192.0.2.1');
  });
});

describe('site resolver: absolute links only on our own sites', () => {
  const c = { productDomains: ['sahyog.in', 'localhost'], port: '3000' };
  it.each([
    ['sahyog.in', false, 'https://sahyog.in'],
    ['www.sahyog.in', false, 'https://www.sahyog.in'],
    ['localhost%3A3000', false, 'http://localhost:3000'],
    ['give.partner.org', true, 'https://give.partner.org'],
    ['evil.example', false, 'http://localhost:3000'],
    ['localhost%40evil.example', false, 'http://localhost:3000'],
    ['sahyog.in.evil.example', false, 'http://localhost:3000'],
    // a malformed escape in a Host header is no host: the main site, never a 500
    ['a%zz', false, 'http://localhost:3000'],
    ['sahyog.in%', true, 'http://localhost:3000'],
  ])('%s (partner: %s) -> %s', (segment, partner, origin) => {
    expect(trustedSiteOrigin(segment, c, partner)).toBe(origin);
  });
  it('unknown hosts get SITE_URL when it is set', () => {
    expect(trustedSiteOrigin('evil.example', { ...c, siteUrl: 'https://sahyog.in' }, false)).toBe('https://sahyog.in');
    expect(mainSiteOrigin({ ...c, siteUrl: 'https://sahyog.in/x' })).toBe('https://sahyog.in');
  });
});

describe('control characters in URLs and path segments', () => {
  it('finds them raw or encoded, and leaves ordinary text alone', () => {
    expect(hasControlCharactersInUrl('/stories/abc%00def')).toBe(true);
    expect(hasControlCharactersInUrl('/x?q=%1F')).toBe(true);
    expect(hasControlCharactersInUrl('/x?q=%7F')).toBe(true);
    expect(hasControlCharactersInUrl('/stories/%25')).toBe(false);
    expect(hasControlCharactersInUrl('/hi/stories/%E0%A4%B8')).toBe(false);
  });
  it('a path that does not decode, or decodes to a %, is a bad request; a query may hold %', () => {
    expect(isBadRequestUrl('/stories/%25')).toBe(true);
    expect(isBadRequestUrl('/stories/%')).toBe(true);
    expect(isBadRequestUrl('/stories/%E0%A4')).toBe(true);
    expect(isBadRequestUrl('/all-fundraisers?q=100%25')).toBe(false);
    expect(isBadRequestUrl('/hi/stories/%E0%A4%B8')).toBe(false);
  });
  it('a badly encoded story tag is no page', () => {
    expect(decodedSegment('%')).toBeNull();
    expect(decodedSegment('%25')).toBe('%');
    expect(decodedSegment('a%00b')).toBeNull();
    expect(decodedSegment('help-asha')).toBe('help-asha');
  });
});
