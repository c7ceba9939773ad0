// Edge runtime, no database: legacy redirects, locale detection, framing policy, and the host put
// into the path ('/{host}/{locale}/...') so every page can be cached per white-label domain.
import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { framingHeaders, isBadRequestUrl, isFrameable, legacyRedirectTarget, splitLocalePrefix } from './lib/routes';
import { guardRedirect, isMobileRequest } from './lib/auth/guards';
import { siteSegment } from './lib/whitelabel/site';
import { hostFromHeaders } from './lib/http/host';
import { listingPathFromQuery } from './lib/listing/path';
import { isHttps } from './lib/http/cookies';
import { utmCookiesFor } from './lib/http/utm';

const intl = createIntlMiddleware(routing);

// A story page frames only its video's privacy-enhanced YouTube player. Only there: elsewhere frame-src would
// also shut out gateways' own frames (Razorpay Checkout on the payment page) and Google One Tap.
const STORY_FRAME_SRC = 'frame-src https://www.youtube-nocookie.com';

function isStoryPage(pathname: string): boolean {
  return /^\/stories\/[^/]+\/?$/.test(splitLocalePrefix(pathname, routing.locales).rest);
}

function withFramingPolicy(response: NextResponse, pathname: string): NextResponse {
  const frameSrc = isStoryPage(pathname) ? `; ${STORY_FRAME_SRC}` : '';
  for (const [name, value] of Object.entries(framingHeaders(isFrameable(pathname, routing.locales), frameSrc))) response.headers.set(name, value);
  return response;
}

// spec 9: the utm fields of a landing URL are kept in cookies for 7 days. Only a response to a URL carrying them sets
// any, and it is marked private: no shared cache may store a Set-Cookie (our micro-cache skips such responses, and
// Next's page cache never holds middleware headers), so the pages everyone else gets stay cached.
function withUtmCookies(response: NextResponse, request: NextRequest): NextResponse {
  const cookies = utmCookiesFor(request.nextUrl.searchParams, (name) => request.cookies.has(name));
  if (!cookies.length) return response;
  const secure = isHttps(request);
  for (const c of cookies) response.cookies.set(c.name, c.value, { path: '/', maxAge: c.maxAge, sameSite: 'lax', httpOnly: true, secure });
  if (!/\b(?:private|no-store)\b/.test(response.headers.get('cache-control') ?? '')) response.headers.set('cache-control', 'private, no-cache');
  return response;
}

// '/{locale}/all-fundraisers?cause=&cursor=' becomes a path the page cache can key on
function cacheablePath(localizedPath: string, search: URLSearchParams): string {
  const match = /^(\/[a-z]{2})\/all-fundraisers\/?$/.exec(localizedPath);
  const listing = match ? listingPathFromQuery(search) : null;
  return match && listing ? `${match[1]}${listing}` : localizedPath;
}

export default function middleware(request: NextRequest) {
  // NUL and other control characters, and paths that do not decode, reach no page (our server refuses them too; this covers `next start`)
  if (isBadRequestUrl(`${request.nextUrl.pathname}${request.nextUrl.search}`)) return new NextResponse('Bad request', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const { pathname, search } = request.nextUrl;
  const legacy = legacyRedirectTarget(pathname, routing.locales);
  if (legacy) {
    const url = request.nextUrl.clone();
    url.pathname = legacy;
    url.search = search;
    return NextResponse.redirect(url, 308);
  }
  const { prefix, rest } = splitLocalePrefix(pathname, routing.locales);
  const guarded = guardRedirect({
    path: rest,
    localePrefix: prefix,
    search: request.nextUrl.searchParams,
    cookie: (name) => request.cookies.get(name)?.value,
    isMobile: isMobileRequest(request.headers),
    sipRetentionUrl: process.env.SIP_RETENTION_URL ?? '/sip',
  });
  if (guarded) {
    const target = guarded.startsWith('/') ? new URL(`${prefix}${guarded}`, request.nextUrl) : new URL(guarded);
    const response = NextResponse.redirect(target, 307);
    response.headers.set('cache-control', 'private, no-store');
    // the guard may send the visitor elsewhere (the download page) without the query: keep the utm fields first
    return withFramingPolicy(withUtmCookies(response, request), pathname);
  }
  const localized = intl(request);
  if (localized.headers.has('location')) return withFramingPolicy(localized, pathname);

  const target = new URL(localized.headers.get('x-middleware-rewrite') ?? request.url);
  const site = siteSegment(hostFromHeaders((n) => request.headers.get(n)));
  target.pathname = `/${encodeURIComponent(site)}${cacheablePath(target.pathname, request.nextUrl.searchParams)}`;
  const response = NextResponse.rewrite(target);
  localized.headers.forEach((value, key) => {
    if (key !== 'x-middleware-rewrite' && key !== 'set-cookie' && key !== 'x-middleware-next') response.headers.set(key, value);
  });
  // next-intl's NEXT_LOCALE cookie is not passed on: a page response that sets a cookie cannot be shared
  // by any cache (ours, a CDN's); the language switcher stores the visitor's choice itself
  return withFramingPolicy(withUtmCookies(response, request), pathname);
}

export const config = {
  // everything but the API, Next's own files, generated media and files with an extension
  matcher: ['/((?!api|_next|_vercel|media|dev|amp|s/|sitemap|metrics|robots\\.txt|.*\\.[a-zA-Z0-9]+$).*)', '/fundraisers/all_fundraisers.php'],
};
