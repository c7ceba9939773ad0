import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { UpdateSchema } from '@/lib/validation/updates';
import { postUpdate } from '@/lib/fundraisers/updates';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PageQuerySchema } from '@/lib/validation/story';
import { storyUpdates } from '@/lib/story/queries';
import { readableFundraiser } from '@/lib/story/service';
import { STORY_UPDATES_PAGE_SIZE } from '@/lib/constants/story';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), query: PageQuerySchema }, async ({ request, db, query: { page }, params: { id } }) => {
  await readableFundraiser(db, request, id);
  const result = await storyUpdates(db, id, page, STORY_UPDATES_PAGE_SIZE);
  return json({ data: result.data, meta: { pagination: { page: result.page, per_page: result.per_page, total: result.total, has_more: result.has_more } } });
});

// the campaigner, owner or manager posts an update (404 to anyone else); donors are emailed through the outbox
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }) }, async ({ request, db, user, params: { id } }) => {
  return json({ data: await postUpdate(db, user, id, await parseJsonBody(UpdateSchema, request)) }, { status: 201 });
});
