import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PayoutAccountSchema } from '@/lib/validation/withdrawals';
import { getPayoutAccount, setPayoutAccount } from '@/lib/fundraisers/withdrawals';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const IdParams = z.object({ id: FundraiserIdSchema });
const PRIVATE = { 'Cache-Control': 'private, no-store' };

// the bank account withdrawals are paid into (null until added); only its last 4 digits ever leave
export const GET = route({ who: 'user', params: IdParams }, async ({ db, user, params: { id } }) => {
  return json({ data: await getPayoutAccount(db, user, id) }, { headers: PRIVATE });
});

// adds or replaces it: the account number twice, the IFSC, the name on the account
export const PUT = route({ who: 'user', params: IdParams, body: PayoutAccountSchema }, async ({ db, user, body: input, params: { id } }) => {
  return json({ data: await setPayoutAccount(db, user, id, input) }, { headers: PRIVATE });
});
