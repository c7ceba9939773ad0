'use client';
// The donor's SIPs as a list of SipActions. One SIP's method change may move others with it (the
// donor ticks them by name): the list then shows every SIP as the server answered, not only the one changed.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { SubscriptionItem } from '@/lib/portfolio/queries';
import { isSipCause } from '@/lib/sip/rules';
import { SipActions } from './SipActions';

export function SipList({ subscriptions, locale, now }: { subscriptions: SubscriptionItem[]; locale: string; now: string }) {
  const t = useTranslations('Sip');
  const [sips, setSips] = useState(subscriptions);
  // a new server render (another page visit) brings the SIPs as they now are
  const [given, setGiven] = useState(subscriptions);
  if (given !== subscriptions) {
    setGiven(subscriptions);
    setSips(subscriptions);
  }
  const causeName = (slug: string) => (isSipCause(slug) ? t(`causes.${slug}`) : slug);
  return (
    <ul className="sip-list" data-testid="subscriptions">
      {sips.map((s) => (
        <li key={s.id} className="sip-item">
          <h3>{s.campaign?.title ?? causeName(s.sip_cause)}</h3>
          <SipActions sip={s} locale={locale} now={now} others={sips} onSipsChanged={setSips} />
        </li>
      ))}
    </ul>
  );
}
