import { json } from '@/lib/http/respond';
import { TrendingQuerySchema } from '@/lib/validation/listings';
import { trendingFundraisers } from '@/lib/fundraisers/queries';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { orderForVisitor } from '@/lib/listing/spec-reads';
import { visitorIdOf } from '@/lib/http/visitor';
import { LISTING_CACHE, VISITOR_LISTING_CACHE } from '@/lib/constants/cache';
import { HOME_TRENDING_COUNT } from '@/lib/constants/listing';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 trending fundraisers (with cookie id): the home page's trending set, in the visitor's own stable order
export const GET = route({ who: 'anyone', query: TrendingQuerySchema }, async ({ request, db, query: { limit } }) => {
  const visitor = visitorIdOf(request);
  const now = new Date();
  const top = await trendingFundraisers(db, HOME_TRENDING_COUNT, now);
  const data = orderForVisitor(top, visitor).slice(0, limit).map((f) => fundraiserSummaryJson(f, now));
  // one visitor's order is theirs alone; the plain order may be shared, but never with a browser that has the cookie
  return json({ data, meta: { visitor_order: visitor !== null } }, { headers: { 'Cache-Control': visitor ? VISITOR_LISTING_CACHE : LISTING_CACHE, Vary: 'Cookie' } });
});
