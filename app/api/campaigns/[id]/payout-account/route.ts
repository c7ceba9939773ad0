import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PayoutAccountSchema } from '@/lib/validation/withdrawals';
import { getPayoutAccount, setPayoutAccount } from '@/lib/fundraisers/withdrawals';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const idOf = async (params: Ctx['params']) => parseWith(z.object({ id: FundraiserIdSchema }), await params).id;
const PRIVATE = { 'Cache-Control': 'private, no-store' };

// issue 13: the bank account withdrawals are paid into (null until added); only its last 4 digits ever leave
export const GET = handle(async (request, { params }: Ctx) => {
  const id = await idOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await getPayoutAccount(db, user, id) }, { headers: PRIVATE });
});

// adds or replaces it: the account number twice, the IFSC, the name on the account
export const PUT = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const id = await idOf(params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const input = await parseJsonBody(PayoutAccountSchema, request);
  return json({ data: await setPayoutAccount(db, user, id, input) }, { headers: PRIVATE });
});
