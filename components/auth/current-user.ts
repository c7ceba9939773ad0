// The signed-in user of the page being rendered (from the u_auth cookie), for server components.
// Reading the cookie makes the page dynamic: such pages are per user and never cached publicly.
import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { signedInUser, type SignedInUser } from '@/lib/auth/session';
import { localizedPath } from '@/lib/i18n/locales';
import { signInPath } from '@/lib/routes';

/** The user behind this request's session cookie, or null (once per render, however many callers). */
export const currentUser = cache(async (): Promise<SignedInUser | null> => {
  const cookie = (await headers()).get('cookie');
  if (!cookie) return null;
  // only the cookie is passed on: pages are for browsers, bearer tokens are for the API
  return signedInUser(await getDb(), new Request('http://localhost/', { headers: { cookie } }));
});

/**
 * spec 6: pages that need a user send everyone else to /new/signin?redirect_uri=<this page>,
 * in the page's locale. `path` is the page's own path without the locale prefix (query included).
 */
export async function requireCurrentUser(locale: string, path: string): Promise<SignedInUser> {
  const user = await currentUser();
  if (user) return user;
  const back = localizedPath(locale, path);
  // a session ended on the server (logout elsewhere, a password reset) still has cookies: clear them first,
  // or the middleware would keep this browser away from the sign-in page
  const cookie = (await headers()).get('cookie') ?? '';
  if (/(?:^|;\s*)u_auth=/.test(cookie)) redirect(`/api/auth/expired?${new URLSearchParams({ redirect_uri: back })}`);
  redirect(localizedPath(locale, signInPath(back)));
}
