import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { robotsTxt, SITEMAP_CACHE_CONTROL } from '@/lib/seo/sitemap';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// Sitemap: points at the index of the host asked (white-label domains list their own URLs)
export const GET = route({ who: 'anyone', database: false }, async ({ request }) => {
  return new Response(robotsTxt(await requestOrigin(request)), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': SITEMAP_CACHE_CONTROL } });
});
