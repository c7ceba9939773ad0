import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';
import { decideHeldUpdate } from '@/lib/fundraisers/updates';

export const dynamic = 'force-dynamic';

// issue 30.12: a reviewer approves a held update (on the story and emailed to donors now) or declines it with a reason
export const POST = handle(async (request, { params }: { params: Promise<{ id: string; updateId: string }> }) => {
  assertSameOrigin(request);
  const { id, updateId } = parseWith(z.object({ id: FundraiserIdSchema, updateId: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const decision = await parseJsonBody(ReviewDecisionSchema, request);
  return json({ data: await decideHeldUpdate(db, user, id, updateId, decision) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
