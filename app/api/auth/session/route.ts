import { json } from '@/lib/http/respond';
import { signedInUser } from '@/lib/auth/session';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "session check": who is signed in (null when nobody); an expired bearer answers token_expired
export const GET = route({ who: 'anyone' }, async ({ request, db }) => {
  const user = await signedInUser(db, request);
  return json({ data: { user: user ? { id: user.id, full_name: user.full_name, email: user.email } : null } }, { headers: { 'cache-control': 'no-store' } });
});
