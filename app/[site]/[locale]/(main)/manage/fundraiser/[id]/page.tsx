import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { can } from '@/lib/permissions/can';
import { dashboardOf } from '@/lib/fundraisers/dashboard';
import { listRewards } from '@/lib/fundraisers/rewards';
import { latestEditFor } from '@/lib/fundraisers/live-edits';
import { unpublishedUpdatesFor } from '@/lib/fundraisers/updates';
import { formatCount, formatMoney, toMinor } from '@/lib/money';
import { storyPath } from '@/lib/routes';
import { requireCurrentUser } from '@/components/auth/current-user';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { DonationsChart } from '@/components/manage/DonationsChart';
import { RewardsManager, type RewardsLabels } from '@/components/manage/RewardsManager';
import { UpdateForm, type UpdateFormLabels } from '@/components/manage/UpdateForm';
import { EditStorySection } from '@/components/manage/EditStorySection';
import { storyEditorLabels } from '@/components/wizard/editor-labels';
import { WithdrawalsSection } from '@/components/manage/WithdrawalsSection';
import { DonorsSection } from '@/components/manage/DonorsSection';
import { UpdateRequests } from '@/components/manage/UpdateRequests';
import { CommentsSection } from '@/components/manage/CommentsSection';
import { EndFundraiser, type EndFundraiserLabels } from '@/components/manage/EndFundraiser';
import { SupportingSection } from '@/components/manage/SupportingSection';
import { UnpublishedUpdates } from '@/components/manage/UnpublishedUpdates';
import { ShareFundraiser } from '@/components/manage/ShareFundraiser';
import { getSiteUrl } from '@/components/layout/request-context';
import { absoluteUrl } from '@/lib/seo/story-meta';
import { localizedPath } from '@/lib/i18n/locales';
import '@/components/portfolio/portfolio.css';
import '@/components/wizard/wizard.css';
import '@/components/manage/manage.css';
import { isRowId } from '@/lib/validation/ids';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Manage' });
  return { title: t('dashboardTitle'), robots: { index: false, follow: false } };
}

const REWARD_KEYS = ['heading', 'empty', 'title', 'description', 'minAmount', 'quantity', 'quantityHint', 'image', 'imageHint', 'uploading', 'add', 'adding', 'remove', 'left', 'unlimited', 'given', 'failed', 'retired', 'retiredNotice'] as const;
const STAGE_KEY = { draft: 'stageDraft', under_review: 'stageUnderReview', rejected: 'stageRejected', running: 'statusRunning', ended: 'statusEnded' } as const;

