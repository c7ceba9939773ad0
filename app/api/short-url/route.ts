import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { publishedSql } from '@/lib/fundraisers/status-sql';
import { fundraisers } from '@/lib/db/schema';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { shortShareUrl } from '@/lib/story/short-link';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST short URL (answer data.short_url) for sharing a story from the thank-you page; the link is on the
// request's own site only when that is ours or an active partner's (requestOrigin), else on the main site
export const POST = route({ who: 'anyone', body: z.object({ fundraiser_id: FundraiserIdSchema, channel: z.enum(['whatsapp', 'facebook', 'copy']).default('copy') }) }, async ({ request, db, body: { fundraiser_id, channel } }) => {
  const [f] = await (db).select({ id: fundraisers.id, is_private: fundraisers.is_private }).from(fundraisers).where(and(eq(fundraisers.id, fundraiser_id), publishedSql()));
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: { short_url: shortShareUrl(await requestOrigin(request), f.id, channel) } });
});
