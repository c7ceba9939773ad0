// Per-site facts for server components, from the [site] path segment (no request headers, so pages cache).
import 'server-only';
import { cache } from 'react';
import { cachedBrand } from '@/lib/cache/queries';
import { normaliseHost, type Brand } from '@/lib/whitelabel/brand';
import { isConfiguredSiteHost, trustedSiteOrigin } from '@/lib/whitelabel/site';
import { siteConfig } from '@/lib/whitelabel/resolve';
import { env } from '@/lib/env';

export const getBrand = cache(async (site: string): Promise<Brand> => cachedBrand(normaliseHost(decodeURIComponent(site)), env().PRODUCT_NAME));

/** The site's trusted origin for absolute links (lib/whitelabel/resolve.ts): hosts that are not ours get the main site. */
export const getSiteUrl = cache(async (site: string): Promise<string> => {
  const c = siteConfig();
  return trustedSiteOrigin(site, c, !isConfiguredSiteHost(site, c) && (await getBrand(site)).is_partner);
});
