import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { donorCard } from '@/lib/story/page-cards';
import { hasPinAccess } from '@/lib/story/pin-access';
import { STORY_CARD_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET donor card: raised, goal, progress, supporters, days left and the top donors (anonymous ones unnamed)
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }) }, async ({ request, db, params: { id } }) => {
  const f = await fundraiserById(db, id);
  if (!f) throw notFound('Fundraiser not found');
  const pinVerified = f.is_private && (await hasPinAccess(request, id));
  return json({ data: await donorCard(db, f, { pinVerified }) }, { headers: { 'Cache-Control': f.is_private ? 'private, no-store' : STORY_CARD_CACHE } });
});
