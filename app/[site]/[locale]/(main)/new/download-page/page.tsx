import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { firstParam, storyPath } from '@/lib/routes';
import { getBrand } from '@/components/layout/request-context';
import '@/components/auth/auth.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: true } };

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// spec 6: phone visitors arriving with external_ct see the app first, then may go on to the story
export default async function DownloadPage({ params, searchParams }: Props) {
  const { site, locale } = await params;
  setRequestLocale(locale);
  const ct = firstParam((await searchParams).ct);
  const [t, brand] = await Promise.all([getTranslations('Auth'), getBrand(site)]);
  return (
    <div className="container section signin-page">
      <div className="signin-panel panel">
        <h1>{t('downloadTitle', { name: brand.name })}</h1>
        <p>{t('downloadText')}</p>
        {ct && (
          <Link className="btn btn-primary btn-block" href={`${storyPath(ct)}?app_prompt=seen`}>
            {t('continueToStory')}
          </Link>
        )}
        <Link className="btn btn-block" href="/">
          {t('continueHome')}
        </Link>
      </div>
    </div>
  );
}
