// Per-site facts for server components, from the [site] path segment (no request headers, so pages cache).
import 'server-only';
import { cache } from 'react';
import { cachedBrand } from '@/lib/cache/queries';
import { normaliseHost, type Brand } from '@/lib/whitelabel/brand';
import { siteOrigin } from '@/lib/whitelabel/site';
import { env } from '@/lib/env';

export const getBrand = cache(async (site: string): Promise<Brand> => cachedBrand(normaliseHost(decodeURIComponent(site)), env().PRODUCT_NAME));

export const getSiteUrl = (site: string): string => siteOrigin(site, env().SITE_URL);
