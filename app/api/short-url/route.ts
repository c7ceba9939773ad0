import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { publishedSql } from '@/lib/fundraisers/status-sql';
import { getDb } from '@/lib/db/client';
import { fundraisers } from '@/lib/db/schema';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { shortShareUrl } from '@/lib/story/short-link';
import { requestOrigin } from '@/lib/seo/request-origin';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';

export const dynamic = 'force-dynamic';

// spec 7: POST short URL (answer data.short_url) for sharing a story from the thank-you page; the link is on the
// request's own site only when that is ours or an active partner's (requestOrigin), else on the main site
export const POST = handle(async (request) => {
  const { fundraiser_id, channel } = await parseJsonBody(z.object({ fundraiser_id: FundraiserIdSchema, channel: z.enum(['whatsapp', 'facebook', 'copy']).default('copy') }), request);
  const [f] = await (await getDb()).select({ id: fundraisers.id, is_private: fundraisers.is_private }).from(fundraisers).where(and(eq(fundraisers.id, fundraiser_id), publishedSql()));
  if (!f) throw notFound('Fundraiser not found');
  return json({ data: { short_url: shortShareUrl(await requestOrigin(request), f.id, channel) } });
});
