import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { MEDIA_MESSAGES, setDraftVideo } from '@/lib/fundraisers/draft-media';

export const dynamic = 'force-dynamic';

// spec 7: POST youtube video (a watch, youtu.be, shorts or embed link; stored as the video id)
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const { url } = await parseJsonBody(z.object({ url: z.string({ error: MEDIA_MESSAGES.youtube }).max(500, MEDIA_MESSAGES.youtube) }), request);
  return json({ data: await setDraftVideo(db, user, id, url) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
