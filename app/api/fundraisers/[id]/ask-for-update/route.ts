import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { UpdateRequestSchema } from '@/lib/validation/dashboard';
import { readableFundraiser } from '@/lib/story/service';
import { askForUpdate } from '@/lib/fundraisers/update-requests';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "POST ask for update": a signed-in reader of the story asks for news; asking again while open answers 200 with the same request
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), signInMessage: 'Please sign in to ask for an update' }, async ({ request, db, user, params: { id } }) => {
  await readableFundraiser(db, request, id);
  const input = await parseJsonBody(UpdateRequestSchema, request);
  const { request: asked, created } = await askForUpdate(db, user, id, input);
  return json({ data: asked }, { status: created ? 201 : 200, headers: { 'Cache-Control': 'private, no-store' } });
});
