// White-label: a partner's host carries its own name, logo, favicon, theme colour and analytics container.
import { firstHost, withoutPort } from '../http/host';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { whiteLabelDomains } from '../db/schema';
import { WHITE_LABEL_CACHE_MAX_HOSTS, WHITE_LABEL_CACHE_MS } from '../constants/site';
import { ensureContrast } from './contrast';
import { keptInMemory } from '../cache/memory';

export interface Brand {
  host: string;
  name: string;
  logo_url: string | null;
  favicon_url: string;
  theme_color: string;
  analytics_container_id: string | null;
  is_partner: boolean;
}

export const DEFAULT_THEME_COLOR = '#0f766e';
export const DEFAULT_FAVICON = '/favicon.svg';

export function defaultBrand(host: string, name = 'Sahyog'): Brand {
  return { host, name, logo_url: null, favicon_url: DEFAULT_FAVICON, theme_color: DEFAULT_THEME_COLOR, analytics_container_id: null, is_partner: false };
}

/** 'Partner.Example.org:3000' -> 'partner.example.org' */
export const normaliseHost = (raw: string | null | undefined): string => withoutPort(firstHost(raw));

const cache = new Map<string, { brand: Brand | null; at: number }>();

export function clearBrandCache(): void {
  cache.clear();
}
keptInMemory('brands', clearBrandCache);

export const brandCacheSize = () => cache.size;

/** The partner's brand for this host, or null for our own and unknown hosts. Cached briefly in memory. */
export async function partnerBrand(db: DbOrTx, rawHost: string, now = Date.now()): Promise<Brand | null> {
  const host = normaliseHost(rawHost);
  if (!host) return null;
  const hit = cache.get(host);
  if (hit && now - hit.at < WHITE_LABEL_CACHE_MS) return hit.brand;
  const [row] = await db
    .select()
    .from(whiteLabelDomains)
    .where(and(eq(whiteLabelDomains.host, host), eq(whiteLabelDomains.is_active, true)))
    .limit(1);
  const brand: Brand | null = row
    ? {
        host,
        name: row.name,
        logo_url: row.logo_url,
        favicon_url: row.favicon_url ?? DEFAULT_FAVICON,
        theme_color: (row.theme_color && ensureContrast(row.theme_color)) || DEFAULT_THEME_COLOR,
        analytics_container_id: row.analytics_container_id,
        is_partner: true,
      }
    : null;
  if (cache.size >= WHITE_LABEL_CACHE_MAX_HOSTS) cache.clear();
  cache.set(host, { brand, at: now });
  return brand;
}

export async function brandForHost(db: DbOrTx, rawHost: string, productName: string): Promise<Brand> {
  return (await partnerBrand(db, rawHost)) ?? defaultBrand(normaliseHost(rawHost), productName);
}
