// The donor's monthly SIPs (spec 4): cause, amount, status and next payment date, an upcoming-payment notice within
// spec 9's window, and the changes a donor makes in two taps. Used on /portfolio, /sip and /sip/inactiveuser.
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { SubscriptionItem } from '@/lib/portfolio/queries';
import { INDIA_TIME_ZONE } from '@/lib/constants/time';
import { loadMessages } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { SipList } from './SipList';

export async function SubscriptionList({ subscriptions, locale, now = new Date() }: { subscriptions: SubscriptionItem[]; locale: string; now?: Date }) {
  const t = await getTranslations('Sip');
  if (!subscriptions.length) return <p className="empty-state">{t('empty')}</p>;
  // SipList and SipActions (a client island) read these two namespaces only
  const { messages } = await loadMessages(isLocale(locale) ? locale : DEFAULT_LOCALE);
  return (
    <NextIntlClientProvider locale={locale} timeZone={INDIA_TIME_ZONE} messages={{ Sip: messages.Sip, SipManage: messages.SipManage }}>
      <SipList subscriptions={subscriptions} locale={locale} now={now.toISOString()} />
    </NextIntlClientProvider>
  );
}
