// Google One Tap on the sign-in page when Google is configured: Google's script (loaded only here, only then)
// posts the ID token to callback/googleonetap as a form, with its double-submit CSRF cookie.
import Script from 'next/script';
import { GOOGLE_ONE_TAP_SCRIPT } from '@/lib/constants/auth';

export function GoogleOneTap({ clientId, redirectUri }: { clientId: string; redirectUri: string | null }) {
  const loginUri = `/api/callback/googleonetap${redirectUri ? `?${new URLSearchParams({ redirect_uri: redirectUri })}` : ''}`;
  return (
    <>
      <div id="g_id_onload" data-client_id={clientId} data-login_uri={loginUri} data-ux_mode="redirect" data-auto_prompt="true" data-cancel_on_tap_outside="true" hidden />
      <Script src={GOOGLE_ONE_TAP_SCRIPT} strategy="lazyOnload" />
    </>
  );
}
