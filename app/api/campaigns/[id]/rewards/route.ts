import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser, signedInUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { RewardSchema } from '@/lib/validation/rewards';
import { addReward, assertMayReadRewards, listRewards } from '@/lib/fundraisers/rewards';
import { can } from '@/lib/permissions/can';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const idOf = async (params: Ctx['params']) => parseWith(z.object({ id: FundraiserIdSchema }), await params).id;

// spec 7 "rewards list": public once the fundraiser is published; those who manage it also see the retired ones (issue 30)
export const GET = handle(async (request, { params }: Ctx) => {
  const id = await idOf(params);
  const db = await getDb();
  const user = await signedInUser(db, request);
  await assertMayReadRewards(db, user, id);
  const withRetired = await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id });
  return json({ data: await listRewards(db, id, { withRetired }) }, { headers: { 'Cache-Control': 'private, no-store' } });
});

// spec 7 "rewards add": the fundraiser's campaigner, owner or manager
export const POST = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const id = await idOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const input = await parseJsonBody(RewardSchema, request);
  return json({ data: await addReward(db, user, id, input) }, { status: 201 });
});
