// How every part of the product reads the host a request came to, in one place (links, site segments, cache
// keys and origin checks all agree). Pure: the middleware, the server script and route handlers share it.

/** 'Partner.Example.org:3000, proxy.' -> 'partner.example.org:3000': the first of a list, lower case, no trailing dot. */
export function firstHost(raw: string | null | undefined): string {
  return (raw ?? '').split(',')[0].trim().toLowerCase().replace(/\.$/, '');
}

/** X-Forwarded-Host (our server keeps it only from a trusted proxy), else Host, else the fallback (a URL's host). */
export function hostFromHeaders(get: (name: string) => string | null | undefined, fallback = ''): string {
  return firstHost(get('x-forwarded-host') || get('host') || fallback);
}

export const withoutPort = (host: string): string => host.replace(/:\d+$/, '');
