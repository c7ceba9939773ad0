import { json } from '@/lib/http/respond';
import { sipCountsOf } from '@/lib/sip/queries';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET subscriptions/count: the signed-in user's SIPs (count: the active ones of spec 4), never shared-cached
export const GET = route({ who: 'user', cache: CACHE.private }, async ({ db, user }) => {
  return json({ data: await sipCountsOf(db, user.id) });
});
