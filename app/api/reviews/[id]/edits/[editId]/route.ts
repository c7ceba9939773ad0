import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';
import { decideHeldEdit } from '@/lib/fundraisers/live-edits';

export const dynamic = 'force-dynamic';

// issue 30.12: a reviewer approves a live fundraiser's held change of words (public at once) or declines it with a reason
export const POST = handle(async (request, { params }: { params: Promise<{ id: string; editId: string }> }) => {
  assertSameOrigin(request);
  const { id, editId } = parseWith(z.object({ id: FundraiserIdSchema, editId: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const decision = await parseJsonBody(ReviewDecisionSchema, request);
  return json({ data: await decideHeldEdit(db, user, id, editId, decision) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
