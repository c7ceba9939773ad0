import { clearedSessionCookies, endSession } from '@/lib/auth/session';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST users/logout (token in query): the token is revoked on the server, the cookies cleared
export const POST = route({ who: 'anyone' }, async ({ request, db }) => {
  const revoked = await endSession(db, request, new URL(request.url).searchParams.get('token'));
  const response = Response.json({ data: { logged_out: true, revoked } }, { headers: { 'cache-control': 'no-store' } });
  for (const c of clearedSessionCookies(request)) response.headers.append('set-cookie', c);
  return response;
});
