import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { PaymentFailedNotice } from '@/components/payment/PaymentFailedNotice';

export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ locale: string }> };

export default async function PaymentFailedPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, tp] = await Promise.all([getTranslations('PaymentFailed'), getTranslations('Payment')]);
  return (
    <div className="container payment-status">
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <PaymentFailedNotice template={tp.raw('failed') as string} fallback={tp('failedNoReason')} />
      <Link className="btn btn-primary" href="/all-fundraisers">
        {t('browse')}
      </Link>
    </div>
  );
}
