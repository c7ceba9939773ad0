// The dashboard's supporting fundraisers: every page a supporter started for this fundraiser, where it
// stands, and a way to decline one waiting for review or live. A server component: lib checks the user manages it.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { supportingForCampaigner } from '@/lib/fundraisers/supporting';
import { formatMoney } from '@/lib/money';
import { storyPath } from '@/lib/routes';
import { DeclineSupporting, type DeclineSupportingLabels } from './DeclineSupporting';

// a supporter's words inside a sentence of another script keep their own direction (first strong isolate)
const isolated = (text: string) => `\u2068${text}\u2069`;

export async function SupportingSection({ fundraiserId, user, locale }: { fundraiserId: number; user: { id: number }; locale: string }) {
  const db = await getDb();
  const [list, t] = await Promise.all([supportingForCampaigner(db, user, fundraiserId), getTranslations({ locale, namespace: 'Manage.supporting' })]);
  if (!list.length) return null;
  const labels: DeclineSupportingLabels = { decline: t('decline'), confirm: t('confirm'), cancel: t('cancel'), declining: t('declining'), declined: t('statuses.declined'), failed: t('failed') };
  return (
    <section className="panel manage-block supporting-list" aria-labelledby="supporting-heading" data-testid="supporting-fundraisers">
      <h2 id="supporting-heading">{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      <ul>
        {list.map((s) => (
          <li key={s.id} data-testid="supporting-item">
            <p className="supporting-item-title">
              {s.custom_tag && s.status === 'live' ? (
                <Link href={storyPath(s.custom_tag)}>
                  <bdi>{s.title}</bdi>
                </Link>
              ) : (
                <bdi>{s.title}</bdi>
              )}
            </p>
            <p className="muted">
              {t('by', { name: isolated(s.supporter) })} · {formatMoney(s.raised_minor, s.currency, locale)}
            </p>
            {s.status === 'under_review' || s.status === 'live' ? (
              <DeclineSupporting
                parentId={fundraiserId}
                supportingId={s.id}
                status={t(`statuses.${s.status}`)}
                question={t('confirmText', { title: isolated(s.title) })}
                labels={labels}
              />
            ) : (
              <p className="supporting-item-status">{t(`statuses.${s.status}`)}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
