// The donor's impact report: month by month, which fundraisers their monthly giving reached and how much,
// from what the ledger credited (lib/sip/impact.ts).
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { formatMoney } from '@/lib/money';
import { storyPath } from '@/lib/routes';
import type { SipImpactMonth } from '@/lib/sip/impact';

export async function ImpactReport({ months, locale }: { months: SipImpactMonth[]; locale: string }) {
  const [t, tc] = await Promise.all([getTranslations('SipImpact'), getTranslations('Sip.causes')]);
  const monthName = (period: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T00:00:00Z`));
  return (
    <section className="panel sip-impact" aria-labelledby="sip-impact-heading" data-testid="sip-impact">
      <h2 id="sip-impact-heading">{t('heading')}</h2>
      {months.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        months.map((m) => (
          <section key={m.period} className="sip-impact-month" aria-label={monthName(m.period)}>
            <h3>{monthName(m.period)}</h3>
            <ul className="sip-lines">
              {m.fundraisers.map((f) => (
                <li key={`${f.fundraiser_id}-${f.sip_cause ?? ''}`}>
                  <Link href={storyPath(f.custom_tag)}>
                    <bdi>{f.title}</bdi>
                  </Link>
                  <strong>{formatMoney(f.amount_minor, f.currency, locale)}</strong>
                </li>
              ))}
              {m.causes.map((c) => (
                <li key={`cause-${c.sip_cause}`}>
                  <span>{t('kept', { cause: tc(c.sip_cause as never) })}</span>
                  <strong>{formatMoney(c.amount_minor, c.currency, locale)}</strong>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