// one fundraiser's dashboard for its campaigner, owner or manager (anyone else: no such page)
export default async function FundraiserDashboardPage({ params }: Props) {
  const { site, locale, id: raw } = await params;
  setRequestLocale(locale);
  const id = Number(raw);
  if (!isRowId(id)) notFound();
  const user = await requireCurrentUser(locale, `/manage/fundraiser/${id}`);
  const db = await getDb();
  if (!(await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id }))) notFound();
  const [d, rewardList, heldEdit, unpublished, t, tw] = await Promise.all([
    dashboardOf(db, id),
    listRewards(db, id, { withRetired: true }),
    latestEditFor(db, user, id),
    unpublishedUpdatesFor(db, user, id),
    getTranslations('Manage'),
    getTranslations('Wizard'),
  ]);
  if (!d) notFound();
  const money = (minor: number) => formatMoney(minor, d.currency, locale);
  const week = d.days.slice(-7).reduce((sum, x) => sum + x.amount_minor, 0);
  const rewardLabels = Object.fromEntries(REWARD_KEYS.map((k) => [k, t.raw(`rewards.${k}`) as string])) as RewardsLabels;
  const updateLabels: UpdateFormLabels = {
    heading: t('update.heading'),
    title: t('update.title'),
    body: t('update.body'),
    bodyHint: t('update.bodyHint'),
    post: t('update.post'),
    posting: t('update.posting'),
    posted: t.raw('update.posted') as string,
    postedHeld: t('update.postedHeld'),
    failed: t('update.failed'),
    editor: storyEditorLabels(tw),
  };
  const live = d.stage === 'running';
  // words held for a reviewer are said at the top, with a way to what and why
  const heldUpdates = unpublished.filter((u) => u.status === 'held').length;
  return (
    <div className="container section manage-page">
      <p>
        <Link href="/manage/list">{t('backToList')}</Link>
      </p>
      <h1>
        <bdi>{d.title}</bdi>
      </h1>
      <p className="meta">
        <span className={`status${d.stage === 'running' || d.stage === 'ended' ? ` status-${d.stage}` : ''}`}>{t(STAGE_KEY[d.stage])}</span>
        {d.stage !== 'draft' && d.stage !== 'under_review' && d.stage !== 'rejected' && <Link href={storyPath(d.custom_tag)}>{t('viewStory')}</Link>}
      </p>

      {live && (
        <ShareFundraiser fundraiserId={d.id} customTag={d.custom_tag} title={d.title} summary={d.short_description ?? ''} storyUrl={absoluteUrl(await getSiteUrl(site), localizedPath(locale, storyPath(d.custom_tag)))} />
      )}

      {live && heldEdit && (
        <p className="notice-warning held-banner" data-testid="held-banner">
          <span>{t(heldEdit.status === 'pending' ? 'edit.bannerHeld' : 'edit.bannerDeclined')}</span>
          <a href="#edit-story">{t('edit.bannerLink')}</a>
        </p>
      )}
      {heldUpdates > 0 && (
        <p className="notice-warning held-banner" data-testid="held-updates-banner">
          <span>{t('update.bannerHeld', { count: heldUpdates })}</span>
          <a href="#held-updates-heading">{t('edit.bannerLink')}</a>
        </p>
      )}

      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="visually-hidden">
          {t('figures')}
        </h2>
        <ProgressBar percent={d.progress_percent} label={t('progress', { percent: d.progress_percent })} />
        <p className="amounts">
          <strong data-testid="dashboard-raised">{money(d.raised_minor)}</strong> {t('raisedOf', { goal: money(d.goal_minor) })}
        </p>
        <dl className="summary-figures" data-testid="dashboard-figures">
          <div>
            <dt>{t('donors')}</dt>
            <dd>{formatCount(d.donors, locale)}</dd>
          </div>
          <div>
            <dt>{t('visits')}</dt>
            <dd>{formatCount(d.visits, locale)}</dd>
          </div>
          <div>
            <dt>{t('shares')}</dt>
            <dd>{formatCount(d.shares, locale)}</dd>
          </div>
          <div>
            <dt>{t('daysLeft')}</dt>
            <dd>{d.days_left ?? '—'}</dd>
          </div>
        </dl>
      </section>

      <section className="panel manage-block" aria-labelledby="chart-heading">
        <h2 id="chart-heading">{t('chart.heading')}</h2>
        <DonationsChart
          days={d.days}
          currency={d.currency}
          locale={locale}
          labels={{ title: t('chart.title'), summary: t('chart.summary', { week: money(week) }), day: t('chart.day'), amount: t('chart.amount'), donations: t('chart.donations'), showTable: t('chart.showTable') }}
        />
      </section>

      {live && <EditStorySection fundraiserId={d.id} user={user} locale={locale} />}
      {live && <UpdateForm fundraiserId={d.id} labels={updateLabels} />}
      {(d.stage === 'running' || d.stage === 'ended') && <UnpublishedUpdates fundraiserId={d.id} user={user} locale={locale} />}
      {(d.stage === 'running' || d.stage === 'ended') && <UpdateRequests fundraiserId={d.id} user={user} locale={locale} />}
      {(d.stage === 'running' || d.stage === 'ended') && <CommentsSection fundraiserId={d.id} user={user} locale={locale} />}
      <RewardsManager fundraiserId={d.id} initial={rewardList} labels={rewardLabels} currency={d.currency} money={Object.fromEntries(rewardList.map((r) => [r.id, money(toMinor(r.min_amount))]))} />
      {(d.stage === 'running' || d.stage === 'ended') && <SupportingSection fundraiserId={d.id} user={user} locale={locale} />}
      {(d.stage === 'running' || d.stage === 'ended') && <DonorsSection fundraiserId={d.id} user={user} locale={locale} />}
      {(d.stage === 'running' || d.stage === 'ended') && <WithdrawalsSection fundraiserId={d.id} user={user} locale={locale} />}
      <EndFundraiser fundraiserId={d.id} running={live} labels={t.raw('end') as EndFundraiserLabels} />
    </div>
  );
}
