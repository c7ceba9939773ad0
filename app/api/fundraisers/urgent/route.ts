import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { ListingQuerySchema } from '@/lib/validation/listings';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { urgentFundraisers } from '@/lib/listing/spec-reads';
import { LISTING_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 urgent fundraisers: running ones ending soonest and furthest from goal, the most urgent first
export const GET = handle(async (request) => {
  const { limit } = parseQuery(ListingQuerySchema, request.url);
  const now = new Date();
  const list = await urgentFundraisers(await getDb(), limit, now);
  return json({ data: list.map((f) => fundraiserSummaryJson(f, now)) }, { headers: { 'Cache-Control': LISTING_CACHE } });
});
