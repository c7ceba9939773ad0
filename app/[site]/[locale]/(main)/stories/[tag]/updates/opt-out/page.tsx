import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { cachedFundraiserByTag } from '@/lib/story/cached';
import { verifyUpdateOptOutToken } from '@/lib/fundraisers/update-opt-out';
import { maskEmail } from '@/lib/portfolio/format';
import { isolate } from '@/lib/i18n/bidi';
import { decodedSegment, firstParam, storyPath } from '@/lib/routes';
import { UpdateOptOutForm } from '@/components/story/UpdateOptOutForm';
import '@/components/portfolio/portfolio.css';

// the token is in the query: one answer per link, never cached
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; tag: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'UpdateOptOut' });
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

// where an update email's unsubscribe link lands. Opening it changes nothing; the button posts the token.
export default async function UpdateOptOutPage({ params, searchParams }: Props) {
  const { locale, tag } = await params;
  setRequestLocale(locale);
  const customTag = decodedSegment(tag);
  const f = customTag ? await cachedFundraiserByTag(customTag) : null;
  if (!f) notFound();
  const token = firstParam((await searchParams).token) ?? '';
  const email = token ? verifyUpdateOptOutToken(f.id, token) : null;
  const t = await getTranslations('UpdateOptOut');
  return (
    <div className="container section opt-out-page">
      <h1>{t('title')}</h1>
      {email ? (
        <>
          <p>{t('text', { title: isolate(f.title), email: isolate(maskEmail(email)) })}</p>
          <UpdateOptOutForm fundraiserId={f.id} token={token} labels={{ submit: t('submit'), sending: t('sending'), done: t('done'), failed: t('failed') }} />
        </>
      ) : (
        <p className="notice-error" role="alert">
          {t('invalid')}
        </p>
      )}
      <p>
        <Link href={storyPath(f.custom_tag)}>{t('back')}</Link>
      </p>
    </div>
  );
}
