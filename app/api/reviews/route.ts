import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { can } from '@/lib/permissions/can';
import { reviewQueue } from '@/lib/fundraisers/drafts';
import { heldEdits } from '@/lib/fundraisers/live-edits';
import { heldUpdates } from '@/lib/fundraisers/updates';

export const dynamic = 'force-dynamic';

// the reviewers' queue, oldest first (REVIEWER_EMAILS or a reviewer membership; 404 to everyone else): fundraisers under
// review, and (issue 30.12) live fundraisers' held changes of words and held updates
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  if (!(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) throw notFound();
  const [data, held_changes, held_updates] = await Promise.all([reviewQueue(db), heldEdits(db), heldUpdates(db)]);
  return json({ data, held_changes, held_updates }, { headers: { 'Cache-Control': 'private, no-store' } });
});
