import { json } from '@/lib/http/respond';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "check user valid": 401 token_expired for a session of ours that has ended (spec 8), unauthenticated for none
export const GET = route({ who: 'user' }, async ({ user }) => {
  return json({ data: { valid: true, user_id: user.id } }, { headers: { 'cache-control': 'no-store' } });
});
