// spec 2: any other path is the 404 page (HTTP 404). Next renders this file at the routing level as a whole document, so it
// reads without JavaScript: a notFound() thrown by a catch-all page under the dynamic root layout ([site]/[locale]) reached
// the browser as an empty shell that only JavaScript filled (vercel/next.js#62228).
import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { directionOf } from '@/lib/i18n/locales';
import { notoSans, SCRIPT_FONT } from './fonts';
import './globals.css';

// next-intl's middleware names the locale of the path in a request header
async function pageLocale() {
  const requested = await getLocale().catch(() => routing.defaultLocale);
  return hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(), namespace: 'NotFound' });
  return { title: t('title'), robots: { index: false } };
}

export default async function GlobalNotFound() {
  const locale = await pageLocale();
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
  const script = SCRIPT_FONT[locale];
  return (
    <html lang={locale} dir={directionOf(locale)} className={[notoSans.variable, script?.variable].filter(Boolean).join(' ')}>
      <body>
        <main id="main">
          <div className="container not-found">
            <h1>{t('title')}</h1>
            <p>{t('text')}</p>
            <div className="actions">
              <a className="btn btn-primary" href={prefix || '/'}>
                {t('home')}
              </a>
              <a className="btn btn-secondary" href={`${prefix}/all-fundraisers`}>
                {t('browse')}
              </a>
            </div>
          </div>
        </main>
      </body>
    </html>
  );
}
