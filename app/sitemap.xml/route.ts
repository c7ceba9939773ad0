import { getDb } from '@/lib/db/client';
import { requestOrigin } from '@/lib/seo/request-origin';
import { fundraiserSitemapFiles, sitemapIndexXml, xmlResponse } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

// the sitemap index: the pages file and one file per block of SITEMAP_IDS_PER_FILE fundraiser ids holding public running stories
export async function GET(request: Request) {
  return xmlResponse(sitemapIndexXml(await requestOrigin(request), await fundraiserSitemapFiles(await getDb())));
}
