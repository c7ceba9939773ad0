import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery, parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { LocaleQuerySchema } from '@/lib/validation/listings';
import { publishedFundraiser } from '@/lib/story/queries';
import { storyAddress } from '@/lib/story/page-cards';
import { requestOrigin } from '@/lib/seo/request-origin';
import { STORY_CARD_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET domain: the story's canonical URL on the request's resolved site (a stranger's Host gets the main site)
export const GET = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const { locale } = parseQuery(LocaleQuerySchema, request.url);
  const f = await publishedFundraiser(await getDb(), id);
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: { id: f.id, custom_tag: f.custom_tag, ...storyAddress(await requestOrigin(request), locale, f.custom_tag) } }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
