import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { campaignCount } from '@/lib/story/page-cards';
import { STORY_CARD_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET campaign count: how many public fundraisers this story's campaigner runs and has run
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }) }, async ({ db, params: { id } }) => {
  const f = await fundraiserById(db, id);
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: await campaignCount(db, f) }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
