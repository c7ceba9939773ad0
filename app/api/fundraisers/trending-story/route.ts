import { json } from '@/lib/http/respond';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { trendingSuccessStory } from '@/lib/listing/spec-reads';
import { LISTING_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 trending story: the success story to feature (null when there is none yet)
export const GET = route({ who: 'anyone' }, async ({ db }) => {
  const now = new Date();
  const story = await trendingSuccessStory(db, now);
  return json({ data: story ? fundraiserSummaryJson(story, now) : null }, { headers: { 'Cache-Control': LISTING_CACHE } });
});
