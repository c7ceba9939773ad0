import { z } from 'zod';
import { privateFileResponse } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { WithdrawalIdSchema } from '@/lib/validation/withdrawals';
import { withdrawalDocument } from '@/lib/fundraisers/withdrawals';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a withdrawal's bill, for the fundraiser's donors (approved and paid ones), its people and reviewers; 404 to anyone else
export const GET = route({ who: 'visitor', params: z.object({ id: FundraiserIdSchema, wid: WithdrawalIdSchema }) }, async ({ db, user, params: { id, wid } }) => {
  const document = await withdrawalDocument(db, user, id, wid);
  return privateFileResponse(document);
});
