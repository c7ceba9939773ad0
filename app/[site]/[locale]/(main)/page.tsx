import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FundraiserSection } from '@/components/fundraiser/FundraiserSection';
import { RecentlyVisited } from '@/components/fundraiser/RecentlyVisited';
import { PlatformFigures } from '@/components/layout/PlatformFigures';
import { cachedCauses, cachedFundraiserList } from '@/lib/cache/queries';
import { HOME_SECTION_COUNT, HOME_TRENDING_COUNT } from '@/lib/constants/listing';
import { siteSettings } from '@/lib/site';
import { causeName } from '@/lib/i18n/stored-values';

type Props = { params: Promise<{ site: string; locale: string }> };

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, tCauses] = await Promise.all([getTranslations('Home'), getTranslations('Causes')]);
  const now = new Date();
  // spec 7 listings: trending, urgent, success stories, causes
  const [trending, urgent, success, causes] = await Promise.all([
    cachedFundraiserList({ limit: HOME_TRENDING_COUNT, status: 'active' }),
    cachedFundraiserList({ limit: HOME_SECTION_COUNT, status: 'active', urgent: true }),
    cachedFundraiserList({ limit: HOME_SECTION_COUNT, status: 'all', successStory: true }),
    cachedCauses(),
  ]);
  const { figures } = siteSettings();
  return (
    <>
      <section className="hero container">
        <h1>{t('heroTitle')}</h1>
        <p>{t('heroText')}</p>
        <div className="actions">
          <Link className="btn btn-primary" href="/new/crowdfunding">
            {t('startCta')}
          </Link>
          <Link className="btn btn-secondary" href="/all-fundraisers">
            {t('browseCta')}
          </Link>
        </div>
        <h2 className="visually-hidden">{t('figuresHeading')}</h2>
        <PlatformFigures figures={figures} names={['raised', 'donors', 'fundraisers']} locale={locale} className="figures hero-figures" />
      </section>
      <FundraiserSection id="trending" title={t('trending')} fundraisers={trending.data} locale={locale} now={now} viewAll={{ href: '/all-fundraisers', label: t('viewAll') }} empty={t('empty')} priorityFirst />
      <FundraiserSection id="urgent" title={t('urgent')} fundraisers={urgent.data} locale={locale} now={now} />
      <FundraiserSection id="success" title={t('successStories')} fundraisers={success.data} locale={locale} now={now} />
      {causes.length > 0 && (
        <section className="section container" aria-labelledby="causes-heading">
          <h2 id="causes-heading">{t('causes')}</h2>
          <ul className="chips">
            {causes.map((c) => (
              <li key={c.id}>
                <Link className="chip" href={{ pathname: '/all-fundraisers', query: { cause: c.id } }}>
                  {causeName(tCauses, c)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* spec 9: last, below the fold: it appears after load (the browser's own list) without moving anything in view */}
      <RecentlyVisited heading={t('recentlyVisited')} />
    </>
  );
}
