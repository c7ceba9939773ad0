import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { submitForReview } from '@/lib/fundraisers/drafts';

export const dynamic = 'force-dynamic';

// spec 7 "PUT update and publish": publishing sends the draft to review; it is public only once approved
export const PUT = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await submitForReview(db, user, id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
