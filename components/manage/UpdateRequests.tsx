// The dashboard's open "ask for update" requests (spec 7): who asked, when, and their note. Posting an update
// answers them all, so this block only reads. A server component: lib checks the signed-in person manages the fundraiser.
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { openUpdateRequests } from '@/lib/fundraisers/update-requests';
import { formatDate } from '@/lib/portfolio/format';

export async function UpdateRequests({ fundraiserId, user, locale }: { fundraiserId: number; user: { id: number }; locale: string }) {
  const db = await getDb();
  const [open, t] = await Promise.all([openUpdateRequests(db, user, fundraiserId), getTranslations({ locale, namespace: 'Manage.requests' })]);

  return (
    <section className="panel manage-block update-requests" aria-labelledby="update-requests-heading" data-testid="update-requests">
      <h2 id="update-requests-heading">{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      {open.total === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <>
          <p className="update-requests-count">
            <strong>{t('count', { count: open.total })}</strong>
          </p>
          <ol className="update-request-list">
            {open.data.map((r) => (
              <li key={r.id} className="update-request" data-testid="update-request">
                <p className="update-request-head">
                  <strong>
                    <bdi>{r.name}</bdi>
                  </strong>
                  <time dateTime={r.created_at}>{t('asked', { date: formatDate(r.created_at, locale) })}</time>
                </p>
                {r.message && (
                  <p className="update-request-message" dir="auto">
                    {r.message}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
