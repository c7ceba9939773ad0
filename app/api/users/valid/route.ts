import { json } from '@/lib/http/respond';
import { requireUser } from '@/lib/auth/session';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "check user valid": 401 token_expired for a session of ours that has ended (spec 8), unauthenticated for none
export const GET = route({ who: 'anyone' }, async ({ request, db }) => {
  const user = await requireUser(db, request);
  return json({ data: { valid: true, user_id: user.id } }, { headers: { 'cache-control': 'no-store' } });
});
