// Every page is cached per host (white-label domains differ): the middleware puts the host into the
// path as the first segment, and pages read it from their params instead of request headers.
import { normaliseHost } from './brand';
import { firstHost } from '../http/host';

const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;

/** A host segment decoded; a malformed escape ('a%zz' in a Host header) is no host at all, never an error. */
export function decodeHostSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
export const FALLBACK_SITE = 'localhost';

/** 'Partner.Example.org:3000, proxy' -> 'partner.example.org:3000'; anything odd -> 'localhost'. */
export function siteSegment(rawHost: string | null | undefined): string {
  const first = firstHost(rawHost);
  return SAFE_HOST.test(first) ? first : FALLBACK_SITE;
}

const isLocal = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';

/** The origin pages use for absolute URLs (canonical, Open Graph, sitemaps) on this host. */
export function siteOrigin(segment: string, configuredSiteUrl?: string): string {
  const site = decodeHostSegment(segment);
  if (configuredSiteUrl) {
    const configured = new URL(configuredSiteUrl);
    if (configured.host === site) return configured.origin;
  }
  return `${isLocal(normaliseHost(site)) ? 'http' : 'https'}://${site}`;
}

export interface SiteConfig {
  /** SITE_URL: the main domain's canonical origin */
  siteUrl?: string;
  /** PRODUCT_DOMAINS: our own domains (and their subdomains) */
  productDomains: readonly string[];
  /** PORT, for the main origin of a demo without SITE_URL */
  port?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const hostOnly = (segment: string) => decodeHostSegment(segment).toLowerCase().replace(/:\d{1,5}$/, '');

/** The main site's origin: SITE_URL, or this machine for a demo without one. */
export const mainSiteOrigin = (c: SiteConfig) => (c.siteUrl ? new URL(c.siteUrl).origin : `http://localhost:${c.port ?? '3000'}`);

/** True when the host is ours by configuration alone: a product domain, SITE_URL's host, or this machine. */
export function isConfiguredSiteHost(segment: string, c: SiteConfig): boolean {
  const host = hostOnly(segment);
  if (LOOPBACK.has(host)) return true;
  if (c.siteUrl && new URL(c.siteUrl).hostname.toLowerCase() === host) return true;
  return c.productDomains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * The origin every absolute link of this request is built on (emails, share links, canonical tags,
 * gateway returns): the request's own host when it is ours (configured or an active partner domain),
 * the main site otherwise, so a forged Host header never reaches a link (password-reset poisoning).
 */
export function trustedSiteOrigin(segment: string, c: SiteConfig, isActivePartner: boolean): string {
  const host = decodeHostSegment(segment);
  // 'localhost@evil.example', 'a/b' and the like are no host of ours
  if (!SAFE_HOST.test(host)) return mainSiteOrigin(c);
  return isActivePartner || isConfiguredSiteHost(host, c) ? siteOrigin(host, c.siteUrl) : mainSiteOrigin(c);
}
