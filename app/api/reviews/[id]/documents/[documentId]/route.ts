import { z } from 'zod';
import { privateFileResponse } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { proofDocumentFile } from '@/lib/fundraisers/proof';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a fundraiser's medical estimate or beneficiary's ID, for reviewers only; 404 to anyone else
export const GET = route({ who: 'visitor', params: z.object({ id: FundraiserIdSchema, documentId: FundraiserIdSchema }) }, async ({ db, user, params: { id, documentId } }) => {
  const document = await proofDocumentFile(db, user, id, documentId);
  return privateFileResponse(document, { noindex: true });
});
