import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { RewardUpdateSchema } from '@/lib/validation/rewards';
import { assertMayReadRewards, deleteReward, getReward, updateReward } from '@/lib/fundraisers/rewards';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const IdParams = z.object({ id: FundraiserIdSchema, rewardId: FundraiserIdSchema });

// spec 7 "rewards get"
export const GET = route({ who: 'visitor', params: IdParams, cache: CACHE.private }, async ({ db, user, params: { id, rewardId } }) => {
  await assertMayReadRewards(db, user, id);
  return json({ data: await getReward(db, id, rewardId) });
});

// spec 7 "rewards update"
export const PUT = route({ who: 'user', params: IdParams, body: RewardUpdateSchema }, async ({ db, user, body, params: { id, rewardId } }) => {
  return json({ data: await updateReward(db, user, id, rewardId, body) });
});

// spec 7 "rewards delete": 200 either way: { deleted: true } when no donor ever chose it, else it is retired,
// offered to no one new and kept on past gifts: { deleted: false, retired: true, reward }
export const DELETE = route({ who: 'user', params: IdParams }, async ({ db, user, params: { id, rewardId } }) => {
  return json({ data: await deleteReward(db, user, id, rewardId) });
});
