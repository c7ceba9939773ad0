import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { listWithdrawals, requestWithdrawal, withdrawalForm } from '@/lib/fundraisers/withdrawals';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const idOf = async (params: Ctx['params']) => parseWith(z.object({ id: FundraiserIdSchema }), await params).id;
const PRIVATE = { 'Cache-Control': 'private, no-store' };

// issue 13: the balance and every withdrawal of the fundraiser (its people and reviewers)
export const GET = handle(async (request, { params }: Ctx) => {
  const id = await idOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await listWithdrawals(db, user, id) }, { headers: PRIVATE });
});

// multipart: purpose, amount (the fundraiser's currency) and the bill or estimate as the image file `document`
export const POST = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const id = await idOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await requestWithdrawal(db, user, id, () => withdrawalForm(request)) }, { status: 201, headers: PRIVATE });
});
