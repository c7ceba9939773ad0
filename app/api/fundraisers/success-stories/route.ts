import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { ListingQuerySchema } from '@/lib/validation/listings';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { successStories } from '@/lib/listing/spec-reads';
import { LISTING_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 success stories: the home page's own (ended, raised over goal above spec 5's ratio)
export const GET = handle(async (request) => {
  const { limit } = parseQuery(ListingQuerySchema, request.url);
  const now = new Date();
  const list = await successStories(await getDb(), limit, now);
  return json({ data: list.map((f) => fundraiserSummaryJson(f, now)) }, { headers: { 'Cache-Control': LISTING_CACHE } });
});
