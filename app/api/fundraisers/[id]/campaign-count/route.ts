import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { campaignCount } from '@/lib/story/page-cards';
import { STORY_CARD_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET campaign count: how many public fundraisers this story's campaigner runs and has run
export const GET = handle(async (_request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const f = await fundraiserById(db, id);
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: await campaignCount(db, f) }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
