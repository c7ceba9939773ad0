// The dashboard's donors: recent successful donations, each with the acknowledge form (spec 7), and the
// whole list as CSV. A server component: it loads its own data for the signed-in person (lib checks they manage it).
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { recentDonations } from '@/lib/fundraisers/donor-list';
import { formatMoney } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { isolate } from '@/lib/i18n/bidi';
import { ACKNOWLEDGEMENT_MAX } from '@/lib/constants/dashboard';
import { AcknowledgeForm, type AcknowledgeLabels } from './AcknowledgeForm';

const FORM_KEYS = ['open', 'send', 'update', 'sending', 'sent', 'saved', 'failed'] as const;

export async function DonorsSection({ fundraiserId, user, locale }: { fundraiserId: number; user: { id: number }; locale: string }) {
  const db = await getDb();
  const [donations, t, ts] = await Promise.all([recentDonations(db, user, fundraiserId), getTranslations({ locale, namespace: 'Donors' }), getTranslations({ locale, namespace: 'Story' })]);
  const labels: AcknowledgeLabels = {
    ...(Object.fromEntries(FORM_KEYS.map((k) => [k, t(`form.${k}`)])) as Record<(typeof FORM_KEYS)[number], string>),
    messageTo: t.raw('form.messageTo') as string,
    hint: t('form.hint', { max: ACKNOWLEDGEMENT_MAX }),
    acknowledged: t.raw('acknowledged') as string,
    notAcknowledged: t('notAcknowledged'),
  };

  return (
    <section className="panel manage-block donors" aria-labelledby="donors-heading" data-testid="donors">
      <h2 id="donors-heading">{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      <p className="donors-download">
        <a className="btn btn-secondary" href={`/api/campaigns/${fundraiserId}/donors.csv`} download aria-describedby="donors-download-hint">
          {t('download')}
        </a>
        <span id="donors-download-hint" className="field-hint">
          {t('downloadHint')}
        </span>
      </p>
      {donations.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ol className="donor-list" data-testid="donor-list">
          {donations.map((d) => {
            const name = d.name ?? ts('anonymous');
            return (
              <li key={d.order_id} className="donor-item" data-testid="donor">
                <p className="donor-head">
                  <strong className={d.anonymous ? 'donor-anonymous' : undefined}>
                    <bdi>{name}</bdi>
                  </strong>
                  <span className="donor-amount">{formatMoney(d.amount_minor, d.currency, locale, { exact: true })}</span>
                </p>
                <p className="donor-meta">
                  <time dateTime={d.date}>{formatDate(d.date, locale)}</time>
                  {d.reward && <span>{t('reward', { title: isolate(d.reward) })}</span>}
                </p>
                <AcknowledgeForm fundraiserId={fundraiserId} orderId={d.order_id} donorName={name} locale={locale} initial={{ message: d.acknowledgement, acknowledged_at: d.acknowledged_at }} labels={labels} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
