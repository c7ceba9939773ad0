import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { requireUser } from '@/lib/auth/session';
import { latestSipOf } from '@/lib/sip/manage';

export const dynamic = 'force-dynamic';

// spec 7 GET subscriptions/latest: the signed-in user's newest SIP with its status_flag, or null
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await latestSipOf(db, user.id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
