import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { storyHeader } from '@/lib/story/page-cards';
import { hasPinAccess } from '@/lib/story/pin-access';
import { STORY_CARD_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET header: title, campaigner, cover picture, status and the raised / goal / supporters / days left line
export const GET = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const f = await fundraiserById(await getDb(), id);
  if (!f) throw notFound('Fundraiser not found');
  const pinVerified = f.is_private && (await hasPinAccess(request, id));
  // a private story's answer depends on the visitor's PIN cookie: never kept by a shared cache
  return json({ data: storyHeader(f, { pinVerified }) }, { headers: { 'Cache-Control': f.is_private ? 'private, no-store' : STORY_CARD_CACHE } });
});
