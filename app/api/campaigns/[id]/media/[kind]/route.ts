import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { uploadedFile } from '@/lib/media/uploads';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { addDraftImage, DRAFT_IMAGE_KINDS } from '@/lib/fundraisers/draft-media';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const Params = z.object({ id: FundraiserIdSchema, kind: z.enum(DRAFT_IMAGE_KINDS) });

// spec 7: multipart uploads of the leaderboard (cover), beneficiary and editor (in-story) images, field `file`
export const POST = route({ who: 'user', params: Params }, async ({ request, db, user, params: { id, kind } }) => {
  const readFile = async () => {
    const file = await uploadedFile(request);
    return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  };
  return json({ data: await addDraftImage(db, user, id, kind, readFile) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
