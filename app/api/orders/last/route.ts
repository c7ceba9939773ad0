import { json } from '@/lib/http/respond';
import { lastOrderOfUser } from '@/lib/donations/last-order';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: GET last order (limit 1, newest first) of the signed-in user; one-tap SIP reuses its payment mode
export const GET = route({ who: 'user', cache: CACHE.private }, async ({ db, user }) => {
  return json({ data: await lastOrderOfUser(db, user.id) });
});
