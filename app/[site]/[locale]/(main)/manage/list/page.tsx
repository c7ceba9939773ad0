import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { managedFundraisersOf } from '@/lib/portfolio/queries';
import { hospitalFundraisers, ngoDashboard } from '@/lib/fundraisers/organisations';
import { getFcraRegistration } from '@/lib/fundraisers/fcra-registration';
import { indiaDay } from '@/lib/india-time';
import { FcraRegistrationForm, type FcraLabels } from '@/components/manage/FcraRegistrationForm';
import { DASHBOARD_FETCH_COUNT } from '@/lib/constants/listing';
import { formatCount, formatMoney } from '@/lib/money';
import { storyPath } from '@/lib/routes';
import { requireCurrentUser } from '@/components/auth/current-user';
import { ProgressBar } from '@/components/ui/ProgressBar';
import '@/components/portfolio/portfolio.css';
import '@/components/manage/manage.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Manage' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

const STAGE_KEY = { draft: 'stageDraft', under_review: 'stageUnderReview', rejected: 'stageRejected', running: 'statusRunning', ended: 'statusEnded' } as const;
const FCRA_LABEL_KEYS = ['heading', 'intro', 'none', 'number', 'validUntil', 'expired', 'holder', 'accountNumber', 'ifsc', 'ifscHint', 'save', 'saving', 'saved', 'change', 'remove', 'cancel', 'failed', 'account'] as const satisfies readonly (keyof FcraLabels)[];
const ROLE_KEY = { campaigner: 'roleCampaigner', manager: 'roleManager', created_for_others: 'roleCreatedForOthers', organisation: 'roleOrganisation' } as const;

// spec 2 and 6: the manage list where campaigners, NGOs and hospital users land after sign-in
export default async function ManageListPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, '/manage/list');
  const db = await getDb();
  const [list, ngo, hospital, t] = await Promise.all([managedFundraisersOf(db, user.id), ngoDashboard(db, user.id, DASHBOARD_FETCH_COUNT), hospitalFundraisers(db, user.id), getTranslations('Manage')]);
  const fcra = await Promise.all(ngo.ngos.map((n) => getFcraRegistration(db, user, n.id)));
  const fcraLabels = Object.fromEntries(FCRA_LABEL_KEYS.map((k) => [k, t(`fcra.${k}`)])) as FcraLabels;
  return (
    <div className="container section">
      <h1>{t('title')}</h1>
      {ngo.ngos.length > 0 && (
        // spec 6: an NGO's people land here; its standing first (the same figures as the dashboard data call)
        <section className="panel ngo-panel" aria-labelledby="ngo-heading" data-testid="ngo-panel">
          <h2 id="ngo-heading">
            <bdi>{ngo.ngos.map((n) => n.name).join(', ')}</bdi>
          </h2>
          <dl className="summary-figures">
            <div>
              <dt>{t('ngo.active')}</dt>
              <dd>{formatCount(ngo.ngo_active_campaigns, locale)}</dd>
            </div>
            <div>
              <dt>{t('ngo.taxBenefit')}</dt>
              <dd>{ngo.tax_benefit ? t('ngo.has80g') : t('ngo.no80g')}</dd>
            </div>
          </dl>
          {/* each NGO's 80G desk: Form 10BD, donors without a PAN, its registration details */}
          <ul className="tax-desk-links">
            {ngo.ngos.map((n) => (
              <li key={n.id}>
                <Link href={`/manage/tax/${n.id}`} data-testid="tax-desk-link">
                  {ngo.ngos.length > 1 ? `${t('ngo.taxDesk')}: ${n.name}` : t('ngo.taxDesk')}
                </Link>
              </li>
            ))}
          </ul>
          {ngo.ngos.some((n) => n.has_80g && n.registration_number) && (
            <p className="muted">{t('ngo.registration', { numbers: ngo.ngos.flatMap((n) => (n.has_80g && n.registration_number ? [n.registration_number] : [])).join(', ') })}</p>
          )}
          {ngo.ngos.map((n, i) => (
            <FcraRegistrationForm key={n.id} ngoId={n.id} ngoName={ngo.ngos.length > 1 ? n.name : null} initial={fcra[i]} labels={fcraLabels} today={indiaDay(new Date())} />
          ))}
        </section>
      )}
      {list.length === 0 ? (
        <div className="empty-state">
          <p>{t('empty')}</p>
          <Link className="btn btn-primary" href="/new/crowdfunding">
            {t('start')}
          </Link>
        </div>
      ) : (
        <ul className="managed-list" data-testid="managed-fundraisers">
          {list.map((f) => {
            const raised = formatMoney(f.raised_minor, f.currency, locale);
            const goal = formatMoney(f.goal_minor, f.currency, locale);
            const published = f.stage === 'running' || f.stage === 'ended';
            return (
              <li key={f.id} className="managed-item">
                <h2>
                  <Link href={published ? storyPath(f.custom_tag) : `/new/crowdfunding/form?draft=${f.id}`}>{f.title || t('untitled')}</Link>
                </h2>
                <p className="meta">
                  <span className={`status${published ? ` status-${f.stage}` : ''}`}>{t(STAGE_KEY[f.stage])}</span>
                  {f.is_private && <span className="status">{t('private')}</span>}
                  <span>{t(ROLE_KEY[f.role])}</span>
                </p>
                <ProgressBar percent={f.progress_percent} label={t('progress', { percent: f.progress_percent })} />
                <p className="amounts">
                  <strong>{raised}</strong> {t('raisedOf', { goal })}
                </p>
                <p className="meta">
                  <span>{t('supporters', { count: formatCount(f.donor_count, locale) })}</span>
                  {published && <Link href={storyPath(f.custom_tag)}>{t('viewStory')}</Link>}
                  <Link href={`/manage/fundraiser/${f.id}`}>{t('dashboard')}</Link>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {hospital && (
        // spec 6: a hospital desk follows the fundraisers naming its hospital, read only
        <section className="section" aria-labelledby="hospital-heading" data-testid="hospital-fundraisers">
          <h2 id="hospital-heading">{t('hospital.heading', { hospital: hospital.hospital })}</h2>
          <p className="muted">{t('hospital.note')}</p>
          {hospital.fundraisers.length === 0 ? (
            <p>{t('hospital.empty')}</p>
          ) : (
            <ul className="managed-list">
              {hospital.fundraisers.map((f) => (
                <li key={f.id} className="managed-item">
                  <h3>
                    <Link href={storyPath(f.custom_tag)}>{f.title}</Link>
                  </h3>
                  <p className="meta">
                    <span className={`status status-${f.stage}`}>{t(STAGE_KEY[f.stage])}</span>
                    {f.is_private && <span className="status">{t('private')}</span>}
                  </p>
                  <ProgressBar percent={f.progress_percent} label={t('progress', { percent: f.progress_percent })} />
                  <p className="amounts">
                    <strong>{formatMoney(f.raised_minor, f.currency, locale)}</strong> {t('raisedOf', { goal: formatMoney(f.goal_minor, f.currency, locale) })}
                  </p>
                  <p className="meta">
                    <span>{t('supporters', { count: formatCount(f.donor_count, locale) })}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
