// spec 2: the common header, or the basic header (Home, Fundraisers, Contribute Now, '100% Secure', hamburger).
import { getTranslations } from 'next-intl/server';
import { Menu, ShieldCheck } from 'lucide-react';
import { Link } from '@/i18n/navigation';
import type { Brand } from '@/lib/whitelabel/brand';
import { AccountLink } from '@/components/auth/AccountLink';
import { MobileMenu } from './MobileMenu';

interface Props {
  brand: Brand;
  variant: 'common' | 'basic';
  contributeHref: string | null;
}

export async function SiteHeader({ brand, variant, contributeHref }: Props) {
  const t = await getTranslations('Header');
  const links =
    variant === 'basic'
      ? [
          { href: '/', label: t('home') },
          { href: '/all-fundraisers', label: t('fundraisers') },
        ]
      : [
          { href: '/', label: t('home') },
          { href: '/all-fundraisers', label: t('fundraisers') },
          { href: '/about-us', label: t('about') },
          { href: '/new/crowdfunding', label: t('startFundraiser') },
        ];
  // the same links in the bar and in the mobile menu (spec 2 basic header: Contribute Now and 100% Secure)
  const items = (contributeClass: string) => (
    <>
      {links.map((l) => (
        <li key={l.href}>
          <Link href={l.href}>{l.label}</Link>
        </li>
      ))}
      {variant === 'common' && (
        <li>
          <AccountLink labels={{ signIn: t('signIn'), account: t('account'), logout: t('logout'), fundraisers: t('myFundraisers') }} />
        </li>
      )}
      {variant === 'basic' && contributeHref && (
        <li>
          <Link className={contributeClass} href={contributeHref}>
            {t('contributeNow')}
          </Link>
        </li>
      )}
      {variant === 'basic' && (
        <li>
          <span className="secure-tag">
            <ShieldCheck aria-hidden size={18} /> {t('secure')}
          </span>
        </li>
      )}
    </>
  );
  return (
    <header className="site-header" data-header={variant}>
      <div className="container bar">
        <Link href="/" className="brand-link" data-testid="brand-name">
          {brand.logo_url ? (
            // eslint-disable-next-line @next/next/no-img-element -- partner logos come from their own CDN
            <img src={brand.logo_url} alt="" width={32} height={32} />
          ) : null}
          <span>{brand.name}</span>
        </Link>
        <nav aria-label={t('mainNavigation')} className="nav-links-wrap" style={{ display: 'contents' }}>
          <ul className="nav-links">{items('btn btn-primary')}</ul>
        </nav>
        <MobileMenu label={t('menu')} icon={<Menu aria-hidden size={24} />}>
          <ul>{items('btn btn-primary btn-block')}</ul>
        </MobileMenu>
      </div>
    </header>
  );
}
