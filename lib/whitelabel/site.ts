// Every page is cached per host (white-label domains differ): the middleware puts the host into the
// path as the first segment, and pages read it from their params instead of request headers.
import { normaliseHost } from './brand';

const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;
export const FALLBACK_SITE = 'localhost';

/** 'Partner.Example.org:3000, proxy' -> 'partner.example.org:3000'; anything odd -> 'localhost'. */
export function siteSegment(rawHost: string | null | undefined): string {
  const first = (rawHost ?? '').split(',')[0].trim().toLowerCase().replace(/\.$/, '');
  return SAFE_HOST.test(first) ? first : FALLBACK_SITE;
}

const isLocal = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';

/** The origin pages use for absolute URLs (canonical, Open Graph, sitemaps) on this host. */
export function siteOrigin(segment: string, configuredSiteUrl?: string): string {
  const site = decodeURIComponent(segment);
  if (configuredSiteUrl) {
    const configured = new URL(configuredSiteUrl);
    if (configured.host === site) return configured.origin;
  }
  return `${isLocal(normaliseHost(site)) ? 'http' : 'https'}://${site}`;
}
