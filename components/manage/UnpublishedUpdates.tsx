// The dashboard's updates that are not public: waiting for review (with what the screening found) or
// declined (with the reviewer's reason). A server component: lib checks the user manages the fundraiser.
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { unpublishedUpdatesFor } from '@/lib/fundraisers/updates';
import { formatDate } from '@/lib/portfolio/format';
import { HeldFlags } from './HeldFlags';

export async function UnpublishedUpdates({ fundraiserId, user, locale }: { fundraiserId: number; user: { id: number }; locale: string }) {
  const db = await getDb();
  const [list, t] = await Promise.all([unpublishedUpdatesFor(db, user, fundraiserId), getTranslations({ locale, namespace: 'Manage.update' })]);
  if (!list.length) return null;
  return (
    <section className="panel manage-block held-updates" aria-labelledby="held-updates-heading" data-testid="held-updates">
      <h2 id="held-updates-heading">{t('heldHeading')}</h2>
      <ul>
        {list.map((u) => (
          <li key={u.id} data-testid="held-update">
            <p className="held-update-title">
              <bdi>{u.title ?? t('untitled', { date: formatDate(u.created_at, locale) })}</bdi>{' '}
              <span className={`status ${u.status === 'held' ? 'status-pending' : 'status-failed'}`}>{t(u.status === 'held' ? 'statusHeld' : 'statusDeclined')}</span>
            </p>
            {u.status === 'held' ? (
              <>
                <p className="muted">{t('heldIntro')}</p>
                <HeldFlags flags={u.review_flags} locale={locale} />
              </>
            ) : (
              <>
                <p className="muted">{t('declinedIntro')}</p>
                {u.review_reason && (
                  <blockquote className="held-reason">
                    <p dir="auto">{u.review_reason}</p>
                  </blockquote>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
