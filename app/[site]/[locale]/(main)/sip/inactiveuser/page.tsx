import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { subscriptionsOf } from '@/lib/portfolio/queries';
import { siteSettings } from '@/lib/site';
import { SIP_PAGE_PATH } from '@/lib/routes';
import { requireCurrentUser } from '@/components/auth/current-user';
import { SubscriptionList } from '@/components/portfolio/SubscriptionList';
import '@/components/portfolio/portfolio.css';
import { isolateLtr } from '@/lib/i18n/bidi';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Sip' });
  return { title: t('inactiveTitle'), robots: { index: false, follow: false } };
}

// spec 4: SIPs with status 2, 4 or 5 land here: the monthly SIP is paused, and how to get in touch
export default async function InactiveSipPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, '/sip/inactiveuser');
  const [subscriptions, t] = await Promise.all([subscriptionsOf(await getDb(), user.id), getTranslations('Sip')]);
  const paused = subscriptions.filter((s) => s.status === 'paused');
  const phone = siteSettings().contactNumber;
  if (!paused.length) {
    return (
      <div className="container section portfolio-page">
        <h1>{t('title')}</h1>
        <p role="status">{t('inactiveNone')}</p>
        <p>
          <Link href={SIP_PAGE_PATH}>{t('backToSip')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container section portfolio-page">
      <h1>{t('inactiveTitle')}</h1>
      <div className="notice-warning" data-testid="sip-inactive">
        <p>{t('inactiveText')}</p>
        <p>
          {t('inactiveHelp', { phone: isolateLtr(phone) })} <a href={`tel:${phone.replace(/\s+/g, '')}`}>{t('call', { phone: isolateLtr(phone) })}</a> · <Link href="/contact-us">{t('contactUs')}</Link>
        </p>
      </div>
      <SubscriptionList subscriptions={paused} locale={locale} />
      <p>
        <Link href={SIP_PAGE_PATH}>{t('backToSip')}</Link>
      </p>
    </div>
  );
}
