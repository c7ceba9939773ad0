import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { removeDraftMedia } from '@/lib/fundraisers/draft-media';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: DELETE media (the row, then its stored sizes)
export const DELETE = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, mediaId: FundraiserIdSchema }) }, async ({ db, user, params: { id, mediaId } }) => {
  await removeDraftMedia(db, user, id, mediaId);
  return json({ data: { deleted: true, id: mediaId } });
});
