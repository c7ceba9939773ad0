import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { endFundraiserEarly } from '@/lib/fundraisers/end';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the campaigner, owner or manager ends a running fundraiser now (404 to anyone else, 409 once it is not running)
export const POST = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), cache: CACHE.private }, async ({ db, user, params: { id } }) => {
  return json({ data: await endFundraiserEarly(db, user, id) });
});
