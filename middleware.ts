// Edge runtime, no database: legacy redirects, locale detection, framing policy, and the host put
// into the path ('/{host}/{locale}/...') so every page can be cached per white-label domain.
import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { isBadRequestUrl, isFrameable, legacyRedirectTarget, splitLocalePrefix } from './lib/routes';
import { guardRedirect, isMobileRequest } from './lib/auth/guards';
import { siteSegment } from './lib/whitelabel/site';
import { hostFromHeaders } from './lib/whitelabel/host';
import { listingPathFromQuery } from './lib/listing/path';

const intl = createIntlMiddleware(routing);

// A story page frames only its video's privacy-enhanced YouTube player. Only there: elsewhere frame-src would
// also shut out gateways' own frames (Razorpay Checkout on the payment page) and Google One Tap.
const STORY_FRAME_SRC = 'frame-src https://www.youtube-nocookie.com';

function isStoryPage(pathname: string): boolean {
  return /^\/stories\/[^/]+\/?$/.test(splitLocalePrefix(pathname, routing.locales).rest);
}

function withFramingPolicy(response: NextResponse, pathname: string): NextResponse {
  const frameSrc = isStoryPage(pathname) ? `; ${STORY_FRAME_SRC}` : '';
  if (isFrameable(pathname, routing.locales)) {
    response.headers.set('Content-Security-Policy', `frame-ancestors *${frameSrc}`);
  } else {
    response.headers.set('X-Frame-Options', 'DENY');
    response.headers.set('Content-Security-Policy', `frame-ancestors 'none'${frameSrc}`);
  }
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
    return withFramingPolicy(response, pathname);
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
  return withFramingPolicy(response, pathname);
}

export const config = {
  // everything but the API, Next's own files, generated media and files with an extension
  matcher: ['/((?!api|_next|_vercel|media|dev|amp|s/|sitemap|robots\\.txt|.*\\.[a-zA-Z0-9]+$).*)', '/fundraisers/all_fundraisers.php'],
};
