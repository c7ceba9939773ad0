import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { MEDIA_MESSAGES, setDraftVideo } from '@/lib/fundraisers/draft-media';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST youtube video (a watch, youtu.be, shorts or embed link; stored as the video id)
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), body: z.object({ url: z.string({ error: MEDIA_MESSAGES.youtube }).max(500, MEDIA_MESSAGES.youtube) }) }, async ({ db, user, body: { url }, params: { id } }) => {
  return json({ data: await setDraftVideo(db, user, id, url) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
