// Platform figures of spec 1 (configurable), 0% platform fee, contact number, policy links.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Brand } from '@/lib/whitelabel/brand';
import type { SiteSettings } from '@/lib/site';
import { LocaleSwitcher } from './LocaleSwitcher';
import { PlatformFigures } from './PlatformFigures';
import { isolateLtr } from '@/lib/i18n/bidi';

export async function SiteFooter({ brand, site, locale }: { brand: Brand; site: SiteSettings; locale: string }) {
  const t = await getTranslations('Footer');
  const tc = await getTranslations('Common');
  const tl = await getTranslations('LeadForms');
  return (
    <footer className="site-footer">
      <div className="container">
        <h2 className="visually-hidden">{t('figuresHeading')}</h2>
        <PlatformFigures figures={site.figures} names={['raised', 'donors', 'fundraisers', 'followers']} locale={locale} className="figures" testId="platform-figures" />
        <p>
          <strong>{t('platformFee', { percent: site.platformFeePercent })}</strong> ·{' '}
          <a href={`tel:${site.contactNumber.replace(/\s+/g, '')}`}>
            {/* the number isolated left-to-right (LRI ... PDI): '+91' never becomes '91+' in Arabic and Urdu */}
            {t('contact', { number: isolateLtr(site.contactNumber) })}
          </a>
        </p>
        <ul className="footer-links">
          <li><Link href="/about-us">{t('aboutUs')}</Link></li>
          <li><Link href="/blog">{t('blog')}</Link></li>
          <li><Link href="/contact-us">{t('contactUs')}</Link></li>
          <li><Link href="/refer">{tl('footerLink')}</Link></li>
          <li><Link href="/trustandsafety">{t('trust')}</Link></li>
          <li><Link href="/transparency">{t('transparency')}</Link></li>
          <li><Link href="/privacypolicy">{t('privacy')}</Link></li>
        </ul>
        <LocaleSwitcher current={locale} label={tc('languages')} />
        <p className="muted">{t('rights', { year: new Date().getFullYear(), brand: brand.name })}</p>
      </div>
    </footer>
  );
}
