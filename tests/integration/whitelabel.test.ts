import { whiteLabelDomains } from '@/lib/db/schema';
import { brandCacheSize, brandForHost, clearBrandCache, partnerBrand } from '@/lib/whitelabel/brand';
import { contrastRatio } from '@/lib/whitelabel/contrast';
import { servedSiteHost } from '@/lib/whitelabel/resolve';
import { WHITE_LABEL_CACHE_MAX_HOSTS } from '@/lib/constants/site';
import { closeDb } from '../helpers/db';
import { freshDb } from '../factories';
import type { Db } from '@/lib/db/client';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
  await db
    .insert(whiteLabelDomains)
    .values({ host: 'pale.example.com', name: 'Pale Partner', theme_color: '#fde047', analytics_container_id: 'GTM-PALE' })
    .onConflictDoNothing();
});
beforeEach(clearBrandCache);
afterAll(closeDb);

describe('white-label domains', () => {
  it("a partner host gets the partner's name, logo, favicon, colour and analytics container", async () => {
    const brand = await brandForHost(db, 'Partner.localhost:3000', 'Sahyog');
    expect(brand).toMatchObject({ name: 'Asha Giving', theme_color: '#6d28d9', analytics_container_id: 'GTM-ASHA01', is_partner: true });
    expect(brand.logo_url).toBeTruthy();
    expect(brand.favicon_url).toBeTruthy();
  });
  it('unknown hosts get the default brand', async () => {
    const brand = await brandForHost(db, 'unknown.example.net', 'Sahyog');
    expect(brand).toMatchObject({ name: 'Sahyog', theme_color: '#0f766e', is_partner: false, analytics_container_id: null });
  });
  it("darkens a partner colour that would fail contrast", async () => {
    const brand = await partnerBrand(db, 'pale.example.com');
    expect(brand!.theme_color).not.toBe('#fde047');
    expect(contrastRatio(brand!.theme_color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('a page request to a stranger\'s Host is served as the main site; ours and active partners keep theirs', async () => {
    const main = new URL(`http://localhost:${process.env.PORT ?? '3000'}`).host;
    expect(await servedSiteHost(db, 'evil.example')).toBe(main);
    expect(await servedSiteHost(db, 'localhost@evil.example')).toBe(main);
    expect(await servedSiteHost(db, '')).toBe(main);
    expect(await servedSiteHost(db, 'partner.localhost:3000')).toBe('partner.localhost:3000');
    expect(await servedSiteHost(db, 'pale.example.com')).toBe('pale.example.com');
    expect(await servedSiteHost(db, 'localhost:3000')).toBe('localhost:3000');
  });
  it('random Host headers cannot grow the brand cache without bound', async () => {
    for (let i = 0; i < WHITE_LABEL_CACHE_MAX_HOSTS + 50; i++) await partnerBrand(db, `stranger-${i}.example`);
    expect(brandCacheSize()).toBeLessThanOrEqual(WHITE_LABEL_CACHE_MAX_HOSTS);
    // the partner is still found (looked up again after the cache was emptied)
    expect(await partnerBrand(db, 'partner.localhost')).toMatchObject({ is_partner: true });
  });
});
