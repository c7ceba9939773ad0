import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { requireUser } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';

// spec 7 "check user valid": 401 token_expired for a session of ours that has ended (spec 8), unauthenticated for none
export const GET = handle(async (request) => {
  const user = await requireUser(await getDb(), request);
  return json({ data: { valid: true, user_id: user.id } }, { headers: { 'cache-control': 'no-store' } });
});
