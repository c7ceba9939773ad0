import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { can } from '@/lib/permissions/can';
import { withdrawalQueue } from '@/lib/fundraisers/withdrawals';
import { WITHDRAWAL_STATUSES, WithdrawalQueueQuerySchema } from '@/lib/validation/withdrawals';
import { formatCount, formatMoney, toMinor } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { firstParam, storyPath } from '@/lib/routes';
import { requireCurrentUser } from '@/components/auth/current-user';
import { WITHDRAWAL_DECISION_LABEL_KEYS, wordsOf, type WithdrawalDecisionLabels } from '@/components/manage/withdrawal-labels';
import { WithdrawalDecision } from '@/components/review/WithdrawalDecision';
import '@/components/review/review.css';
import '@/components/manage/manage.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Withdrawals' });
  return { title: t('review.title'), robots: { index: false, follow: false } };
}

// withdrawals for reviewers to decide and mark paid (or those of one status); everyone else is told the page does not exist
export default async function ReviewWithdrawalsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = WithdrawalQueueQuerySchema.safeParse({ status: firstParam((await searchParams).status) });
  const status = query.success ? query.data.status : undefined;
  const user = await requireCurrentUser(locale, status ? `/review/withdrawals?status=${status}` : '/review/withdrawals');
  const db = await getDb();
  if (!(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) notFound();
  const [queue, t, tReview] = await Promise.all([withdrawalQueue(db, user, status), getTranslations('Withdrawals'), getTranslations('Review')]);
  // waiting for a decision first, then approved ones waiting to be paid; the oldest first within each (a stable sort)
  const list = [...queue].sort((a, b) => Number(a.status !== 'requested') - Number(b.status !== 'requested'));
  const statuses: WithdrawalDecisionLabels['statuses'] = wordsOf(WITHDRAWAL_STATUSES, (s) => t(`status.${s}`));
  const labels: WithdrawalDecisionLabels = { ...wordsOf(WITHDRAWAL_DECISION_LABEL_KEYS, (k) => t(`review.${k}`)), statuses };
  const filters = [{ value: undefined, label: t('review.needsAction') }, ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: statuses[s] }))];

  return (
    <div className="container section review-page withdrawals-review">
      <p className="review-back">
        <Link href="/review">{tReview('title')}</Link>
      </p>
      <h1>{t('review.title')}</h1>
      <p className="muted">{t('review.intro')}</p>
      <nav aria-label={t('review.filter')}>
        <ul className="withdrawal-filters">
          {filters.map((f) => (
            <li key={f.value ?? 'open'}>
              <Link href={f.value ? `/review/withdrawals?status=${f.value}` : '/review/withdrawals'} aria-current={f.value === status ? 'page' : undefined}>
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.length === 0 ? (
        <p className="review-empty" data-testid="withdrawals-empty">
          {t('review.empty')}
        </p>
      ) : (
        <>
          <p className="review-count">{t('review.shown', { count: formatCount(list.length, locale) })}</p>
          <ol className="withdrawal-review-list" data-testid="withdrawal-queue">
            {list.map((w) => (
              <li key={w.id} className="withdrawal-review-item" data-testid="withdrawal-review-item">
                <h2>
                  <Link href={storyPath(w.fundraiser.custom_tag)}>
                    <bdi>{w.fundraiser.title}</bdi>
                  </Link>
                </h2>
                <p className="withdrawal-head">
                  <strong className="withdrawal-amount">{formatMoney(toMinor(w.amount), w.currency, locale, { exact: true })}</strong>
                </p>
                <p className="withdrawal-purpose" dir="auto">
                  {w.purpose}
                </p>
                <dl className="review-facts">
                  <div>
                    <dt>{t('review.requestedBy')}</dt>
                    <dd>
                      <bdi>{w.requested_by.full_name}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('review.requestedOn')}</dt>
                    <dd>
                      <time dateTime={w.requested_at}>{formatDate(w.requested_at, locale)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('review.raised')}</dt>
                    <dd>{formatMoney(toMinor(w.fundraiser.raised), w.fundraiser.currency, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('review.payTo')}</dt>
                    <dd>
                      <bdi>{w.account.account_holder_name}</bdi>
                      <br />
                      {t('account.endingIn', { last4: w.account.account_number_last4 })}
                      <br />
                      <bdi dir="ltr">{w.account.ifsc_code}</bdi>
                    </dd>
                  </div>
                </dl>
                <p>
                  <a href={w.document_url} target="_blank" rel="noopener">
                    {t('review.document')}
                  </a>
                </p>
                {w.review_reason && (
                  <p className="withdrawal-note">
                    <strong>{t('list.reason')}</strong> <bdi>{w.review_reason}</bdi>
                  </p>
                )}
                {w.paid_reference && (
                  <p className="withdrawal-note">
                    <strong>{t('list.reference')}</strong> <bdi dir="ltr">{w.paid_reference}</bdi>
                  </p>
                )}
                <WithdrawalDecision withdrawalId={w.id} status={w.status} labels={labels} />
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
