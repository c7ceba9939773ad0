// spec 9: utm fields of a landing URL kept in cookies for 7 days; carts, orders, leads and drafts take them from there.
import { NextRequest } from 'next/server';
import middleware from '@/middleware';
import { cleanUtm, utmCookiesFor, utmFrom, utmOfCookies, UTM_COOKIE_MAX_AGE_S } from '@/lib/http/utm';
import { UTM_VALUE_MAX } from '@/lib/constants/utm';

const request = (cookie?: string) => new Request('http://localhost/api/x', { headers: cookie ? { cookie } : {} });
const run = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));
/** name -> the Set-Cookie attributes of that cookie */
function setCookies(res: Response): Record<string, string> {
  return Object.fromEntries(res.headers.getSetCookie().map((c) => [c.slice(0, c.indexOf('=')), c]));
}

describe('the utm helper (lib/http/utm.ts)', () => {
  it('keeps only the five known keys, each one line of at most 100 characters', () => {
    expect(cleanUtm({ utm_source: 'newsletter', utm_id: 'x', gclid: 'y', utm_medium: 'email\r\nBcc: a@b.c', utm_term: '   ', utm_content: 'z'.repeat(300) })).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email  Bcc: a@b.c',
      utm_content: 'z'.repeat(UTM_VALUE_MAX),
    });
    expect(cleanUtm({ utm_source: 7 as unknown as string })).toBeNull();
    expect(cleanUtm({})).toBeNull();
    expect(cleanUtm(null)).toBeNull();
  });

  it('reads the kept cookies, decoded', () => {
    expect(utmOfCookies(request('u_auth=abc; utm_source=wa%20share; utm_campaign=help-asha; other=1'))).toEqual({ utm_source: 'wa share', utm_campaign: 'help-asha' });
    expect(utmOfCookies(request())).toBeNull();
  });

  it("takes the body's utm when it carries any (whole: never mixed with the cookies'), else the cookies'", () => {
    const cookies = request('utm_source=facebook; utm_medium=ads; utm_campaign=winter');
    expect(utmFrom(cookies, { utm_source: 'agent-7' })).toEqual({ utm_source: 'agent-7' });
    expect(utmFrom(cookies, undefined)).toEqual({ utm_source: 'facebook', utm_medium: 'ads', utm_campaign: 'winter' });
    // a body of unknown keys only carries no utm
    expect(utmFrom(cookies, { fbclid: 'x' })).toEqual({ utm_source: 'facebook', utm_medium: 'ads', utm_campaign: 'winter' });
    expect(utmFrom(request(), {})).toBeNull();
  });

  it("a landing's fields replace an earlier landing's: set for 7 days, the others removed", () => {
    const cookies = utmCookiesFor(new URLSearchParams('utm_source=wa&utm_campaign=help&page=2'), (name) => name === 'utm_medium' || name === 'utm_source');
    expect(cookies).toEqual([
      { name: 'utm_source', value: 'wa', maxAge: 7 * 24 * 60 * 60 },
      { name: 'utm_medium', value: '', maxAge: 0 },
      { name: 'utm_campaign', value: 'help', maxAge: UTM_COOKIE_MAX_AGE_S },
    ]);
    expect(utmCookiesFor(new URLSearchParams('cause=48'), () => true)).toEqual([]);
  });
});

describe('middleware: utm cookies without breaking page caching', () => {
  it('a landing URL with utm fields keeps them in 7-day cookies, on a response no shared cache may store', () => {
    const res = run('/stories/help-asha?utm_source=whatsapp&utm_medium=share&utm_campaign=help-asha&utm_id=9');
    const set = setCookies(res);
    expect(Object.keys(set).sort()).toEqual(['utm_campaign', 'utm_medium', 'utm_source']);
    expect(set.utm_source).toMatch(/^utm_source=whatsapp;/);
    expect(set.utm_source).toContain('Max-Age=604800');
    expect(set.utm_source).toMatch(/Path=\//);
    expect(set.utm_source).toMatch(/SameSite=lax/i);
    expect(set.utm_source).toMatch(/HttpOnly/i);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    // the page itself is still the cached one: the same rewrite, query kept for the page
    expect(new URL(res.headers.get('x-middleware-rewrite')!).pathname).toBe('/localhost/en/stories/help-asha');
  });

  it('a URL without utm fields sets no cookie and leaves caching alone, even for a browser that has them', () => {
    const res = run('/stories/help-asha', { cookie: 'utm_source=whatsapp' });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it("a new landing's fields replace the old landing's", () => {
    const set = setCookies(run('/hi?utm_source=newsletter', { cookie: 'utm_source=whatsapp; utm_medium=share' }));
    expect(set.utm_source).toMatch(/^utm_source=newsletter;/);
    expect(set.utm_medium).toMatch(/^utm_medium=;/);
    expect(set.utm_medium).toContain('Max-Age=0');
  });

  it('keeps the fields when a guard sends the visitor on without the query (a phone sent to the download page)', () => {
    const res = run('/stories/help-asha?external_ct=help-asha&utm_source=partner-app', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' });
    expect(new URL(res.headers.get('location')!).pathname).toBe('/new/download-page');
    expect(setCookies(res).utm_source).toMatch(/^utm_source=partner-app;/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('Secure over HTTPS', () => {
    const res = middleware(new NextRequest(new URL('https://sahyog.example/?utm_source=ads')));
    expect(setCookies(res).utm_source).toMatch(/Secure/);
  });
});
