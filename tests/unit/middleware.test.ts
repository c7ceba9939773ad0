import { NextRequest } from 'next/server';
import middleware from '@/middleware';

const run = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));

describe('middleware (edge): legacy redirects, locale detection, framing', () => {
  it.each([
    ['/fundraisers/all_fundraisers.php', '/all-fundraisers'],
    ['/pages/about-us', '/about-us'],
    ['/pages/contact-us', '/contact-us'],
    ['/pages/blog', '/blog'],
  ])('%s redirects permanently to %s', (from, to) => {
    const res = run(from);
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location')!).pathname).toBe(to);
  });

  it('keeps the query string on a legacy redirect', () => {
    const res = run('/fundraisers/all_fundraisers.php?utm_source=wa');
    expect(res.headers.get('location')).toContain('utm_source=wa');
  });

  it('sends a Hindi browser from / to /hi, and honours the NEXT_LOCALE cookie first', () => {
    const hi = run('/', { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(new URL(hi.headers.get('location')!).pathname).toBe('/hi');
    const ar = run('/', { 'accept-language': 'hi-IN', cookie: 'NEXT_LOCALE=ar' });
    expect(new URL(ar.headers.get('location')!).pathname).toBe('/ar');
    const en = run('/', { 'accept-language': 'en-GB' });
    expect(en.headers.get('location')).toBeNull();
  });

  it('moves listing filters into the path so each listing page is cached; text search stays per request', () => {
    const path = (p: string) => new URL(run(p).headers.get('x-middleware-rewrite')!).pathname;
    expect(path('/all-fundraisers')).toBe('/localhost/en/all-fundraisers/all/first');
    expect(path('/hi/all-fundraisers?cause=48&cursor=MTIuMzQ')).toBe('/localhost/hi/all-fundraisers/48/MTIuMzQ');
    expect(path('/all-fundraisers?q=kidney&cause=48')).toBe('/localhost/en/all-fundraisers');
    expect(path('/all-fundraisers?cause=abc')).toBe('/localhost/en/all-fundraisers');
  });

  it('sets no cookie on a page response, so shared caches may keep it', () => {
    expect(run('/stories/help-asha').headers.get('set-cookie')).toBeNull();
    expect(run('/hi/stories/help-asha').headers.get('set-cookie')).toBeNull();
  });

  it('puts the host into the path so pages cache per white-label domain', () => {
    const en = run('/stories/help-asha?utm_source=wa', { host: 'Partner.Example.org:3000' });
    const target = new URL(en.headers.get('x-middleware-rewrite')!);
    expect(target.pathname).toBe('/partner.example.org%3A3000/en/stories/help-asha');
    expect(target.search).toBe('?utm_source=wa');
    const hi = run('/hi/blog', { host: 'localhost:3000' });
    expect(new URL(hi.headers.get('x-middleware-rewrite')!).pathname).toBe('/localhost%3A3000/hi/blog');
    const odd = run('/', { host: 'evil/../x' });
    expect(new URL(odd.headers.get('x-middleware-rewrite')!).pathname).toBe('/localhost/en');
  });

  it('denies framing everywhere but the embeddable listing', () => {
    expect(run('/').headers.get('x-frame-options')).toBe('DENY');
    expect(run('/stories/abc').headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const listing = run('/fundraiser-listing');
    expect(listing.headers.get('x-frame-options')).toBeNull();
    expect(listing.headers.get('content-security-policy')).toBe('frame-ancestors *');
  });

  it("lets a story page frame its video from youtube-nocookie.com only, and leaves other pages' frames (payment gateways) alone", () => {
    for (const path of ['/stories/help-asha', '/hi/stories/help-asha', '/ar/stories/help-asha/']) {
      const csp = run(path).headers.get('content-security-policy')!.split(';').map((d) => d.trim());
      expect(csp).toEqual(["frame-ancestors 'none'", 'frame-src https://www.youtube-nocookie.com']);
    }
    expect(run('/payment/checkout').headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(run('/fundraiser-listing').headers.get('content-security-policy')).not.toContain('frame-src');
  });
});
