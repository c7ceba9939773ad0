import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { can } from '@/lib/permissions/can';
import { reviewQueue } from '@/lib/fundraisers/drafts';

export const dynamic = 'force-dynamic';

// the reviewers' queue, oldest first (REVIEWER_EMAILS or a reviewer membership; 404 to everyone else)
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  if (!(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) throw notFound();
  return json({ data: await reviewQueue(db) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
