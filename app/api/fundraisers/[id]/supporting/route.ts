import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { StartSupportingSchema } from '@/lib/validation/supporting';
import { startSupportingFundraiser } from '@/lib/fundraisers/supporting';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { publishedFundraiser, supportingFundraisers } from '@/lib/story/queries';
import { STORY_SUPPORTING_COUNT } from '@/lib/constants/story';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const IdParams = z.object({ id: FundraiserIdSchema });

// spec 7 "supporting fundraisers": what the parent's story lists, each with its raised amount
export const GET = route({ who: 'anyone', params: IdParams }, async ({ db, params: { id } }) => {
  if (!(await publishedFundraiser(db, id))) throw notFound('Fundraiser not found');
  const list = await supportingFundraisers(db, id, STORY_SUPPORTING_COUNT);
  return json({ data: list.map((f) => fundraiserSummaryJson(f)) }, { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=30' } });
});

// spec 7 "start supporting fundraiser": a signed-in supporter, for a running public fundraiser
export const POST = route({ who: 'user', params: IdParams, body: StartSupportingSchema }, async ({ db, user, body: input, params: { id } }) => {
  return json({ data: await startSupportingFundraiser(db, user, id, input) }, { status: 201 });
});
