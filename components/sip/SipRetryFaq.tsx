// what happens when a monthly debit fails, written from the retry table itself (lib/sip/retries.ts), so what
// donors read is what the charge run does.
import { getTranslations } from 'next-intl/server';
import { sipRetryFaq, type SipRetryFaqEntry } from '@/lib/sip/retries';
import { SIP_MISSED_PERIOD_GRACE_DAYS } from '@/lib/constants/sip';

const HOURS_PER_DAY = 24;

export async function SipRetryFaq() {
  const t = await getTranslations('Sip.faq');
  // each wait in the unit a donor thinks in: days when whole days, else hours
  const unit = (hours: number) => (hours % HOURS_PER_DAY === 0 ? t('days', { count: hours / HOURS_PER_DAY }) : t('hours', { count: hours }));
  const retries = ({ retryAfterHours: waits }: SipRetryFaqEntry) => {
    if (!waits.length) return t('noRetry');
    if (waits.length > 1 && waits.every((w) => w === waits[0])) return t('retriesApart', { count: waits.length, wait: unit(waits[0]) });
    return [t('retryFirst', { wait: unit(waits[0]) }), ...waits.slice(1).map((w) => t('retryThen', { wait: unit(w) }))].join(' ');
  };
  return (
    <section className="sip-faq" aria-labelledby="sip-faq-heading">
      <h2 id="sip-faq-heading">{t('heading')}</h2>
      <dl>
        {sipRetryFaq().map((e) => (
          <div key={e.reason}>
            <dt>{t(`reasons.${e.reason}`)}</dt>
            <dd>
              {retries(e)} {e.then === 'paused' ? t('thenPaused') : t('thenNewMandate', { days: SIP_MISSED_PERIOD_GRACE_DAYS })}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('nothingTwice')}</p>
    </section>
  );
}
