import { contrastRatio, ensureContrast } from '@/lib/whitelabel/contrast';
import { normaliseHost } from '@/lib/whitelabel/brand';
import { siteOrigin, siteSegment } from '@/lib/whitelabel/site';

describe('white-label brand colour and host', () => {
  it('keeps a partner colour that already reads at AA on white', () => {
    expect(ensureContrast('#0f766e')).toBe('#0f766e');
  });
  it('darkens a partner colour that fails AA until white text passes', () => {
    const fixed = ensureContrast('#fbbf24')!;
    expect(fixed).not.toBe('#fbbf24');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('rejects what is not a colour', () => {
    expect(ensureContrast('red; background:url(x)')).toBeNull();
  });
  it('normalises hosts (case, port, forwarded lists)', () => {
    expect(normaliseHost('Partner.Example.ORG:3000')).toBe('partner.example.org');
    expect(normaliseHost('a.example, proxy.internal')).toBe('a.example');
    expect(normaliseHost(undefined)).toBe('');
  });
});

describe('site segment and origin', () => {
  it('keeps a safe host with its port and refuses anything else', () => {
    expect(siteSegment('Give.Example.org')).toBe('give.example.org');
    expect(siteSegment('localhost:3000')).toBe('localhost:3000');
    expect(siteSegment('a.example, b.example')).toBe('a.example');
    expect(siteSegment('x/../y')).toBe('localhost');
    expect(siteSegment(null)).toBe('localhost');
  });
  it('builds absolute origins: http on local hosts, https elsewhere, SITE_URL for its own host', () => {
    expect(siteOrigin('localhost%3A3000')).toBe('http://localhost:3000');
    expect(siteOrigin('partner.localhost')).toBe('http://partner.localhost');
    expect(siteOrigin('give.example.org')).toBe('https://give.example.org');
    expect(siteOrigin('sahyog.in', 'http://sahyog.in:8080')).toBe('https://sahyog.in');
    expect(siteOrigin('sahyog.in:8080', 'http://sahyog.in:8080')).toBe('http://sahyog.in:8080');
  });
});
