import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { can } from '@/lib/permissions/can';
import { reviewQueue } from '@/lib/fundraisers/review';
import { heldEdits, type HeldEditView } from '@/lib/fundraisers/live-edits';
import { heldUpdates, type HeldUpdateView } from '@/lib/fundraisers/updates';
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

// the reviewers' queue, oldest first; everyone else is told the page does not exist. Then the
// live fundraisers whose new words or updates the screening held, one entry per fundraiser
export default async function ReviewQueuePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, '/review');
  const db = await getDb();
  if (!(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) notFound();
  const [queue, edits, updates, causes, t, tCauses, tLeads, tWithdrawals] = await Promise.all([
    reviewQueue(db),
    heldEdits(db),
    heldUpdates(db),
    cachedCauses(),
    getTranslations('Review'),
    getTranslations('Causes'),
    getTranslations('Leads'),
    getTranslations('Withdrawals'),
  ]);
  const causeSlug = new Map(causes.map((c) => [c.id, c.slug]));
  const held = heldByFundraiser(edits, updates);
  return (
    <div className="container section review-page">
      <h1>{t('title')}</h1>
      <p className="review-back">
        <Link href="/review/leads">{tLeads('title')}</Link>
        {' · '}
        <Link href="/review/withdrawals">{tWithdrawals('review.title')}</Link>
      </p>
      {queue.length === 0 && held.length === 0 && (
        <p className="review-empty" data-testid="review-empty">
          {t('empty')}
        </p>
      )}
      {queue.length === 0 && held.length > 0 && <p className="muted">{t('held.noDrafts')}</p>}
      {queue.length > 0 && (
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
      {held.length > 0 && (
        <section className="review-held-queue" aria-labelledby="held-queue-heading">
          <h2 id="held-queue-heading">{t('held.queueHeading')}</h2>
          <p className="muted">{t('held.queueIntro')}</p>
          <ol className="review-queue" data-testid="held-queue">
            {held.map((h) => (
              <li key={h.fundraiser_id} className="review-item review-item-held">
                <h3>
                  <Link href={`/review/${h.fundraiser_id}`}>
                    <bdi>{h.title}</bdi>
                  </Link>
                </h3>
                <dl className="review-facts">
                  <div>
                    <dt>{t('held.waiting')}</dt>
                    <dd>{[h.change ? t('held.change.heading') : null, h.updates ? t('held.updateCount', { count: h.updates }) : null].filter(Boolean).join(' · ')}</dd>
                  </div>
                  <div>
                    <dt>{t('campaigner')}</dt>
                    <dd>
                      <bdi>{h.campaigner}</bdi>
                    </dd>
                  </div>
                  {h.flags > 0 && (
                    <div>
                      <dt>{t('flags.heading')}</dt>
                      <dd className="review-flag-count">{t('flags.count', { count: formatCount(h.flags, locale) })}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('submitted')}</dt>
                    <dd>
                      <time dateTime={h.submitted_at}>{formatDate(h.submitted_at, locale)}</time>
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

interface HeldEntry {
  fundraiser_id: number;
  title: string;
  campaigner: string;
  change: boolean;
  updates: number;
  flags: number;
  /** the oldest waiting: the queue reads oldest first */
  submitted_at: string;
}

/** One queue entry per live fundraiser with held words: its change of words and its held updates together. */
function heldByFundraiser(edits: HeldEditView[], updates: HeldUpdateView[]): HeldEntry[] {
  const byId = new Map<number, HeldEntry>();
  const entry = (id: number, title: string, campaigner: string, at: string) => {
    const e = byId.get(id) ?? { fundraiser_id: id, title, campaigner, change: false, updates: 0, flags: 0, submitted_at: at };
    if (at < e.submitted_at) e.submitted_at = at;
    byId.set(id, e);
    return e;
  };
  for (const c of edits) Object.assign(entry(c.fundraiser_id, c.fundraiser_title, c.campaigner, c.submitted_at), { change: true }).flags += c.review_flags.length;
  for (const u of updates) {
    const e = entry(u.fundraiser_id, u.fundraiser_title, u.campaigner, u.created_at);
    e.updates += 1;
    e.flags += u.review_flags.length;
  }
  return [...byId.values()].sort((a, b) => a.submitted_at.localeCompare(b.submitted_at));
}
