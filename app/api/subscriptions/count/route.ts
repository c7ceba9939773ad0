import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { requireUser } from '@/lib/auth/session';
import { sipCountsOf } from '@/lib/sip/manage';

export const dynamic = 'force-dynamic';

// spec 7 GET subscriptions/count: the signed-in user's SIPs (count: the active ones of spec 4), never shared-cached
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await sipCountsOf(db, user.id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
