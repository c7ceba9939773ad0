import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser, signedInUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { RewardUpdateSchema } from '@/lib/validation/rewards';
import { assertMayReadRewards, deleteReward, getReward, updateReward } from '@/lib/fundraisers/rewards';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string; rewardId: string }> };
const idsOf = async (params: Ctx['params']) => parseWith(z.object({ id: FundraiserIdSchema, rewardId: FundraiserIdSchema }), await params);

// spec 7 "rewards get"
export const GET = handle(async (request, { params }: Ctx) => {
  const { id, rewardId } = await idsOf(params);
  const db = await getDb();
  await assertMayReadRewards(db, await signedInUser(db, request), id);
  return json({ data: await getReward(db, id, rewardId) }, { headers: { 'Cache-Control': 'private, no-store' } });
});

// spec 7 "rewards update"
export const PUT = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const { id, rewardId } = await idsOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await updateReward(db, user, id, rewardId, await parseJsonBody(RewardUpdateSchema, request)) });
});

// spec 7 "rewards delete": 200 either way: { deleted: true } when no donor ever chose it, else (issue 30) it is retired,
// offered to no one new and kept on past gifts: { deleted: false, retired: true, reward }
export const DELETE = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const { id, rewardId } = await idsOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await deleteReward(db, user, id, rewardId) });
});
