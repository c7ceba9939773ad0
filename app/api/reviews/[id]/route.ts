import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';
import { decideReview } from '@/lib/fundraisers/drafts';

export const dynamic = 'force-dynamic';

// a reviewer approves (live at once: listings, sitemap, story) or sends the draft back with a reason
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const decision = await parseJsonBody(ReviewDecisionSchema, request);
  return json({ data: await decideReview(db, user, id, decision) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
