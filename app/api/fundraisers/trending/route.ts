import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { TrendingQuerySchema } from '@/lib/validation/listings';
import { trendingFundraisers } from '@/lib/fundraisers/queries';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { orderForVisitor } from '@/lib/listing/spec-reads';
import { visitorIdOf } from '@/lib/http/visitor';
import { HOME_TRENDING_COUNT, LISTING_CACHE, VISITOR_LISTING_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 trending fundraisers (with cookie id): the home page's trending set, in the visitor's own stable order
export const GET = handle(async (request) => {
  const { limit } = parseQuery(TrendingQuerySchema, request.url);
  const visitor = visitorIdOf(request);
  const now = new Date();
  const top = await trendingFundraisers(await getDb(), HOME_TRENDING_COUNT, now);
  const data = orderForVisitor(top, visitor).slice(0, limit).map((f) => fundraiserSummaryJson(f, now));
  // one visitor's order is theirs alone; the plain order may be shared, but never with a browser that has the cookie
  return json({ data, meta: { visitor_order: visitor !== null } }, { headers: { 'Cache-Control': visitor ? VISITOR_LISTING_CACHE : LISTING_CACHE, Vary: 'Cookie' } });
});
