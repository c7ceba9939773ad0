import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { SignInPanel } from '@/components/auth/SignInPanel';
import { SocialButtons } from '@/components/auth/SocialButtons';
import { GoogleOneTap } from '@/components/auth/GoogleOneTap';
import { googleOneTapClientId } from '@/lib/auth/social/providers';
import { firstParam, signInReason } from '@/lib/routes';
import { captchaWidget } from '@/lib/security/captcha';
import '@/components/auth/auth.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// spec 2: /new/signin with redirect_uri (validated by the API when the sign-in completes)
export default async function SignInPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const messages = await getMessages();
  const redirectUri = firstParam(sp.redirect_uri) ?? null;
  const oneTap = googleOneTapClientId();
  // a wallet's code is taken only with its state: a bare ?code= in a link could sign this browser in as someone else
  const walletCode = firstParam(sp.code);
  const walletState = firstParam(sp.state);
  const walletReturn = walletCode && walletState ? { code: walletCode.slice(0, 512), state: walletState.slice(0, 4096) } : null;
  return (
    <div className="container section signin-page">
      <NextIntlClientProvider messages={{ Auth: messages.Auth }}>
        <SignInPanel redirectUri={redirectUri} autologinToken={firstParam(sp.autologin_token) ?? null} socialFailed={firstParam(sp.error) === 'social_failed'} registrationSource={firstParam(sp.registration_source)?.slice(0, 40) || undefined} walletReturn={walletReturn} reason={signInReason(firstParam(sp.reason))} captcha={captchaWidget()} />
      </NextIntlClientProvider>
      <SocialButtons redirectUri={redirectUri} />
      {oneTap && <GoogleOneTap clientId={oneTap} redirectUri={redirectUri} />}
    </div>
  );
}
