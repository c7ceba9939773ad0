import { eq } from 'drizzle-orm';
import { fundraisers } from '@/lib/db/schema';
import { parseShortCode } from '@/lib/story/short-link';
import { sharedStoryUrl } from '@/lib/story/share';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { storyPath } from '@/lib/routes';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// /s/{code}: a short share link, permanently redirected to the story with the channel's utm fields
export const GET = route({ who: 'anyone' }, async ({ request, db, params }) => {
  const parsed = parseShortCode(params.code);
  const [f] = parsed ? await db.select({ custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, parsed.fundraiserId)) : [];
  if (!parsed || !f) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const target = sharedStoryUrl(new URL(storyPath(f.custom_tag), await requestOrigin(request)).toString(), parsed.channel, f.custom_tag);
  return new Response(null, { status: 308, headers: { location: target, 'cache-control': 'public, max-age=86400' } });
});
