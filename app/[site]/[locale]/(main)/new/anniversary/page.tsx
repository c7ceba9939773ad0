import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { cachedFundraiserList } from '@/lib/cache/queries';
import { cardImage } from '@/lib/fundraisers/rules';
import { formatMoney } from '@/lib/money';
import { localePrefix } from '@/lib/i18n/locales';
import { ANNIVERSARY_FUNDRAISER_CHOICES } from '@/lib/constants/giving';
import { AnniversaryForm } from '@/components/payment/AnniversaryForm';
import { PaymentFailedNotice } from '@/components/payment/PaymentFailedNotice';
import '@/components/payment/payment.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: true } };

type Props = { params: Promise<{ site: string; locale: string }> };

// spec 2 /new/anniversary (origin tann): a birthday, an anniversary or a memory marked with a gift to a fundraiser in need
export default async function AnniversaryPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, tc, messages, urgent] = await Promise.all([
    getTranslations('Anniversary'),
    getTranslations('Card'),
    getMessages(),
    cachedFundraiserList({ limit: ANNIVERSARY_FUNDRAISER_CHOICES, status: 'active', urgent: true }),
  ]);
  // public fundraisers only: a private one is given to with its PIN, from its own page
  const choices = urgent.data
    .filter((f) => !f.is_private)
    .map((f) => ({
      id: f.id,
      custom_tag: f.custom_tag,
      title: f.title,
      image: cardImage(f.images),
      raisedOf: tc('raisedOf', { raised: formatMoney(f.raised_minor, f.currency, locale), goal: formatMoney(f.goal_minor, f.currency, locale) }),
    }));
  return (
    <div className="container section payment-page">
      <header className="pay-intro">
        <h1>{t('title')}</h1>
        <p>{t('text')}</p>
      </header>
      <PaymentFailedNotice template={t('failed', { reason: '{reason}' })} fallback={t('failedNoReason')} />
      <NextIntlClientProvider messages={{ Anniversary: messages.Anniversary }}>
        <AnniversaryForm choices={choices} localePrefix={localePrefix(locale)} />
      </NextIntlClientProvider>
    </div>
  );
}
