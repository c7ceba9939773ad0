// spec 5 and 6: where a sign-in may send the browser. Only our own paths and our own domains
// (white-label ones included); everything else falls back to home, so no link can bounce a
// signed-in donor to a look-alike site.
export const HOME_PATH = '/';

/** True when `host` (no port) is one of ours: the configured product domains or an active white-label domain. */
export type OwnHostCheck = (host: string) => boolean | Promise<boolean>;

// control characters, backslashes and encoded slashes or backslashes are how browsers are talked into another host
const SUSPICIOUS = /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f|2f|5c)/i;

const cleaned = (raw: string | null | undefined): string | null => {
  const uri = (raw ?? '').trim();
  return !uri || uri.length > 2048 || SUSPICIOUS.test(uri) ? null : uri;
};

/**
 * A redirect target that is a path on this site, or null. The one check for every path redirect in the
 * product (middleware included, which has no database): exactly one leading '/', no control characters
 * or backslashes (browsers drop '\t' and read '/\t/evil.example' as '//evil.example').
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  const uri = cleaned(raw);
  if (!uri || !uri.startsWith('/') || uri.startsWith('//')) return null;
  // parse against a dummy origin: if the path could leave it, it is not a plain path
  const parsed = new URL(uri, 'http://own.invalid');
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // '/.//evil.example' normalises to '//evil.example', which a browser reads as another host
  return parsed.origin === 'http://own.invalid' && !path.startsWith('//') ? path : null;
}

/** The redirect target if it is safe, else null: a path of ours, or an absolute URL on one of our hosts. */
export async function safeRedirectUri(raw: string | null | undefined, isOwnHost: OwnHostCheck): Promise<string | null> {
  const uri = cleaned(raw);
  if (!uri) return null;
  if (uri.startsWith('/')) return safeRedirectPath(uri);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return (await isOwnHost(url.hostname.toLowerCase())) ? url.toString() : null;
}

/** Product domains from configuration: 'sahyog.in' also allows its subdomains ('www.sahyog.in'). */
export function isProductDomain(host: string, productDomains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return productDomains.some((d) => h === d || h.endsWith(`.${d}`));
}
