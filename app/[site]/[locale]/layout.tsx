import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import Script from 'next/script';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { directionOf } from '@/lib/i18n/locales';
import { getBrand, getSiteUrl } from '@/components/layout/request-context';
import { WebVitalsBeacon } from '@/components/layout/web-vitals-beacon';
import { notoSans, SCRIPT_FONT } from '../../fonts';
import '../../globals.css';

type Props = { children: React.ReactNode; params: Promise<{ site: string; locale: string }> };

// Pages render on their first visit per site and locale, then come from the cache until a writer
// expires their tags (lib/cache); nothing is rendered during next build.
export async function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { site, locale } = await params;
  const brand = await getBrand(site);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return {
    title: { default: t('title', { brand: brand.name }), template: `%s | ${brand.name}` },
    description: t('description'),
    applicationName: brand.name,
    metadataBase: new URL(await getSiteUrl(site)),
    icons: { icon: brand.favicon_url },
    other: brand.analytics_container_id ? { 'analytics-container': brand.analytics_container_id } : undefined,
  };
}

export async function generateViewport({ params }: Props): Promise<Viewport> {
  const brand = await getBrand((await params).site);
  return { themeColor: brand.theme_color, width: 'device-width', initialScale: 1 };
}

export default async function LocaleLayout({ children, params }: Props) {
  const { site, locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const brand = await getBrand(site);
  const t = await getTranslations({ locale, namespace: 'Common' });
  const script = SCRIPT_FONT[locale];
  const messages = await getMessages();
  return (
    <html
      lang={locale}
      dir={directionOf(locale)}
      className={[notoSans.variable, script?.variable].filter(Boolean).join(' ')}
      style={{ '--brand': brand.theme_color } as React.CSSProperties}
      data-brand={brand.is_partner ? brand.host : 'default'}
    >
      <body>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        {/* Clients get only the Error messages; everything else is rendered on the server. */}
        <NextIntlClientProvider messages={{ Error: messages.Error }}>{children}</NextIntlClientProvider>
        <WebVitalsBeacon />
        {brand.analytics_container_id && (
          <Script id="analytics-container" strategy="lazyOnload" data-container={brand.analytics_container_id}>
            {`(function(w,d,i){w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=d.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(i);d.head.appendChild(s);})(window,document,${JSON.stringify(brand.analytics_container_id)});`}
          </Script>
        )}
      </body>
    </html>
  );
}
