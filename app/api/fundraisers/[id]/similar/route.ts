import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { similarFundraisers } from '@/lib/story/queries';
import { SIMILAR_CACHE } from '@/lib/constants/cache';
import { STORY_SIMILAR_COUNT } from '@/lib/constants/story';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET similar: the story page's similar fundraisers (same cause, running, never this story's title)
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }) }, async ({ db, params: { id } }) => {
  const f = await fundraiserById(db, id);
  if (!f) throw notFound('Fundraiser not found');
  const now = new Date();
  const list = await similarFundraisers(db, f, STORY_SIMILAR_COUNT);
  return json({ data: list.map((s) => fundraiserSummaryJson(s, now)) }, { headers: { 'Cache-Control': SIMILAR_CACHE } });
});
