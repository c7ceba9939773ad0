import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { notFound } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { StartSupportingSchema } from '@/lib/validation/supporting';
import { startSupportingFundraiser } from '@/lib/fundraisers/supporting';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { publishedFundraiser, supportingFundraisers } from '@/lib/story/queries';
import { STORY_SUPPORTING_COUNT } from '@/lib/constants';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const idOf = async (params: Ctx['params']) => parseWith(z.object({ id: FundraiserIdSchema }), await params).id;

// spec 7 "supporting fundraisers": what the parent's story lists, each with its raised amount
export const GET = handle(async (_request, { params }: Ctx) => {
  const id = await idOf(params);
  const db = await getDb();
  if (!(await publishedFundraiser(db, id))) throw notFound('Fundraiser not found');
  const list = await supportingFundraisers(db, id, STORY_SUPPORTING_COUNT);
  return json({ data: list.map((f) => fundraiserSummaryJson(f)) }, { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=30' } });
});

// spec 7 "start supporting fundraiser": a signed-in supporter, for a running public fundraiser
export const POST = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const id = await idOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const input = await parseJsonBody(StartSupportingSchema, request);
  return json({ data: await startSupportingFundraiser(db, user, id, input) }, { status: 201 });
});
