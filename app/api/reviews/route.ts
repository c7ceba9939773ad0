import { json } from '@/lib/http/respond';
import { reviewQueue } from '@/lib/fundraisers/review';
import { heldEdits } from '@/lib/fundraisers/live-edits';
import { heldUpdates } from '@/lib/fundraisers/updates';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the reviewers' queue, oldest first (REVIEWER_EMAILS or a reviewer membership; 404 to everyone else): fundraisers under
// review, and live fundraisers' held changes of words and held updates
export const GET = route({ who: 'reviewer', cache: CACHE.private }, async ({ db }) => {
  const [data, held_changes, held_updates] = await Promise.all([reviewQueue(db), heldEdits(db), heldUpdates(db)]);
  return json({ data, held_changes, held_updates });
});
