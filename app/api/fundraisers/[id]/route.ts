import { json } from '@/lib/http/respond';
import { z } from 'zod';
import { notFound } from '@/lib/http/errors';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { fundraiserDetailJson } from '@/lib/fundraisers/api';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { hasPinAccess } from '@/lib/story/pin-access';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }) }, async ({ request, db, params: { id } }) => {
  const fundraiser = await fundraiserById(db, id);
  if (!fundraiser) throw notFound('Fundraiser not found');
  const storyVisible = !fundraiser.is_private || (await hasPinAccess(request, id));
  // a private story depends on the visitor's cookie: never stored by a shared cache
  const cacheControl = fundraiser.is_private ? 'private, no-store' : 'public, max-age=0, s-maxage=30';
  return json({ data: fundraiserDetailJson(fundraiser, { storyVisible }) }, { headers: { 'Cache-Control': cacheControl } });
});
