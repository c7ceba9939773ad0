import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';
import { firstParam } from '@/lib/routes';
import '@/components/auth/auth.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// the link of the reset email; the token is checked (and used up) only when the new password is posted
export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const token = firstParam((await searchParams).token) ?? '';
  const [t, messages] = await Promise.all([getTranslations('Auth'), getMessages()]);
  return (
    <div className="container section signin-page">
      <div className="signin-panel panel">
        <h1>{t('resetTitle')}</h1>
        {token ? (
          <NextIntlClientProvider messages={{ Auth: messages.Auth }}>
            <ResetPasswordForm token={token} />
          </NextIntlClientProvider>
        ) : (
          <p role="alert">{t('resetMissing')}</p>
        )}
      </div>
    </div>
  );
}
