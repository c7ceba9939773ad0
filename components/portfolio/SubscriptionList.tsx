// The donor's monthly SIPs (spec 4): cause, amount, status and next payment date, an upcoming-payment notice within
// spec 9's window, and (issue 14) the changes a donor makes in two taps. Used on /portfolio, /sip and /sip/inactiveuser.
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { SubscriptionItem } from '@/lib/portfolio/queries';
import { INDIA_TIME_ZONE, SIP_CAUSES } from '@/lib/constants';
import { loadMessages } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { SipActions } from './SipActions';

export async function SubscriptionList({ subscriptions, locale, now = new Date() }: { subscriptions: SubscriptionItem[]; locale: string; now?: Date }) {
  const t = await getTranslations('Sip');
  if (!subscriptions.length) return <p className="empty-state">{t('empty')}</p>;
  // SipActions (a client island) reads these two namespaces only
  const { messages } = await loadMessages(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const causeName = (slug: string) => ((SIP_CAUSES as readonly string[]).includes(slug) ? t(`causes.${slug as (typeof SIP_CAUSES)[number]}`) : slug);
  return (
    <NextIntlClientProvider locale={locale} timeZone={INDIA_TIME_ZONE} messages={{ Sip: messages.Sip, SipManage: messages.SipManage }}>
      <ul className="sip-list" data-testid="subscriptions">
        {subscriptions.map((s) => (
          <li key={s.id} className="sip-item">
            <h3>{s.campaign?.title ?? causeName(s.sip_cause)}</h3>
            <SipActions sip={s} locale={locale} now={now.toISOString()} />
          </li>
        ))}
      </ul>
    </NextIntlClientProvider>
  );
}
