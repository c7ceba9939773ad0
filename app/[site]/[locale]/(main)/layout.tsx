import { setRequestLocale } from 'next-intl/server';
import { SiteHeader } from '@/components/layout/SiteHeader';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { getBrand } from '@/components/layout/request-context';
import { siteSettings } from '@/lib/site';
import { cachedFundraiserList } from '@/lib/cache/queries';
import { paymentPath } from '@/lib/routes';

type Props = { children: React.ReactNode; params: Promise<{ site: string; locale: string }> };

export default async function MainLayout({ children, params }: Props) {
  const { site, locale } = await params;
  setRequestLocale(locale);
  const brand = await getBrand(site);
  const settings = siteSettings();
  // The basic header's 'Contribute Now' goes to the most-trending running fundraiser.
  let contributeHref: string | null = null;
  if (settings.headerVariant === 'basic') {
    const [top] = (await cachedFundraiserList({ limit: 1, status: 'active' })).data;
    contributeHref = top ? paymentPath(top) : null;
  }
  return (
    <>
      <SiteHeader brand={brand} variant={settings.headerVariant} contributeHref={contributeHref} />
      <main id="main">{children}</main>
      <SiteFooter brand={brand} site={settings} locale={locale} />
    </>
  );
}
