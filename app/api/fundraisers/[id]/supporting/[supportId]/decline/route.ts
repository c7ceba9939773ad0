import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { declineSupportingFundraiser } from '@/lib/fundraisers/supporting';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string; supportId: string }> };

// issue 30.12: the parent's campaigner declines a supporting fundraiser raising for theirs (404 to anyone else)
export const POST = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const { id, supportId } = parseWith(z.object({ id: FundraiserIdSchema, supportId: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await declineSupportingFundraiser(db, user, id, supportId) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
