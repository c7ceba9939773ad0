import { installMicroCache, keepsRenderedAnswer, MicroCache, microCacheKey, rendersPerRequest } from '@/server/micro-cache';
import { invalidateFundraiser } from '@/lib/cache/invalidate';

const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ method, url, headers: { host: 'localhost:3000', ...headers } });
const entry = (body = 'x') => ({ status: 200, headers: {}, body: Buffer.from(body), gzip: Buffer.from(body), storedAt: Date.now() });

describe('micro-cache in front of Next', () => {
  it('keys public pages by host, URL, locale cookie and Accept-Language', () => {
    const a = microCacheKey(req('/stories/help-asha'));
    expect(a).not.toBeNull();
    expect(microCacheKey(req('/stories/help-asha', { host: 'partner.localhost:3000' }))).not.toBe(a);
    expect(microCacheKey(req('/stories/help-asha', { cookie: 'NEXT_LOCALE=hi; other=1' }))).not.toBe(a);
    expect(microCacheKey(req('/stories/help-asha', { 'accept-language': 'ar' }))).not.toBe(a);
    expect(microCacheKey(req('/stories/help-asha', { cookie: 'u_auth=abc' }))).toBe(a);
    for (const path of ['/', '/hi', '/ar/stories/x', '/all-fundraisers?cause=48', '/about-us', '/privacypolicy']) expect(microCacheKey(req(path))).not.toBeNull();
  });

  it('never caches writes, API calls, client navigations or private areas', () => {
    expect(microCacheKey(req('/stories/help-asha', {}, 'POST'))).toBeNull();
    expect(microCacheKey(req('/stories/help-asha', { rsc: '1' }))).toBeNull();
    expect(microCacheKey(req('/stories/help-asha?_rsc=abc'))).toBeNull();
    expect(microCacheKey(req('/stories/help-asha', { 'next-action': 'x' }))).toBeNull();
    for (const path of ['/api/fundraisers/12', '/api/users/me', '/new/payment?ct=a', '/new/signin', '/_next/static/x.js', '/stories/a/b', '/dev/outbox']) expect(microCacheKey(req(path))).toBeNull();
  });

  it('keeps a search page and the public list API though Next renders them per request, nothing else', () => {
    for (const url of ['/all-fundraisers?q=kidney', '/hi/all-fundraisers?q=cancer&cause=48', '/api/fundraisers?q=kidney&limit=24', '/api/fundraisers?limit=24&cursor=abc', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/fundraisers/3.xml']) {
      expect(microCacheKey(req(url))).not.toBeNull();
      expect(keepsRenderedAnswer(url, {})).toBe(true);
    }
    expect(microCacheKey(req('/api/fundraisers?q=a'))).not.toBe(microCacheKey(req('/api/fundraisers?q=b')));
    // a cached path's per-request render (a story) is still only kept from Next's own cache
    for (const url of ['/stories/help-asha', '/', '/about-us', '/sitemaps/fundraisers/x.xml', '/sitemapsx.xml']) expect(keepsRenderedAnswer(url, {})).toBe(false);
    expect(keepsRenderedAnswer('/api/fundraisers?q=x', { 'cache-control': 'private, no-cache' })).toBe(false);
    expect(keepsRenderedAnswer('/api/fundraisers?q=x', { 'cache-control': 'no-store' })).toBe(false);
    // Next's own header on every per-request page render does not stop a search page
    expect(keepsRenderedAnswer('/all-fundraisers?q=x', { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' })).toBe(true);
  });

  it('expires entries after the TTL and drops the oldest when full', () => {
    const cache = new MicroCache(1000, 2);
    cache.set('a', entry());
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('a', Date.now() + 1001)).toBeNull();
    cache.set('a', entry());
    cache.set('b', entry());
    cache.set('c', entry());
    expect(cache.get('a')).toBeNull();
    expect(cache.size).toBe(2);
  });

  it('answers an expired entry as stale for staleMs more (while a fill refreshes it), then drops it', () => {
    const cache = new MicroCache(1000, 10, 4, 500);
    const e = entry();
    cache.set('search', e);
    const t = e.storedAt;
    expect(cache.lookup('search', t + 1000)).toEqual({ entry: e, fresh: true });
    expect(cache.lookup('search', t + 1001)).toEqual({ entry: e, fresh: false });
    // get() answers fresh entries only
    expect(cache.get('search', t + 1001)).toBeNull();
    expect(cache.lookup('search', t + 1500)).toEqual({ entry: e, fresh: false });
    expect(cache.lookup('search', t + 1501)).toBeNull();
    expect(cache.size).toBe(0);
    // without a stale window an expired entry is a miss at once
    const strict = new MicroCache(1000, 10);
    strict.set('search', e);
    expect(strict.lookup('search', t + 1001)).toBeNull();
    // a change clears stale entries too: nothing old is answered after an invalidation
    cache.set('story', entry());
    cache.clear();
    expect(cache.lookup('story', Date.now() + 1200)).toBeNull();
  });

  it('hands out the fill in flight for a key, to wait for, which ends when it is released (kept or not)', async () => {
    const cache = new MicroCache(1000, 10);
    expect(cache.fillOf('search')).toBeNull();
    cache.claimFill('search');
    const rendering = cache.fillOf('search')!;
    expect(cache.fillOf('search')).toBe(rendering);
    expect(cache.fillOf('other')).toBeNull();
    let ended = false;
    void rendering.then(() => (ended = true));
    await Promise.resolve();
    expect(ended).toBe(false);
    cache.releaseFill('search');
    await rendering;
    expect(ended).toBe(true);
    expect(cache.fillOf('search')).toBeNull();
  });

  it('lets one fill run per key and remembers pages Next renders per request', () => {
    const cache = new MicroCache(1000, 10);
    expect(cache.claimFill('k')).toBe(0);
    expect(cache.claimFill('k')).toBeNull();
    cache.releaseFill('k');
    expect(cache.claimFill('k')).toBe(0);
    cache.markUncacheable('search');
    expect(cache.isKnownUncacheable('search')).toBe(true);
    expect(cache.isKnownUncacheable('search', Date.now() + 1001)).toBe(false);
  });

  it('fetches a per-request render again only on its second miss within the TTL, and a cached page at once', () => {
    const cache = new MicroCache(1000, 10);
    const t = Date.now();
    // a one-off search (each with its own words) is rendered once, never a second time to keep it
    expect(cache.admitsFill('search?q=rare', true, t)).toBe(false);
    expect(cache.admitsFill('search?q=popular', true, t)).toBe(false);
    expect(cache.admitsFill('search?q=popular', true, t + 500)).toBe(true);
    // asked again after the TTL: as good as new
    expect(cache.admitsFill('search?q=rare', true, t + 1001)).toBe(false);
    // a story comes from Next's own cache: kept from its first miss
    expect(cache.admitsFill('/stories/help-asha', false, t)).toBe(true);
    expect(rendersPerRequest('/api/fundraisers?q=kidney')).toBe(true);
    expect(rendersPerRequest('/all-fundraisers?q=cancer')).toBe(true);
    expect(rendersPerRequest('/stories/help-asha')).toBe(false);
  });

  it('runs at most maxFills fills at once, so one-off URLs cannot queue work without end', () => {
    const cache = new MicroCache(1000, 10, 2);
    expect(cache.claimFill('a')).toBe(0);
    expect(cache.claimFill('b')).toBe(0);
    expect(cache.claimFill('c')).toBeNull();
    cache.releaseFill('a');
    expect(cache.claimFill('c')).toBe(0);
  });

  it('drops a fill that started before an invalidation (it may hold the old page)', () => {
    const cache = new MicroCache(60_000, 10);
    const generation = cache.claimFill('story')!;
    cache.clear();
    expect(cache.setIfCurrent('story', entry('old'), generation)).toBe(false);
    expect(cache.get('story')).toBeNull();
    const next = cache.claimFill('other')!;
    expect(cache.setIfCurrent('other', entry('new'), next)).toBe(true);
  });

  it('is emptied when a fundraiser changes (cache-tag invalidation)', async () => {
    const cache = installMicroCache(new MicroCache(60_000, 10));
    cache.set('story', entry());
    await invalidateFundraiser(7);
    expect(cache.get('story')).toBeNull();
  });
});
