import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FundraiserCard } from '@/components/fundraiser/FundraiserCard';
import { FundraiserCarousel } from '@/components/listing/FundraiserCarousel';
import { getBrand, getSiteUrl } from '@/components/layout/request-context';
import { cachedFundraiserList } from '@/lib/cache/queries';
import { forcesMobile, listingLinks } from '@/lib/listing/carousel';
import { DASHBOARD_FETCH_COUNT } from '@/lib/constants/listing';
import { directionOf } from '@/lib/i18n/locales';
import '@/components/listing/listing.css';

// Embeddable (spec 2): no header or menus; isMobile in the query forces the mobile layout.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { site, locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Listing' });
  return { title: t('heading', { brand: (await getBrand(site)).name }), robots: { index: false, follow: true } };
}

export default async function FundraiserListingPage({ params, searchParams }: Props) {
  const { site, locale } = await params;
  setRequestLocale(locale);
  const [t, brand, { data }] = await Promise.all([getTranslations('Listing'), getBrand(site), cachedFundraiserList({ limit: DASHBOARD_FETCH_COUNT, status: 'active' })]);
  const forceMobile = forcesMobile((await searchParams).isMobile);
  const origin = await getSiteUrl(site);
  const now = new Date();
  return (
    <main id="main" className={`listing-embed${forceMobile ? ' force-mobile' : ''}`}>
      <h1 className="heading-desktop">{t('heading', { brand: brand.name })}</h1>
      <h1 className="heading-mobile">{t('headingMobile', { brand: brand.name })}</h1>
      <p className="muted">{t('description')}</p>
      <FundraiserCarousel forceMobile={forceMobile} direction={directionOf(locale)} labels={{ previous: t('previous'), next: t('next'), region: t('allTitle'), empty: t('empty') }}>
        {data.map((f, i) => (
          <FundraiserCard key={f.id} fundraiser={f} locale={locale} now={now} priority={i === 0} links={listingLinks(origin, locale, f.custom_tag)} />
        ))}
      </FundraiserCarousel>
    </main>
  );
}
