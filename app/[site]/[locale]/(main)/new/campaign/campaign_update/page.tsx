import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { cachedCampaignUpdate, cachedFundraiserByTag } from '@/lib/story/cached';
import { isFundraiserEnded } from '@/lib/fundraisers/status';
import { localizedPath } from '@/lib/i18n/locales';
import { firstParam, storyPath, updatePaymentPath } from '@/lib/routes';
import { FundraiserSummary } from '@/components/payment/FundraiserSummary';
import { PaymentFailedNotice } from '@/components/payment/PaymentFailedNotice';
import '@/components/payment/payment.css';
import { isRowId } from '@/lib/validation/ids';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** ?ct={custom_tag}&update={id}: the fundraiser by its tag (spec 3 ct), and the update when it is that fundraiser's. */
const load = cache(async (ct: string | undefined, update: string | undefined) => {
  if (!ct || ct.length > 200) return null;
  const f = await cachedFundraiserByTag(ct);
  if (!f) return null;
  const id = Number(update);
  const asked = isRowId(id) ? id : null;
  return { f, found: await cachedCampaignUpdate(f.id, asked) };
});

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const sp = await searchParams;
  const loaded = await load(firstParam(sp.ct), firstParam(sp.update));
  const t = await getTranslations('CampaignUpdate');
  // an update is read from its email; the story is the page search engines should have
  return { ...(loaded ? { title: t('metaTitle', { title: loaded.f.title }) } : {}), robots: { index: false, follow: true } };
}

// spec 2 /new/campaign/campaign_update (origin up): a fundraiser's update as its email links to it, with
// Contribute; a failed payment that started here comes back with st=f and is told so, with a way to try again
export default async function CampaignUpdatePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const failed = firstParam(sp.st) === 'f';
  const loaded = await load(firstParam(sp.ct), firstParam(sp.update));
  const [t, ts, tp, tf] = await Promise.all([getTranslations('CampaignUpdate'), getTranslations('Story'), getTranslations('Payment'), getTranslations('PaymentFailed')]);
  const notice = (retry?: string) => <PaymentFailedNotice template={tp.raw('failed') as string} fallback={tp('failedNoReason')} {...(retry ? { retry: { href: retry, label: tp('tryAgain') } } : {})} />;
  if (!loaded) {
    // a payment's way back always lands somewhere that says what happened, even if its fundraiser is gone
    if (!failed) notFound();
    return (
      <div className="container section payment-page" data-testid="campaign-update">
        <h1>{tf('title')}</h1>
        {notice()}
        <p>{tf('text')}</p>
        <Link className="btn btn-primary" href="/all-fundraisers">
          {tf('browse')}
        </Link>
      </div>
    );
  }
  const { f, found } = loaded;
  const ended = isFundraiserEnded(f);
  const update = f.is_private ? null : (found?.update ?? null);
  const give = updatePaymentPath(f, update?.id ?? null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const story = storyPath(f.custom_tag);
  return (
    <div className="container section payment-page campaign-update-page" data-testid="campaign-update">
      {/* spec 4 origin up: the payment did not go through; trying again starts from here */}
      {notice(ended ? undefined : localizedPath(locale, give))}
      <FundraiserSummary
        f={f}
        locale={locale}
        withCounts
        heading={
          <p className="pay-summary-title">
            <Link href={story}>
              <bdi>{f.title}</bdi>
            </Link>
          </p>
        }
      />
      {/* one primary action: Contribute, unless the failure notice above already offers to try again */}
      {ended ? (
        <p role="status" className="muted">
          {ts('ended')}
        </p>
      ) : (
        !failed && (
          <Link className="btn btn-primary btn-block update-contribute" href={give} data-testid="contribute">
            {ts('contribute')}
          </Link>
        )
      )}
      <article className="panel update-article" aria-labelledby="update-title">
        <p className="update-kicker muted">{t('kicker')}</p>
        {f.is_private ? (
          <>
            <h1 id="update-title">{ts('privateTitle')}</h1>
            <p>{t('private')}</p>
            <Link className="btn btn-secondary" href={story}>
              {t('openPrivate')}
            </Link>
          </>
        ) : update ? (
          <>
            <h1 id="update-title" dir="auto">
              {update.title ?? ts('updatedOn', { date: date.format(new Date(update.created_at)) })}
            </h1>
            <p className="muted">
              <time dateTime={update.created_at}>{ts('updatedOn', { date: date.format(new Date(update.created_at)) })}</time>
            </p>
            <div className="story-body" dir="auto" data-testid="update-body" dangerouslySetInnerHTML={{ __html: update.body_html }} />
          </>
        ) : (
          <>
            <h1 id="update-title">{ts('updates')}</h1>
            <p className="muted">{ts('noUpdates')}</p>
          </>
        )}
      </article>
      {!f.is_private && (
        <p>
          <Link href={`${story}#updates`}>{t('readAll')}</Link>
        </p>
      )}
    </div>
  );
}
