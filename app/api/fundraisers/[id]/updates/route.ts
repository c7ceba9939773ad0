import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseQuery, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { UpdateSchema } from '@/lib/validation/updates';
import { postUpdate } from '@/lib/fundraisers/updates';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PageQuerySchema } from '@/lib/validation/story';
import { storyUpdates } from '@/lib/story/queries';
import { readableFundraiser } from '@/lib/story/service';
import { STORY_UPDATES_PAGE_SIZE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

export const GET = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const { page } = parseQuery(PageQuerySchema, request.url);
  const db = await getDb();
  await readableFundraiser(db, request, id);
  const result = await storyUpdates(db, id, page, STORY_UPDATES_PAGE_SIZE);
  return json({ data: result.data, meta: { pagination: { page: result.page, per_page: result.per_page, total: result.total, has_more: result.has_more } } });
});

// issue 13: the campaigner, owner or manager posts an update (404 to anyone else); donors are emailed through the outbox
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await postUpdate(db, user, id, await parseJsonBody(UpdateSchema, request)) }, { status: 201 });
});
