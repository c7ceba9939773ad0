import type { Metadata } from 'next';
import { firstParam } from '@/lib/routes';
import { notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { locationFromHeaders } from '@/lib/payments/options';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { donorDetails } from '@/lib/donations/donor-details';
import { listRewards } from '@/lib/fundraisers/rewards';
import { PaymentForm } from '@/components/payment/PaymentForm';
import { DedicationSchema } from '@/lib/validation/gift-fields';
import { currentUser } from '@/components/auth/current-user';
import { walletBalances } from '@/lib/payments/wallet';
import { currentRatesMicros } from '@/lib/currency-rates';
import { getBrand } from '@/components/layout/request-context';
import { cachedFundraiserById } from '@/lib/story/cached';
import { hasTaxBenefit } from '@/lib/fundraisers/rules';
import { hasValidFcra } from '@/lib/donations/fcra';
import { fundraiserEarns80g } from '@/lib/tax/receipts';
import { isFundraiserEnded } from '@/lib/fundraisers/status';
import { CURRENCY_CODES, DEFAULT_CURRENCY, currencyPickerOptions } from '@/lib/money';
import { FundraiserSummary } from '@/components/payment/FundraiserSummary';
import { FailedReason } from '@/components/payment/FailedReason';
import { ORIGIN_CODES, PLATFORM_FEE_PERCENT, VPA_PENDING_TIMEOUT_MS } from '@/lib/constants/giving';
import { offeredPaymentOptions } from '@/lib/payments/registry';
import { localePrefix } from '@/lib/i18n/locales';
import { env } from '@/lib/env';
import { captchaWidget } from '@/lib/security/captcha';
import '@/components/payment/payment.css';
import { isolate } from '@/lib/i18n/bidi';
import { methodMarks } from '@/components/payment/MethodMark';
import { isRowId } from '@/lib/validation/ids';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { robots: { index: false, follow: false } };

const one = firstParam;

// spec 4: the page a gift started from decides where a failed payment returns; a gift's own pages only (tann needs its dedication)
const GIFT_ORIGINS = ['s', 'f', 'tp', 'up', 'ps'] as const satisfies readonly (typeof ORIGIN_CODES)[number][];
const giftOrigin = (or: string | undefined) => (GIFT_ORIGINS as readonly string[]).includes(or ?? '') ? (or as (typeof GIFT_ORIGINS)[number]) : 's';

// spec 2/7: new/payment?ct={custom_tag}&id={id}&payment=form
export default async function PaymentPage({ params, searchParams }: Props) {
  const { site, locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const id = Number(one(sp.id));
  if (!isRowId(id)) notFound();
  const f = await cachedFundraiserById(id);
  if (!f || (one(sp.ct) && one(sp.ct) !== f.custom_tag)) notFound();
  const [t, brand, messages] = await Promise.all([getTranslations('Payment'), getBrand(site), getMessages()]);
  const ended = isFundraiserEnded(f);
  const db = await getDb();
  // 80G: a tax-exempt fundraiser, or one raising for an NGO whose 80G registration stands
  const taxBenefit = hasTaxBenefit(f) || (await fundraiserEarns80g(db, f.id));
  // anniversary giving (or=tann): the occasion chosen on /new/anniversary; a dedication that does not parse is dropped
  const dedication = one(sp.or) === 'tann' ? DedicationSchema.safeParse({ occasion: one(sp.occasion), honoree: one(sp.honoree), message: one(sp.msg) ?? '' }).data ?? null : null;
  const ta = dedication ? await getTranslations('Anniversary') : null;
  // spec 7 redeem amount: a signed-in donor's Sahyog credit, in each currency it was granted in
  const defaultCurrency = locationFromHeaders(await headers()).currency ?? DEFAULT_CURRENCY;
  const viewer = await currentUser();
  const [credits, rates, account] = await Promise.all([viewer ? walletBalances(db, viewer.id) : [], currentRatesMicros(db), viewer ? donorDetails(db, viewer.id) : null]);
  return (
    <div className="container section payment-page">
      {/* the fundraiser in view while giving: picture, title, campaigner, progress */}
      {/* the title isolated inside the sentence (FSI ... PDI): a Latin title keeps its quotes paired in Arabic and Urdu */}
      <FundraiserSummary f={f} locale={locale} heading={<h1>{t('title', { title: isolate(f.title) })}</h1>} />
      {/* spec 4 origin ps: a failed payment comes back here, with st=f; the form below says so and keeps what was typed */}
      {ended && one(sp.st) === 'f' && (
        <p className="notice-error" role="alert" data-testid="payment-failed">
          {one(sp.reason) ? <FailedReason template={t.raw('failed') as string} reason={one(sp.reason)!.slice(0, 200)} /> : t('failedNoReason')}
        </p>
      )}
      {dedication && ta && (
        <p className="pay-dedication" data-testid="pay-dedication">
          {ta('dedication', { occasion: ta(`inSentence.${dedication.occasion}`), honoree: isolate(dedication.honoree) })}
        </p>
      )}
      {ended ? (
        <>
          <ul className="trust-line" data-testid="trust-line">
            <li>{t('secure')}</li>
            <li>{t('platformFee', { percent: PLATFORM_FEE_PERCENT })}</li>
          </ul>
          <p role="status">{t('ended')}</p>
        </>
      ) : (
        <NextIntlClientProvider messages={{ Payment: messages.Payment }}>
          <PaymentForm
            fundraiser={{ id: f.id, custom_tag: f.custom_tag, taxBenefit, ngo: f.ngo_name ? { name: f.ngo_name, fcra: hasValidFcra(f) } : null }}
            defaultCurrency={defaultCurrency}
            credits={credits.map((c) => ({ currency: c.currency, balanceMinor: c.balance_minor }))}
            currencyOptions={currencyPickerOptions()}
            marks={methodMarks()}
            inrPerUnitMicros={rates}
            locale={locale}
            modesByCurrency={Object.fromEntries(CURRENCY_CODES.map((c) => [c, offeredPaymentOptions(c)]))}
            brandName={brand.name}
            localePrefix={localePrefix(locale)}
            vpaTimeoutMs={env().VPA_PENDING_TIMEOUT_MS ?? VPA_PENDING_TIMEOUT_MS}
            realtime={env().PUSHER_KEY ? { key: env().PUSHER_KEY!, cluster: env().PUSHER_CLUSTER } : null}
            rewards={(await listRewards(db, f.id)).filter((r) => r.left !== 0)}
            rewardId={Number(one(sp.reward)) || null}
            origin={dedication ? 'tann' : giftOrigin(one(sp.or))}
            updateId={one(sp.or) === 'up' ? Number(one(sp.update)) || null : null}
            dedication={dedication ? { occasion: dedication.occasion, honoree: dedication.honoree, ...(dedication.message ? { message: dedication.message } : {}) } : null}
            donor={account}
            captcha={captchaWidget()}
            failed={one(sp.st) === 'f' ? { reason: one(sp.reason)?.slice(0, 200) || null } : null}
          />
        </NextIntlClientProvider>
      )}
    </div>
  );
}
