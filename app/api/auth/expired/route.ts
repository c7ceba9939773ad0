import { clearedSessionCookies } from '@/lib/auth/session';
import { validRedirectUri } from '@/lib/auth/sign-in';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { signInPath } from '@/lib/routes';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// A page found the browser's session ended on the server (logout elsewhere, password reset, expiry):
// clear the cookies (a page cannot), so the middleware lets the browser back onto the sign-in page.
export const GET = route({ who: 'anyone' }, async ({ request, db }) => {
  const back = (await validRedirectUri(db, request, new URL(request.url).searchParams.get('redirect_uri'))) ?? '/';
  const response = new Response(null, { status: 303, headers: { location: new URL(signInPath(back), await requestOrigin(request)).toString(), 'cache-control': 'no-store' } });
  for (const c of clearedSessionCookies(request)) response.headers.append('set-cookie', c);
  return response;
});
