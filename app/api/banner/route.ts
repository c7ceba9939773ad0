import { json } from '@/lib/http/respond';
import { LocaleQuerySchema } from '@/lib/validation/listings';
import { homeBanners } from '@/lib/listing/spec-reads';
import { requestBrand } from '@/lib/whitelabel/request-brand';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { absoluteUrl } from '@/lib/seo/story-meta';
import { localizedPath } from '@/lib/i18n/locales';
import { BANNER_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET banner: the home banners of the request's site (an active partner's own, else the main site's), best first
export const GET = route({ who: 'anyone', query: LocaleQuerySchema }, async ({ request, db, query: { locale } }) => {
  // the site as pages resolve it (getdomain's too): a host that is no active partner is the main site
  const brand = await requestBrand(db, request);
  const [list, origin] = await Promise.all([homeBanners(db, { partnerHost: brand.is_partner ? brand.host : null, locale }), requestOrigin(request)]);
  return json({ data: list.map((b) => ({ ...b, link_url: absoluteUrl(origin, localizedPath(locale, b.link_path)) })) }, { headers: { 'Cache-Control': BANNER_CACHE } });
});
