import { json } from '@/lib/http/respond';
import { ListingQuerySchema } from '@/lib/validation/listings';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { successStories } from '@/lib/listing/spec-reads';
import { LISTING_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 success stories: the home page's own (ended, raised over goal above spec 5's ratio)
export const GET = route({ who: 'anyone', query: ListingQuerySchema }, async ({ db, query: { limit } }) => {
  const now = new Date();
  const list = await successStories(db, limit, now);
  return json({ data: list.map((f) => fundraiserSummaryJson(f, now)) }, { headers: { 'Cache-Control': LISTING_CACHE } });
});
