import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { UpdateRequestSchema } from '@/lib/validation/dashboard';
import { readableFundraiser } from '@/lib/story/service';
import { askForUpdate } from '@/lib/fundraisers/update-requests';

export const dynamic = 'force-dynamic';

// spec 7 "POST ask for update": a signed-in reader of the story asks for news; asking again while open answers 200 with the same request
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request, 'Please sign in to ask for an update');
  await readableFundraiser(db, request, id);
  const input = await parseJsonBody(UpdateRequestSchema, request);
  const { request: asked, created } = await askForUpdate(db, user, id, input);
  return json({ data: asked }, { status: created ? 201 : 200, headers: { 'Cache-Control': 'private, no-store' } });
});
