import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { LocaleQuerySchema } from '@/lib/validation/listings';
import { homeBanners } from '@/lib/listing/spec-reads';
import { requestBrand } from '@/lib/whitelabel/request-brand';
import { requestOrigin } from '@/lib/seo/request-origin';
import { absoluteUrl } from '@/lib/seo/story-meta';
import { localizedPath } from '@/lib/i18n/locales';
import { BANNER_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET banner: the home banners of the request's site (an active partner's own, else the main site's), best first
export const GET = handle(async (request) => {
  const { locale } = parseQuery(LocaleQuerySchema, request.url);
  const db = await getDb();
  // the site as pages resolve it (getdomain's too): a host that is no active partner is the main site
  const brand = await requestBrand(db, request);
  const [list, origin] = await Promise.all([homeBanners(db, { partnerHost: brand.is_partner ? brand.host : null, locale }), requestOrigin(request)]);
  return json({ data: list.map((b) => ({ ...b, link_url: absoluteUrl(origin, localizedPath(locale, b.link_path)) })) }, { headers: { 'Cache-Control': BANNER_CACHE } });
});
