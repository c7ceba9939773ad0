import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, privateFileResponse } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { signedInUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { proofDocumentFile } from '@/lib/fundraisers/proof';

export const dynamic = 'force-dynamic';

// issue 31.6: a fundraiser's medical estimate or beneficiary's ID, for reviewers only; 404 to anyone else
export const GET = handle(async (request, { params }: { params: Promise<{ id: string; documentId: string }> }) => {
  const { id, documentId } = parseWith(z.object({ id: FundraiserIdSchema, documentId: FundraiserIdSchema }), await params);
  const db = await getDb();
  const document = await proofDocumentFile(db, await signedInUser(db, request), id, documentId);
  return privateFileResponse(document, { noindex: true });
});
