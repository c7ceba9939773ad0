'use client';
// The header is cached and the same for everybody: who is signed in is read in the browser from the isLoggedIn mirror,
// and confirmed with the server once per page load, so a session ended elsewhere shows signed out at once (spec 4, 8).
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { confirmSignIn, forgetSignIn, forgetStaleStoredUser, isSignedInHere, subscribeToSignIn } from './client-session';

export function AccountLink({ labels }: { labels: { signIn: string; account: string; logout: string; fundraisers: string } }) {
  // the server (and the cached page) always says signed out; the browser reads its cookie after hydration
  const signedIn = useSyncExternalStore(subscribeToSignIn, isSignedInHere, () => false);
  useEffect(() => {
    if (signedIn) void confirmSignIn();
    else forgetStaleStoredUser();
  }, [signedIn]);
  if (!signedIn) return <Link href="/new/signin">{labels.signIn}</Link>;
  async function logout() {
    await fetch('/api/users/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => null);
    forgetSignIn();
    window.location.assign('/');
  }
  return (
    <>
      {/* a campaigner finds her fundraisers from every page (the manage list; a donor's is empty with "Start") */}
      <Link href="/manage/list" className="account-item" data-testid="my-fundraisers">
        {labels.fundraisers}
      </Link>{' '}
      <Link href="/portfolio" className="account-item">
        {labels.account}
      </Link>{' '}
      <button type="button" className="link-button" onClick={logout}>
        {labels.logout}
      </button>
    </>
  );
}
