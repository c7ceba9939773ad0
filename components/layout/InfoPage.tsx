// The simple content pages of spec 2 (about-us, blog, contact-us, trustandsafety, privacypolicy).
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getBrand } from './request-context';
import { siteSettings } from '@/lib/site';
import { isolateLtr } from '@/lib/i18n/bidi';

export type InfoPageKey = 'about' | 'blog' | 'contact' | 'trust' | 'privacy';

export async function infoPageTitle(locale: string, key: InfoPageKey): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Pages' });
  return t(`${key}Title`);
}

export async function InfoPage({ site, locale, page, children }: { site: string; locale: string; page: InfoPageKey; children?: React.ReactNode }) {
  setRequestLocale(locale);
  const t = await getTranslations('Pages');
  const brand = await getBrand(site);
  return (
    <div className="container prose">
      <h1>{t(`${page}Title`)}</h1>
      {(['Text', 'Text2', 'Text3'] as const)
        .filter((part) => t.has(`${page}${part}`))
        .map((part) => (
          <p key={part}>{t(`${page}${part}`, { brand: brand.name, number: isolateLtr(siteSettings().contactNumber) })}</p>
        ))}
      {children}
    </div>
  );
}
