import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { can } from '@/lib/permissions/can';
import { reviewQueue } from '@/lib/fundraisers/drafts';
import { formatCount, formatMoney, toMinor } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { cachedCauses } from '@/lib/cache/queries';
import { causeName } from '@/lib/i18n/stored-values';
import { requireCurrentUser } from '@/components/auth/current-user';
import '@/components/review/review.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Review' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

// issue 12: the reviewers' queue, oldest first; everyone else is told the page does not exist
export default async function ReviewQueuePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, '/review');
  const db = await getDb();
  if (!(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) notFound();
  const [queue, causes, t, tCauses, tLeads, tWithdrawals] = await Promise.all([reviewQueue(db), cachedCauses(), getTranslations('Review'), getTranslations('Causes'), getTranslations('Leads'), getTranslations('Withdrawals')]);
  const causeSlug = new Map(causes.map((c) => [c.id, c.slug]));
  return (
    <div className="container section review-page">
      <h1>{t('title')}</h1>
      <p className="review-back">
        <Link href="/review/leads">{tLeads('title')}</Link>
        {' · '}
        <Link href="/review/withdrawals">{tWithdrawals('review.title')}</Link>
      </p>
      {queue.length === 0 ? (
        <p className="review-empty" data-testid="review-empty">
          {t('empty')}
        </p>
      ) : (
        <>
          <p className="muted">{t('intro')}</p>
          <p className="review-count">{t('waiting', { count: formatCount(queue.length, locale) })}</p>
          <ol className="review-queue" data-testid="review-queue">
            {queue.map((d) => {
              const cover = d.media?.find((m) => m.kind === 'leaderboard');
              return (
                <li key={d.id} className="review-item">
                  {cover ? (
                    // eslint-disable-next-line @next/next/no-img-element -- an uploaded draft image, not yet in the public image pipeline
                    <img className="review-thumb" src={cover.variants?.card ?? cover.path} alt="" width={160} height={90} loading="lazy" decoding="async" />
                  ) : (
                    <span className="review-thumb review-thumb-none" aria-hidden />
                  )}
                  <h2>
                    <Link href={`/review/${d.id}`}>
                      <bdi>{d.title || t('untitled')}</bdi>
                    </Link>
                  </h2>
                  <dl className="review-facts">
                    <div>
                      <dt>{t('cause')}</dt>
                      <dd>{causeName(tCauses, { slug: causeSlug.get(d.cause_id), info_1: d.cause })}</dd>
                    </div>
                    <div>
                      <dt>{t('campaigner')}</dt>
                      <dd>
                        <bdi>{d.owner.full_name}</bdi>
                      </dd>
                    </div>
                    <div>
                      <dt>{t('goal')}</dt>
                      <dd>{formatMoney(toMinor(d.goal), d.currency, locale)}</dd>
                    </div>
                    {d.supports && (
                      <div>
                        <dt>{t('supports')}</dt>
                        <dd>
                          <bdi>{d.supports.title}</bdi>
                        </dd>
                      </div>
                    )}
                    {d.review_flags.length > 0 && (
                      <div>
                        <dt>{t('flags.heading')}</dt>
                        <dd className="review-flag-count" data-testid="review-flag-count">
                          {t('flags.count', { count: formatCount(d.review_flags.length, locale) })}
                        </dd>
                      </div>
                    )}
                    {d.submitted_at && (
                      <div>
                        <dt>{t('submitted')}</dt>
                        <dd>
                          <time dateTime={d.submitted_at}>{formatDate(d.submitted_at, locale)}</time>
                        </dd>
                      </div>
                    )}
                  </dl>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
