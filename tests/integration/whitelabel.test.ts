import { whiteLabelDomains } from '@/lib/db/schema';
import { brandForHost, clearBrandCache, partnerBrand } from '@/lib/whitelabel/brand';
import { contrastRatio } from '@/lib/whitelabel/contrast';
import { closeDb, seededDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
beforeAll(async () => {
  db = await seededDb();
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
});
