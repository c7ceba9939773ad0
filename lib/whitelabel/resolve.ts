// The one site resolver: a request's host becomes our site (main domain or an active partner domain)
// from an allowlist; unknown hosts get the main site. Absolute links and redirect checks come from here.
import type { DbOrTx } from '../db/client';
import { env } from '../env';
import { partnerBrand } from './brand';
import { hostFromHeaders } from '../http/host';
import { decodeHostSegment, isConfiguredSiteHost, mainSiteOrigin, trustedSiteOrigin, type SiteConfig } from './site';

export function siteConfig(): SiteConfig {
  const e = env();
  return { siteUrl: e.SITE_URL, productDomains: e.PRODUCT_DOMAINS.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean), port: process.env.PORT };
}

/** The host a request came to (our server drops X-Forwarded-Host unless a trusted proxy sent it). */
export const requestHost = (request: Request): string => hostFromHeaders((n) => request.headers.get(n), new URL(request.url).host);

/** True when this host (no port needed) is ours: configured, or an active white-label domain. */
export async function isOwnSiteHost(db: DbOrTx, host: string): Promise<boolean> {
  return isConfiguredSiteHost(host, siteConfig()) || (await partnerBrand(db, host)) !== null;
}

/** The trusted origin of a site segment (a host with optional port). */
export async function resolveSiteOrigin(db: DbOrTx, segment: string): Promise<string> {
  const c = siteConfig();
  const partner = isConfiguredSiteHost(segment, c) ? false : (await partnerBrand(db, decodeHostSegment(segment))) !== null;
  return trustedSiteOrigin(segment, c, partner);
}

/**
 * The host a page request is served as: its own when it is a site of ours, else the main site's. Called by our
 * server before Next routes a page, so a stranger's Host never becomes a site segment, a cache key or a link.
 */
export async function servedSiteHost(db: DbOrTx, host: string): Promise<string> {
  return host && (await isOwnSiteHost(db, host)) ? host : new URL(mainSiteOrigin(siteConfig())).host;
}
