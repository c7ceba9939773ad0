import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { requireUser } from '@/lib/auth/session';
import { listDrafts } from '@/lib/fundraisers/drafts';

export const dynamic = 'force-dynamic';

const DraftsQuery = z.object({ with: z.enum(['media']).optional(), under_review: z.enum(['true', 'false']).optional() });

// spec 7: GET users/drafts?with=media&under_review=true, the signed-in user's unpublished fundraisers
export const GET = handle(async (request) => {
  const q = parseQuery(DraftsQuery, request.url);
  const db = await getDb();
  const user = await requireUser(db, request);
  const drafts = await listDrafts(db, user, { withMedia: q.with === 'media', underReview: q.under_review === 'true' });
  return json({ data: drafts }, { headers: { 'Cache-Control': 'private, no-store' } });
});
