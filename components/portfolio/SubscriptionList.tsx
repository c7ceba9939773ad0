// The donor's monthly SIPs (spec 4): cause, amount, status and next payment date. Used on /portfolio and /sip.
import { getTranslations } from 'next-intl/server';
import type { SubscriptionItem } from '@/lib/portfolio/queries';
import { formatMoney } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { isPaymentDueSoon } from '@/lib/sip/status';
import { SIP_CAUSES } from '@/lib/constants';

const STATUS_KEY = { active: 'statusActive', paused: 'statusPaused', stopped: 'statusStopped' } as const;

export async function SubscriptionList({ subscriptions, locale, now = new Date() }: { subscriptions: SubscriptionItem[]; locale: string; now?: Date }) {
  const t = await getTranslations('Sip');
  if (!subscriptions.length) return <p className="empty-state">{t('empty')}</p>;
  const causeName = (slug: string) => ((SIP_CAUSES as readonly string[]).includes(slug) ? t(`causes.${slug as (typeof SIP_CAUSES)[number]}`) : slug);
  return (
    <ul className="sip-list" data-testid="subscriptions">
      {subscriptions.map((s) => (
        <li key={s.id} className="sip-item">
          <h3>{s.campaign?.title ?? causeName(s.sip_cause)}</h3>
          <dl className="facts">
            <div>
              <dt>{t('cause')}</dt>
              <dd>{causeName(s.sip_cause)}</dd>
            </div>
            <div>
              <dt>{t('amount')}</dt>
              <dd>{t('monthly', { amount: formatMoney(s.amount_minor, s.currency, locale, { exact: true }) })}</dd>
            </div>
            <div>
              <dt>{t('status')}</dt>
              <dd>
                <span className={`status status-${s.status}`}>{t(STATUS_KEY[s.status])}</span>
              </dd>
            </div>
            <div>
              <dt>{t('nextPayment')}</dt>
              <dd>
                {s.status === 'active' && s.next_payment_date ? (
                  <>
                    <time dateTime={s.next_payment_date}>{formatDate(s.next_payment_date, locale)}</time>
                    {isPaymentDueSoon(s.next_payment_date, now) && <span className="badge due-soon">{t('dueSoon')}</span>}
                  </>
                ) : (
                  t('noDate')
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
