import { json } from '@/lib/http/respond';
import { subscriptionsOf } from '@/lib/portfolio/queries';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: user subscription: the signed-in user's SIPs with their status_flag
export const GET = route({ who: 'user', cache: CACHE.private }, async ({ db, user }) => {
  return json({ data: await subscriptionsOf(db, user.id) });
});
