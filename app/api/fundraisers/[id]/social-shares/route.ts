import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { publishedFundraiser } from '@/lib/story/queries';
import { socialShareCounts } from '@/lib/story/page-cards';
import { STORY_CARD_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET social shares: the story's share clicks by channel
export const GET = handle(async (_request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  if (!(await publishedFundraiser(db, id))) throw notFound('Fundraiser not found');
  return json({ data: await socialShareCounts(db, id) }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
