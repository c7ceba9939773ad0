import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, privateFileResponse } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { signedInUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { WithdrawalIdSchema } from '@/lib/validation/withdrawals';
import { withdrawalDocument } from '@/lib/fundraisers/withdrawals';

export const dynamic = 'force-dynamic';

// issue 13: a withdrawal's bill, for the fundraiser's donors (approved and paid ones), its people and reviewers; 404 to anyone else
export const GET = handle(async (request, { params }: { params: Promise<{ id: string; wid: string }> }) => {
  const { id, wid } = parseWith(z.object({ id: FundraiserIdSchema, wid: WithdrawalIdSchema }), await params);
  const db = await getDb();
  const document = await withdrawalDocument(db, await signedInUser(db, request), id, wid);
  return privateFileResponse(document);
});
