import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { pagesSitemapXml, xmlResponse } from '@/lib/seo/sitemap';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const GET = route({ who: 'anyone', database: false }, async ({ request }) => {
  return xmlResponse(pagesSitemapXml(await requestOrigin(request)));
});
