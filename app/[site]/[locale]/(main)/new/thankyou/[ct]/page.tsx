import type { Metadata } from 'next';
import { eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { carts, fundraisers, orders } from '@/lib/db/schema';
import { formatMoney, toMinor } from '@/lib/money';
import { thankYouSipOffer } from '@/lib/sip/offer';
import { OneTapSip } from '@/components/sip/OneTapSip';
import { ThankYouInsuranceOffer } from '@/components/insurance/ThankYouInsuranceOffer';
import { ShareMenu } from '@/components/story/ShareMenu';
import { RefreshUntilSettled } from '@/components/payment/RefreshUntilSettled';
import { ForgetGiftDraft } from '@/components/payment/ForgetGiftDraft';
import { PaymentFailedNotice } from '@/components/payment/PaymentFailedNotice';
import { FundraiserSummary } from '@/components/payment/FundraiserSummary';
import { cachedFundraiserByTag } from '@/lib/story/cached';
import { isFundraiserEnded } from '@/lib/fundraisers/status';
import { getSiteUrl } from '@/components/layout/request-context';
import { absoluteUrl } from '@/lib/seo/story-meta';
import { shortShareLinks } from '@/lib/story/short-link';
import { storyShareMessage } from '@/lib/story/share';
import { localizedPath } from '@/lib/i18n/locales';
import { decodedSegment, firstParam, paymentPath, signInPath, storyPath } from '@/lib/routes';
import { maskEmail, maskPan, receiptPath } from '@/lib/portfolio/format';
import '@/components/payment/payment.css';
import '@/components/story/story.css';
import { isolate } from '@/lib/i18n/bidi';
import { mayReadOrder } from '@/lib/payments/results';
import { thankYouPath } from '@/lib/payments/redirects';
import { currentCheckoutReader, returnedParams } from '@/components/payment/checkout-reader';
import { orderTotalMinor } from '@/lib/payments/order-total';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ site: string; locale: string; ct: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// spec 2/4: /new/thankyou/{ct}?oi=: amount, fundraiser, receipt number, share, a SIP suggestion, to the donor only (their
// session, the browser that made the cart, or the gateway's signed return in the query); anyone else holding
// the link is thanked for the fundraiser, with nothing of the gift
export default async function ThankYouPage({ params, searchParams }: Props) {
  const { site, locale, ct } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  // spec 4 origin tp: a payment started here that failed comes back with st=f: it is told so, never thanked
  if (firstParam(query.st) === 'f') return <FailedFromThankYou ct={ct} locale={locale} />;
  const oi = query.oi;
  if (typeof oi !== 'string' || oi.length > 64) notFound();
  const db = await getDb();
  const [row] = await db
    .select({ order: orders, cart: carts, f: { id: fundraisers.id, title: fundraisers.title, custom_tag: fundraisers.custom_tag } })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .where(eq(orders.order_id, oi));
  if (!row || row.f.custom_tag !== decodedSegment(ct)) notFound();
  const [t, ts, siteUrl] = await Promise.all([getTranslations('ThankYou'), getTranslations('Story'), getSiteUrl(site)]);
  const storyUrl = absoluteUrl(siteUrl, localizedPath(locale, storyPath(row.f.custom_tag)));
  const shareMessage = storyShareMessage(ts, row.f.title, '');
  const share = (
    <section className="thank-you-section" aria-labelledby="thank-you-share" data-testid="thank-you-share">
      <h2 id="thank-you-share">{t('share')}</h2>
      <ShareMenu storyUrl={storyUrl} customTag={row.f.custom_tag} message={shareMessage} links={shortShareLinks({ siteUrl, fundraiserId: row.f.id, message: shareMessage })} fundraiserId={row.f.id} />
    </section>
  );
  const back = (
    <p className="thank-you-section">
      <Link href={storyPath(row.f.custom_tag)}>{t('back')}</Link>
    </p>
  );
  const reader = await currentCheckoutReader();
  if (!(await mayReadOrder(row.order, reader, returnedParams(query), siteUrl))) {
    // whatever the order's state: a stranger learns nothing of it; a donor in another browser may sign in to see theirs
    const here = localizedPath(locale, thankYouPath(row.f.custom_tag, row.order.order_id));
    return (
      <div className="container section payment-page" data-testid="thank-you-generic">
        <h1>{t('genericTitle')}</h1>
        <p>{t('genericText', { title: isolate(row.f.title) })}</p>
        <section className="panel thank-you-receipt">
          <p>{t('genericReceipt')}</p>
          {reader.userId === null && (
            <p>
              <Link href={signInPath(here)}>{t('genericSignIn')}</Link>
            </p>
          )}
        </section>
        {share}
        {back}
      </div>
    );
  }
  const amount = formatMoney(orderTotalMinor(row.order), row.order.iso_currency, locale, { exact: true });
  if (row.order.status !== 'success') {
    return (
      <div className="container payment-status" role="status">
        <p>{t('pending')}</p>
        <RefreshUntilSettled />
      </div>
    );
  }
  const offer = await thankYouSipOffer(db, row.order);
  return (
    <div className="container section payment-page" data-testid="thank-you">
      <h1>{t('title', { name: row.cart.is_anonymous ? ts('someone') : row.cart.donor_name })}</h1>
      {/* the title isolated inside the sentence (FSI ... PDI): a Latin title keeps its quotes paired in Arabic and Urdu */}
      <p>{t('text', { amount, title: isolate(row.f.title) })}</p>
      <section className="panel thank-you-receipt" aria-label={t('receipt', { number: row.order.order_id })} data-testid="thank-you-receipt">
        <p data-testid="receipt-number">{t('receipt', { number: row.order.order_id })}</p>
        {/* masked all the same: the donor may show this page to others */}
        <p data-testid="receipt-sent">{t('receiptSent', { email: maskEmail(row.cart.donor_email) })}</p>
        {row.cart.donor_pan && <p>{t('taxReceipt', { pan: maskPan(row.cart.donor_pan) })}</p>}
        {/* the printable receipt lives in the donor's portfolio (their own session only) */}
        {row.order.user_id !== null && (
          <p>
            <Link href={receiptPath(row.order.order_id)}>{t('printReceipt')}</Link>
          </p>
        )}
      </section>
      {/* sharing is what a donor does next: right under the receipt, before any offer */}
      {share}
      <ForgetGiftDraft />
      {offer && (
        // spec 4: monthly giving offered, never pre-selected: one tap for a signed-in donor; a guest signs in first
        <section className="panel thank-you-section sip-offer" aria-labelledby="thank-you-sip" data-testid="sip-offer">
          <h2 id="thank-you-sip">{t('sipTitle')}</h2>
          <p>{t('sipText', { amount: formatMoney(toMinor(offer.amount), offer.currency, locale) })}</p>
          <OneTapSip
            offer={offer}
            locale={locale}
            signInHref={localizedPath(locale, signInPath(localizedPath(locale, `/new/sip?${new URLSearchParams({ cause: offer.sip_cause, amount: String(offer.amount) })}`), 'sip'))}
            // the email she gave with, for the sign-in form (this page is hers: mayReadOrder above)
            emailHint={row.cart.donor_email}
            labels={{ cta: t('sipCta'), starting: t('sipStarting'), failed: t('sipFailed') }}
          />
        </section>
      )}
      {/* the insurance plans as an offer, never pre-selected */}
      <ThankYouInsuranceOffer locale={locale} />
      {back}
    </div>
  );
}

/** The thank-you page's way back for a failed payment (origin tp): what happened, the fundraiser, and a way to try again. */
async function FailedFromThankYou({ ct, locale }: { ct: string; locale: string }) {
  const tag = decodedSegment(ct);
  const [f, t, tf, tp] = await Promise.all([tag && tag.length <= 200 ? cachedFundraiserByTag(tag) : null, getTranslations('ThankYou'), getTranslations('PaymentFailed'), getTranslations('Payment')]);
  const retry = f && !isFundraiserEnded(f) ? { href: localizedPath(locale, `${paymentPath(f)}&or=tp`), label: tp('tryAgain') } : undefined;
  return (
    <div className="container section payment-page" data-testid="thank-you-failed">
      <h1>{tf('title')}</h1>
      <PaymentFailedNotice template={tp.raw('failed') as string} fallback={tp('failedNoReason')} {...(retry ? { retry } : {})} />
      <p>{tf('text')}</p>
      {f && (
        <FundraiserSummary
          f={f}
          locale={locale}
          heading={
            <p className="pay-summary-title">
              <bdi>{f.title}</bdi>
            </p>
          }
        />
      )}
      <p className="thank-you-section">{f ? <Link href={storyPath(f.custom_tag)}>{t('back')}</Link> : <Link href="/all-fundraisers">{tf('browse')}</Link>}</p>
    </div>
  );
}
