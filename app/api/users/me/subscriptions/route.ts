import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { requireUser } from '@/lib/auth/session';
import { subscriptionsOf } from '@/lib/portfolio/queries';

export const dynamic = 'force-dynamic';

// spec 7: user subscription: the signed-in user's SIPs with their status_flag
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await subscriptionsOf(db, user.id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
