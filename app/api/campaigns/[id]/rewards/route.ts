import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { RewardSchema } from '@/lib/validation/rewards';
import { addReward, assertMayReadRewards, listRewards } from '@/lib/fundraisers/rewards';
import { can } from '@/lib/permissions/can';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const IdParams = z.object({ id: FundraiserIdSchema });

// spec 7 "rewards list": public once the fundraiser is published; those who manage it also see the retired ones
export const GET = route({ who: 'visitor', params: IdParams, cache: CACHE.private }, async ({ db, user, params: { id } }) => {
  await assertMayReadRewards(db, user, id);
  const withRetired = await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id });
  return json({ data: await listRewards(db, id, { withRetired }) });
});

// spec 7 "rewards add": the fundraiser's campaigner, owner or manager
export const POST = route({ who: 'user', params: IdParams, body: RewardSchema }, async ({ db, user, body: input, params: { id } }) => {
  return json({ data: await addReward(db, user, id, input) }, { status: 201 });
});
