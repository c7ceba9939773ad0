import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { listDrafts } from '@/lib/fundraisers/draft-view';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const DraftsQuery = z.object({ with: z.enum(['media']).optional(), under_review: z.enum(['true', 'false']).optional() });

// spec 7: GET users/drafts?with=media&under_review=true, the signed-in user's unpublished fundraisers
export const GET = route({ who: 'user', query: DraftsQuery, cache: CACHE.private }, async ({ db, query: q, user }) => {
  const drafts = await listDrafts(db, user, { withMedia: q.with === 'media', underReview: q.under_review === 'true' });
  return json({ data: drafts });
});
