import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { removeDraftMedia } from '@/lib/fundraisers/draft-media';

export const dynamic = 'force-dynamic';

// spec 7: DELETE media (the row, then its stored sizes)
export const DELETE = handle(async (request, { params }: { params: Promise<{ id: string; mediaId: string }> }) => {
  assertSameOrigin(request);
  const { id, mediaId } = parseWith(z.object({ id: FundraiserIdSchema, mediaId: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  await removeDraftMedia(db, user, id, mediaId);
  return json({ data: { deleted: true, id: mediaId } });
});
