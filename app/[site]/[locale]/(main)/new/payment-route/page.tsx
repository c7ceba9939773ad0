import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PaymentRouteClient } from '@/components/payment/PaymentRouteClient';
import { localePrefix } from '@/lib/i18n/locales';
import '@/components/payment/payment.css';

export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ locale: string }> };

export default async function PaymentRoutePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('PaymentRoute');
  return (
    <div className="container payment-status" role="status" aria-live="polite">
      <h1>{t('processing')}</h1>
      <p>{t('doNotRefresh')}</p>
      <PaymentRouteClient localePrefix={localePrefix(locale)} />
    </div>
  );
}
