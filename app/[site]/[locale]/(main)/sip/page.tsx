import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { subscriptionsOf } from '@/lib/portfolio/queries';
import { requireCurrentUser } from '@/components/auth/current-user';
import { SubscriptionList } from '@/components/portfolio/SubscriptionList';
import { ImpactReport } from '@/components/sip/ImpactReport';
import { SipRetryFaq } from '@/components/sip/SipRetryFaq';
import { sipImpactOf } from '@/lib/sip/impact';
import { SIP_PAGE_PATH } from '@/lib/routes';
import '@/components/sip/sip.css';
import '@/components/portfolio/portfolio.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Sip' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

// Stand-in for the SIP retention site (spec 2 and 6): the signed-in user's monthly SIPs
export default async function SipPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, SIP_PAGE_PATH);
  const db = await getDb();
  const [subscriptions, impact, t] = await Promise.all([subscriptionsOf(db, user.id), sipImpactOf(db, user.id), getTranslations('Sip')]);
  const paused = subscriptions.some((s) => s.status === 'paused');
  return (
    <div className="container section portfolio-page">
      <h1>{t('title')}</h1>
      {paused && (
        <p className="notice-warning" role="status">
          {t('pausedNotice')} <Link href="/sip/inactiveuser">{t('pausedLink')}</Link>
        </p>
      )}
      <SubscriptionList subscriptions={subscriptions} locale={locale} />
      {subscriptions.length > 0 && <ImpactReport months={impact} locale={locale} />}
      {subscriptions.length > 0 && <SipRetryFaq />}
      <p>
        <Link href="/portfolio">{t('portfolio')}</Link>
      </p>
    </div>
  );
}
