import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { firstParam } from '@/lib/routes';
import { formatDate } from '@/lib/portfolio/format';
import { describeSipActionLink } from '@/lib/sip/link-actions';
import { SIP_STATUS } from '@/lib/sip/status';
import { SIP_MANDATE_LAPSE_DAYS } from '@/lib/constants/sip';
import { INDIA_TIME_ZONE } from '@/lib/constants/time';
import { loadMessages } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { SipActions } from '@/components/portfolio/SipActions';
import '@/components/portfolio/portfolio.css';

// the token is in the query: one answer per link, never cached
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'SipManage' });
  // the token must not leave in a Referer header
  return { title: t('pageTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

// Where a SIP email's signed link lands, signed in or not. Opening it changes nothing (mail scanners open
// every link); the form below posts the token to do the one change it is for.
export default async function SipManageLinkPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const token = firstParam((await searchParams).token) ?? '';
  const now = new Date();
  const view = await describeSipActionLink(await getDb(), token, now);
  const [t, { messages }] = await Promise.all([getTranslations('SipManage'), loadMessages(isLocale(locale) ? locale : DEFAULT_LOCALE)]);
  const sip = view.subscription;
  const refusal =
    view.state === 'unknown' || !sip || !view.action ? t('linkUnknown') : view.state === 'used' ? t('linkUsed') : view.state === 'expired'
          ? t('linkExpired')
          : sip.status_flag === SIP_STATUS.cancelled
            ? t('linkCancelled')
            : sip.status_flag === SIP_STATUS.lapsed
              ? t('lapsed', { days: SIP_MANDATE_LAPSE_DAYS })
              : null;
  return (
    <div className="container section sip-link-page">
      <h1>{t('pageTitle')}</h1>
      {refusal || !sip || !view.action ? (
        <p className="notice-error" role="alert">
          {refusal}
        </p>
      ) : (
        <>
          <p className="muted">{t('linkIntro', { date: formatDate(view.expires_at!, locale) })}</p>
          <NextIntlClientProvider locale={locale} timeZone={INDIA_TIME_ZONE} messages={{ Sip: messages.Sip, SipManage: messages.SipManage }}>
            <section className="sip-item" aria-label={t(`linkTitle.${view.action === 'lower' ? 'amount' : view.action === 'change_method' ? 'method' : view.action}`)}>
              <SipActions sip={sip} locale={locale} now={now.toISOString()} link={{ token, action: view.action }} />
            </section>
          </NextIntlClientProvider>
        </>
      )}
      <p>
        <Link href="/portfolio">{t('signInInstead')}</Link>
      </p>
    </div>
  );
}
