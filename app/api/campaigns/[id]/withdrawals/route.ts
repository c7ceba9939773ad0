import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { listWithdrawals, requestWithdrawal, withdrawalForm } from '@/lib/fundraisers/withdrawals';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const IdParams = z.object({ id: FundraiserIdSchema });
const PRIVATE = { 'Cache-Control': 'private, no-store' };

// the balance and every withdrawal of the fundraiser (its people and reviewers)
export const GET = route({ who: 'user', params: IdParams }, async ({ db, user, params: { id } }) => {
  return json({ data: await listWithdrawals(db, user, id) }, { headers: PRIVATE });
});

// multipart: purpose, amount (the fundraiser's currency) and the bill or estimate as the image file `document`
export const POST = route({ who: 'user', params: IdParams }, async ({ request, db, user, params: { id } }) => {
  return json({ data: await requestWithdrawal(db, user, id, () => withdrawalForm(request)) }, { status: 201, headers: PRIVATE });
});
