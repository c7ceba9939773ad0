import { json } from '@/lib/http/respond';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "session check": who is signed in (null when nobody); an expired bearer answers token_expired
export const GET = route({ who: 'visitor' }, async ({ user }) => {
  return json({ data: { user: user ? { id: user.id, full_name: user.full_name, email: user.email } : null } }, { headers: { 'cache-control': 'no-store' } });
});
