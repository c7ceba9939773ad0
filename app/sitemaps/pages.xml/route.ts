import { requestOrigin } from '@/lib/seo/request-origin';
import { pagesSitemapXml, xmlResponse } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  return xmlResponse(pagesSitemapXml(await requestOrigin(request)));
}
