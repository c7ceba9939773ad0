// One reading of the request's host, shared by links, site segments, cache keys and origin checks.
import { firstHost, hostFromHeaders, withoutPort } from '@/lib/http/host';
import { normaliseHost } from '@/lib/whitelabel/brand';
import { siteSegment } from '@/lib/whitelabel/site';
import { microCacheKey } from '@/server/micro-cache';

describe('the request host, read one way', () => {
  it('takes the first of a list, lower case, without a trailing dot, keeping the port', () => {
    expect(firstHost(' Partner.Example.ORG.:3000 , proxy.internal')).toBe('partner.example.org.:3000');
    expect(firstHost('Partner.Example.ORG., proxy')).toBe('partner.example.org');
    expect(withoutPort('partner.example.org:3000')).toBe('partner.example.org');
  });
  it('prefers X-Forwarded-Host (kept only from a trusted proxy), then Host, then the fallback', () => {
    const h = (o: Record<string, string>) => (n: string) => o[n];
    expect(hostFromHeaders(h({ 'x-forwarded-host': 'Give.Example.org', host: 'internal:3000' }))).toBe('give.example.org');
    expect(hostFromHeaders(h({ host: 'WWW.Sahyog.in' }))).toBe('www.sahyog.in');
    expect(hostFromHeaders(h({}), 'localhost:3000')).toBe('localhost:3000');
  });
  it('the brand lookup, the site segment and the micro-cache key agree on the same request', () => {
    const headers = { 'x-forwarded-host': 'Give.Example.org, cdn', host: 'internal:3000' };
    const host = hostFromHeaders((n) => headers[n as keyof typeof headers]);
    expect(normaliseHost(headers['x-forwarded-host'])).toBe(host);
    expect(siteSegment(headers['x-forwarded-host'])).toBe(host);
    expect(microCacheKey({ url: '/about-us', method: 'GET', headers })?.split('\n')[0]).toBe(host);
  });
});
