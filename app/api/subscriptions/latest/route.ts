import { json } from '@/lib/http/respond';
import { latestSipOf } from '@/lib/sip/queries';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET subscriptions/latest: the signed-in user's newest SIP with its status_flag, or null
export const GET = route({ who: 'user', cache: CACHE.private }, async ({ db, user }) => {
  return json({ data: await latestSipOf(db, user.id) });
});
