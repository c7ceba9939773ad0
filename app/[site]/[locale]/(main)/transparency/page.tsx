import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cachedTransparencyReport } from '@/lib/transparency/cached';
import { TRANSPARENCY_VITALS, TRANSPARENCY_VITALS_DAYS } from '@/lib/constants/transparency';
import { REVIEW_SEND_BACK_CATEGORIES } from '@/lib/constants/fundraisers';
import { formatCount, formatMoney } from '@/lib/money';
import { formatDateTime, formatMonth } from '@/lib/portfolio/format';
import type { VitalName } from '@/lib/transparency/report';
import '@/components/layout/transparency.css';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Transparency' });
  return { title: t('title'), description: t('intro') };
}

const VITALS = Object.keys(TRANSPARENCY_VITALS) as VitalName[];

// the public report no incumbent publishes: where the money went, how fast payouts are, what review sends back, how fast the site is
export default async function TransparencyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, report] = await Promise.all([getTranslations('Transparency'), cachedTransparencyReport()]);
  const rupees = (minor: number) => formatMoney(minor, 'INR', locale);
  const vital = (name: VitalName, value: number | null) => {
    if (value === null) return <span className="muted">{t('speed.tooFew')}</span>;
    const good = value <= TRANSPARENCY_VITALS[name];
    return (
      <span className={good ? 'vital-good' : 'vital-poor'}>
        {name === 'CLS' ? value.toFixed(2) : t('speed.ms', { ms: Math.round(value) })} <span className="visually-hidden">{good ? t('speed.good') : t('speed.poor')}</span>
      </span>
    );
  };
  const sentBack = REVIEW_SEND_BACK_CATEGORIES.filter((c) => report.review.byCategory[c] > 0);
  return (
    <div className="container section transparency">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <p className="muted" data-testid="transparency-updated">
        {t('updated', { date: formatDateTime(report.generatedAt, locale) })}
      </p>

      <section aria-labelledby="money-heading" className="panel">
        <h2 id="money-heading">{t('money.heading')}</h2>
        <p className="muted">{t('money.text')}</p>
        <div className="table-scroll" role="region" aria-labelledby="money-heading" tabIndex={0}>
          <table className="transparency-table" data-testid="transparency-money">
            <thead>
              <tr>
                <th scope="col">{t('money.month')}</th>
                <th scope="col">{t('money.raised')}</th>
                <th scope="col">{t('money.paidOut')}</th>
                <th scope="col">{t('money.refunded')}</th>
                <th scope="col">{t('money.held')}</th>
              </tr>
            </thead>
            <tbody>
              {report.months.toReversed().map((m) => (
                <tr key={m.month}>
                  <th scope="row">{formatMonth(m.month, locale)}</th>
                  <td data-label={t('money.raised')}>{rupees(m.raisedInrMinor)}</td>
                  <td data-label={t('money.paidOut')}>{rupees(m.paidOutInrMinor)}</td>
                  <td data-label={t('money.refunded')}>{rupees(m.refundedInrMinor)}</td>
                  <td data-label={t('money.held')}>{rupees(m.heldInrMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="transparency-pair">
        <section aria-labelledby="payouts-heading" className="panel" data-testid="transparency-payouts">
          <h2 id="payouts-heading">{t('payouts.heading')}</h2>
          <p className="transparency-figure">{report.payouts.medianDays === null ? t('payouts.none') : t('payouts.days', { days: Math.round(report.payouts.medianDays * 10) / 10 })}</p>
          {report.payouts.count > 0 && <p className="muted">{t('payouts.text', { count: formatCount(report.payouts.count, locale) })}</p>}
        </section>
        <section aria-labelledby="review-heading" className="panel" data-testid="transparency-review">
          <h2 id="review-heading">{t('review.heading')}</h2>
          {report.review.sentBack + report.review.approved > 0 && (
            <p className="transparency-figure">{t('review.sentBack', { sent: formatCount(report.review.sentBack, locale), total: formatCount(report.review.sentBack + report.review.approved, locale) })}</p>
          )}
          {sentBack.length > 0 ? (
            <ul className="transparency-reasons">
              {sentBack.map((c) => (
                <li key={c}>
                  <span>{t(`review.categories.${c}`)}</span> <strong>{formatCount(report.review.byCategory[c], locale)}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('review.none')}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="speed-heading" className="panel">
        <h2 id="speed-heading">{t('speed.heading')}</h2>
        <p className="muted">{t('speed.text', { days: TRANSPARENCY_VITALS_DAYS })}</p>
        <div className="table-scroll" role="region" aria-labelledby="speed-heading" tabIndex={0}>
          <table className="transparency-table" data-testid="transparency-speed">
            <thead>
              <tr>
                <th scope="col">{t('speed.page')}</th>
                {VITALS.map((v) => (
                  <th key={v} scope="col">
                    <abbr title={t(`speed.names.${v}`)}>{v}</abbr>
                  </th>
                ))}
                <th scope="col">{t('speed.visits')}</th>
              </tr>
            </thead>
            <tbody>
              {report.speed.map((s) => (
                <tr key={s.page}>
                  <th scope="row">{t(`speed.pages.${s.page}`)}</th>
                  {VITALS.map((v) => (
                    <td key={v} data-label={v}>
                      {vital(v, s.p75[v])}
                    </td>
                  ))}
                  <td data-label={t('speed.visits')}>{formatCount(s.samples, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
