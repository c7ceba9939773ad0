import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { similarFundraisers } from '@/lib/story/queries';
import { SIMILAR_CACHE, STORY_SIMILAR_COUNT } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET similar: the story page's similar fundraisers (same cause, running, never this story's title)
export const GET = handle(async (_request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const f = await fundraiserById(db, id);
  if (!f) throw notFound('Fundraiser not found');
  const now = new Date();
  const list = await similarFundraisers(db, f, STORY_SIMILAR_COUNT);
  return json({ data: list.map((s) => fundraiserSummaryJson(s, now)) }, { headers: { 'Cache-Control': SIMILAR_CACHE } });
});
