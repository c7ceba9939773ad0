import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { fundraiserSitemapPage, notFoundText, parseSitemapNumber, storiesSitemapXml, xmlResponse } from '@/lib/seo/sitemap';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// /sitemaps/fundraisers/{n}.xml: file n of the public running stories, 404 past the last file
export const GET = route({ who: 'anyone' }, async ({ request, db, params }) => {
  const n = parseSitemapNumber(params.file);
  if (n === null) return notFoundText();
  const stories = await fundraiserSitemapPage(db, n);
  if (!stories) return notFoundText();
  return xmlResponse(storiesSitemapXml(await requestOrigin(request), stories));
});
