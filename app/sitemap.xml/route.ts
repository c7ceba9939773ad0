import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { fundraiserSitemapFiles, sitemapIndexXml, xmlResponse } from '@/lib/seo/sitemap';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the sitemap index: the pages file and one file per block of SITEMAP_IDS_PER_FILE fundraiser ids holding public running stories
export const GET = route({ who: 'anyone' }, async ({ request, db }) => {
  return xmlResponse(sitemapIndexXml(await requestOrigin(request), await fundraiserSitemapFiles(db)));
});
