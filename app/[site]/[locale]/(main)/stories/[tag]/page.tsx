import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FallbackImage } from '@/components/ui/FallbackImage';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { cachedFundraiserByTag } from '@/lib/cache/queries';
import { cardImage, daysLeft, DEFAULT_FUNDRAISER_IMAGE, hasTaxBenefit, isFundraiserEnded, progressPercent } from '@/lib/fundraisers/rules';
import { formatMoney } from '@/lib/money';
import { paymentPath } from '@/lib/routes';

type Props = { params: Promise<{ site: string; locale: string; tag: string }> };

// rendered on a story's first visit, then served from the cache until a change expires its tag
export async function generateStaticParams() {
  return [];
}

const loadFundraiser = cache(async (tag: string) => cachedFundraiserByTag(decodeURIComponent(tag)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tag } = await params;
  const f = await loadFundraiser(tag);
  if (!f) return {};
  return { title: f.title, robots: f.is_private ? { index: false, follow: false } : undefined };
}

export default async function StoryPage({ params }: Props) {
  const { locale, tag } = await params;
  setRequestLocale(locale);
  const f = await loadFundraiser(tag);
  if (!f) notFound();
  const t = await getTranslations('Story');
  const tc = await getTranslations('Card');
  const now = new Date();
  const ended = isFundraiserEnded(f, now);
  const left = daysLeft(f, now);
  const percent = progressPercent(f.raised_minor, f.goal_minor);
  const image = f.images.leaderboard ?? f.images.theater ?? f.images.widget;
  const storyVisible = !f.is_private;
  return (
    <>
      <div className="container story-layout">
        <article>
          <h1>{f.title}</h1>
          <div className="story-hero">
            <FallbackImage
              src={cardImage(f.images)}
              fallbackSrc={DEFAULT_FUNDRAISER_IMAGE}
              alt={f.title}
              width={image?.width ?? 1200}
              height={image?.height ?? 675}
              fetchPriority="high"
            />
          </div>
          <dl className="facts">
            <div>
              <dt>{t('campaigner')}</dt>
              <dd data-testid="campaigner">{f.campaigner_name}</dd>
            </div>
            {storyVisible && f.beneficiary_name && (
              <div>
                <dt>{t('beneficiary')}</dt>
                <dd>{f.beneficiary_name}</dd>
              </div>
            )}
            {f.cause_name && (
              <div>
                <dt>{t('cause')}</dt>
                <dd>{f.cause_name}</dd>
              </div>
            )}
            {hasTaxBenefit(f) && (
              <div>
                <dt className="visually-hidden">{tc('taxBenefit')}</dt>
                <dd>
                  <span className="badge">{tc('taxBenefit')}</span>
                </dd>
              </div>
            )}
          </dl>
          <section aria-labelledby="story-heading">
            <h2 id="story-heading">{t('story')}</h2>
            {storyVisible ? (
              <p className="story-body">{f.short_description}</p>
            ) : (
              <div className="panel">
                <h3>{t('privateTitle')}</h3>
                <p>{t('privateText')}</p>
              </div>
            )}
          </section>
        </article>
        <aside className="panel donate-panel" aria-label={t('contribute')}>
          <p className="raised" data-testid="raised">
            {formatMoney(f.raised_minor, f.currency, locale)}
          </p>
          <p className="muted" data-testid="goal">
            {t('goal', { goal: formatMoney(f.goal_minor, f.currency, locale) })}
          </p>
          <ProgressBar percent={percent} label={tc('progress', { percent })} />
          <p className="meta" style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span data-testid="supporters">{tc('supporters', { count: f.donor_count })}</span>
            <span data-testid="days-left">{ended ? tc('ended') : left !== null ? tc('daysLeft', { days: left }) : null}</span>
          </p>
          {ended ? (
            <p role="status">{t('ended')}</p>
          ) : (
            <Link className="btn btn-primary btn-block" href={paymentPath(f)}>
              {t('contribute')}
            </Link>
          )}
        </aside>
      </div>
      {!ended && (
        <div className="mobile-donate-bar">
          <Link className="btn btn-primary btn-block" href={paymentPath(f)}>
            {t('contribute')}
          </Link>
        </div>
      )}
    </>
  );
}
