import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { markDocumentsChecked } from '@/lib/fundraisers/proof';

export const dynamic = 'force-dynamic';

// issue 31.6: a reviewer has checked the medical estimate and the beneficiary's ID (the story's "documents verified")
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await markDocumentsChecked(db, user, id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
