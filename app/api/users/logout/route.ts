import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { assertSameOrigin } from '@/lib/http/origin';
import { clearedSessionCookies, endSession } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';

// spec 7: POST users/logout (token in query): the token is revoked on the server, the cookies cleared
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const revoked = await endSession(await getDb(), request, new URL(request.url).searchParams.get('token'));
  const response = Response.json({ data: { logged_out: true, revoked } }, { headers: { 'cache-control': 'no-store' } });
  for (const c of clearedSessionCookies(request)) response.headers.append('set-cookie', c);
  return response;
});
