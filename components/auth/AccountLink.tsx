'use client';
// The header is cached and the same for everybody: who is signed in is read in the browser from the isLoggedIn mirror.
import { useSyncExternalStore } from 'react';
import { IS_LOGGED_IN_COOKIE } from '@/lib/constants';
import { Link } from '@/i18n/navigation';
import { forgetSignIn } from './client-session';

const noSubscription = () => () => {};
const readIsLoggedIn = () => document.cookie.split(';').some((c) => c.trim() === `${IS_LOGGED_IN_COOKIE}=1`);

export function AccountLink({ labels }: { labels: { signIn: string; account: string; logout: string } }) {
  // the server (and the cached page) always says signed out; the browser reads its cookie after hydration
  const signedIn = useSyncExternalStore(noSubscription, readIsLoggedIn, () => false);
  if (!signedIn) return <Link href="/new/signin">{labels.signIn}</Link>;
  async function logout() {
    await fetch('/api/users/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => null);
    forgetSignIn();
    window.location.assign('/');
  }
  return (
    <>
      <Link href="/portfolio">{labels.account}</Link>{' '}
      <button type="button" className="link-button" onClick={logout}>
        {labels.logout}
      </button>
    </>
  );
}
