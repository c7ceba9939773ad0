import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FundraiserCard } from '@/components/fundraiser/FundraiserCard';
import { cachedFundraiserList } from '@/lib/cache/queries';
import { HOME_TRENDING_COUNT } from '@/lib/constants';

type Props = { params: Promise<{ site: string; locale: string }> };

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Home');
  const now = new Date();
  const trending = (await cachedFundraiserList({ limit: HOME_TRENDING_COUNT, status: 'active' })).data;
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
      </section>
      <section className="section container" aria-labelledby="trending-heading">
        <div className="section-head">
          <h2 id="trending-heading">{t('trending')}</h2>
          <Link href="/all-fundraisers">{t('viewAll')}</Link>
        </div>
        {trending.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <ul className="card-grid">
            {trending.map((f, i) => (
              <li key={f.id}>
                <FundraiserCard fundraiser={f} locale={locale} now={now} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
