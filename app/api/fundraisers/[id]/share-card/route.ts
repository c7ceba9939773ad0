import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery, parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { LocaleQuerySchema } from '@/lib/validation/listings';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { shareCard } from '@/lib/story/page-cards';
import { requestOrigin } from '@/lib/seo/request-origin';
import { STORY_CARD_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET share card: the story's share text (as its share menu writes it), share links and og image
export const GET = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const { locale } = parseQuery(LocaleQuerySchema, request.url);
  const f = await fundraiserById(await getDb(), id);
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: await shareCard(f, { origin: await requestOrigin(request), locale }) }, { headers: { 'Cache-Control': STORY_CARD_CACHE } });
});
