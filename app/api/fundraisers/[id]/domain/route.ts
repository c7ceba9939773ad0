import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { LocaleQuerySchema } from '@/lib/validation/listings';
import { publishedFundraiser } from '@/lib/story/queries';
import { storyAddress } from '@/lib/story/page-cards';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { STORY_CARD_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET domain: the story's canonical URL on the request's resolved site (a stranger's Host gets the main site)
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), query: LocaleQuerySchema }, async ({ request, db, query: { locale }, params: { id } }) => {
  const f = await publishedFundraiser(db, id);
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: { id: f.id, custom_tag: f.custom_tag, ...storyAddress(await requestOrigin(request), locale, f.custom_tag) } }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
