import { getDb } from '@/lib/db/client';
import { requestOrigin } from '@/lib/seo/request-origin';
import { fundraiserSitemapPage, notFoundText, parseSitemapNumber, storiesSitemapXml, xmlResponse } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

// /sitemaps/fundraisers/{n}.xml: file n of the public running stories, 404 past the last file
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const n = parseSitemapNumber((await params).file);
  if (n === null) return notFoundText();
  const stories = await fundraiserSitemapPage(await getDb(), n);
  if (!stories) return notFoundText();
  return xmlResponse(storiesSitemapXml(await requestOrigin(request), stories));
}
