import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { can } from '@/lib/permissions/can';
import { LEAD_TYPES, reviewerLeads, type LeadListItem } from '@/lib/leads/service';
import { LeadListQuerySchema } from '@/lib/validation/lead';
import { formatCount } from '@/lib/money';
import { formatDateTime } from '@/lib/portfolio/format';
import { firstParam } from '@/lib/routes';
import { requireCurrentUser } from '@/components/auth/current-user';
import '@/components/review/review.css';
import '@/components/review/leads.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
/** a translator of one namespace, as far as these helpers use it */
type Translate = { (key: string): string; has: (key: string) => boolean };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Leads' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** A stored value shown in the reader's words when we have them (referral options, hospitalisation statuses), else as sent. */
const wordFor = (t: Translate, key: string, value: string | null) => (value && t.has(`${key}.${value}`) ? t(`${key}.${value}`) : value);

/** What the lead is about: referrals name the treatment and the hospitalisation status, other leads their cause. */
function aboutOf(lead: LeadListItem, t: { wizard: Translate; review: Translate }): string[] {
  if (lead.type === LEAD_TYPES.referral) return [wordFor(t.wizard, 'referral', lead.cause), wordFor(t.review, 'hospitalisation', lead.subject)].filter((v): v is string => Boolean(v));
  return lead.cause ? [lead.cause] : [];
}

// every lead sent to the team (spec 3, 7), newest first, 50 a page, for reviewers; everyone else is told the page does not exist
export default async function ReviewLeadsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = LeadListQuerySchema.safeParse({ before: firstParam((await searchParams).before) });
  const before = query.success ? query.data.before : undefined;
  const user = await requireCurrentUser(locale, before ? `/review/leads?before=${before}` : '/review/leads');
  const db = await getDb();
  if (!(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) notFound();
  const [list, t, wizard, review] = await Promise.all([reviewerLeads(db, user, { before }), getTranslations('Leads'), getTranslations('Wizard'), getTranslations('Review')]);
  return (
    <div className="container section review-page leads-page">
      <p className="review-back">
        <Link href="/review">{t('backToReview')}</Link>
      </p>
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {list.leads.length === 0 ? (
        <p className="review-empty" data-testid="leads-empty">
          {before ? t('noOlder') : t('empty')}
        </p>
      ) : (
        <>
          <p className="review-count">{t('shown', { count: formatCount(list.leads.length, locale) })}</p>
          <ol className="leads-list" data-testid="leads-list">
            {list.leads.map((lead) => {
              const about = aboutOf(lead, { wizard, review });
              const place = [...about, lead.city].filter(Boolean).join(' · ');
              return (
                <li key={lead.id} className="lead-item">
                  <div className="lead-head">
                    <span className="lead-type">{lead.type && t.has(`types.${lead.type}`) ? t(`types.${lead.type}`) : t('types.other')}</span>
                    <h2>
                      <bdi>{lead.name || t('noName')}</bdi>
                    </h2>
                  </div>
                  <dl className="review-facts lead-facts">
                    <div className="lead-contact-fact">
                      <dt>{t('contact')}</dt>
                      <dd className="lead-contact">
                        {lead.email && (
                          <a href={`mailto:${lead.email}`}>
                            <bdi dir="ltr">{lead.email}</bdi>
                          </a>
                        )}
                        {lead.phone && (
                          <a href={`tel:${lead.extension ?? ''}${lead.phone}`}>
                            <bdi dir="ltr">{[lead.extension, lead.phone].filter(Boolean).join(' ')}</bdi>
                          </a>
                        )}
                        {!lead.email && !lead.phone && t('none')}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('causeCity')}</dt>
                      <dd>{place ? <bdi>{place}</bdi> : t('none')}</dd>
                    </div>
                    {lead.subject && lead.type !== LEAD_TYPES.referral && (
                      <div>
                        <dt>{t('subject')}</dt>
                        <dd>
                          <bdi>{lead.subject}</bdi>
                        </dd>
                      </div>
                    )}
                    <div>
                      <dt>{t('source')}</dt>
                      <dd>{lead.utm_source ? <bdi dir="ltr">{lead.utm_source}</bdi> : t('direct')}</dd>
                    </div>
                    <div>
                      <dt>{t('page')}</dt>
                      <dd>{lead.page ? <bdi dir="ltr">{lead.page}</bdi> : t('none')}</dd>
                    </div>
                    <div>
                      <dt>{t('received')}</dt>
                      <dd>
                        <time dateTime={lead.created_at}>{formatDateTime(lead.created_at, locale)}</time>
                      </dd>
                    </div>
                  </dl>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {(before || list.next_before) && (
        <nav className="lead-pages" aria-label={t('pages')}>
          {before && <Link href="/review/leads">{t('newest')}</Link>}
          {list.next_before && <Link className="lead-older" href={`/review/leads?before=${list.next_before}`}>{t('older')}</Link>}
        </nav>
      )}
    </div>
  );
}
