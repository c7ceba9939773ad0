import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { signedInUser } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';

// spec 7 "session check": who is signed in (null when nobody); an expired bearer answers token_expired
export const GET = handle(async (request) => {
  const user = await signedInUser(await getDb(), request);
  return json({ data: { user: user ? { id: user.id, full_name: user.full_name, email: user.email } : null } }, { headers: { 'cache-control': 'no-store' } });
});
