import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { requireUser } from '@/lib/auth/session';
import { lastOrderOfUser } from '@/lib/donations/last-order';

export const dynamic = 'force-dynamic';

// spec 7: GET last order (limit 1, newest first) of the signed-in user; one-tap SIP reuses its payment mode
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await lastOrderOfUser(db, user.id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
