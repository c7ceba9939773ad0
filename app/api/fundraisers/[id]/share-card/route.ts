import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { LocaleQuerySchema } from '@/lib/validation/listings';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { shareCard } from '@/lib/story/page-cards';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { STORY_CARD_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET share card: the story's share text (as its share menu writes it), share links and og image
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), query: LocaleQuerySchema }, async ({ request, db, query: { locale }, params: { id } }) => {
  const f = await fundraiserById(db, id);
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: await shareCard(f, { origin: await requestOrigin(request), locale }) }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
