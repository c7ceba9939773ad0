import { z } from 'zod';
import { privateFileResponse } from '@/lib/http/respond';
import { signedInUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { WithdrawalIdSchema } from '@/lib/validation/withdrawals';
import { withdrawalDocument } from '@/lib/fundraisers/withdrawals';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// issue 13: a withdrawal's bill, for the fundraiser's donors (approved and paid ones), its people and reviewers; 404 to anyone else
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema, wid: WithdrawalIdSchema }) }, async ({ request, db, params: { id, wid } }) => {
  const document = await withdrawalDocument(db, await signedInUser(db, request), id, wid);
  return privateFileResponse(document);
});
