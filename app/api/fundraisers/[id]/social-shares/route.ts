import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { publishedFundraiser } from '@/lib/story/queries';
import { socialShareCounts } from '@/lib/story/page-cards';
import { STORY_CARD_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET social shares: the story's share clicks by channel
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }) }, async ({ db, params: { id } }) => {
  if (!(await publishedFundraiser(db, id))) throw notFound('Fundraiser not found');
  return json({ data: await socialShareCounts(db, id) }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
