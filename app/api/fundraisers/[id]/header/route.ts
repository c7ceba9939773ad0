import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { storyHeader } from '@/lib/story/page-cards';
import { hasPinAccess } from '@/lib/story/pin-access';
import { STORY_CARD_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET header: title, campaigner, cover picture, status and the raised / goal / supporters / days left line
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }) }, async ({ request, db, params: { id } }) => {
  const f = await fundraiserById(db, id);
  if (!f) throw notFound('Fundraiser not found');
  const pinVerified = f.is_private && (await hasPinAccess(request, id));
  // a private story's answer depends on the visitor's PIN cookie: never kept by a shared cache
  return json({ data: storyHeader(f, { pinVerified }) }, { headers: { 'Cache-Control': f.is_private ? 'private, no-store' : STORY_CARD_CACHE } });
});
