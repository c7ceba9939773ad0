import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { DEFAULT_SIP_CAUSE, SIP_CAUSES } from '@/lib/constants/sip';
import { firstParam } from '@/lib/routes';
import { isSipCause, SIP_CURRENCIES, SIP_UPI_HANDLE_LIST, sipMinimumMajor } from '@/lib/sip/rules';
import { currencyPickerOptions } from '@/lib/money';
import { isolateLtr } from '@/lib/i18n/bidi';
import { existingSipAmounts } from '@/lib/sip/subscribe';
import { requireCurrentUser } from '@/components/auth/current-user';
import { SipRetryFaq } from '@/components/sip/SipRetryFaq';
import { SubscribeForm, type SubscribeLabels } from '@/components/sip/SubscribeForm';
import '@/components/wizard/wizard.css';
import '@/components/sip/sip.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'SipSubscribe' });
  return { title: t('title'), description: t('intro') };
}

// spec 2 new/sip: monthly giving to one or several causes, under a mandate the donor authorises once
export default async function NewSipPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  // a suggestion may name the cause and amount (the thank-you page's offer); anything unknown is ignored
  const cause = firstParam(sp.cause);
  const preset = { cause: isSipCause(cause) ? cause : DEFAULT_SIP_CAUSE, amount: Math.max(sipMinimumMajor('INR'), Number(firstParam(sp.amount)) || 0) };
  const back = `/new/sip?${new URLSearchParams({ cause: preset.cause, amount: String(preset.amount) })}`;
  const user = await requireCurrentUser(locale, back);
  const [existing, t, tc] = await Promise.all([existingSipAmounts(await getDb(), user.id), getTranslations('SipSubscribe'), getTranslations('Sip.causes')]);
  const labels: SubscribeLabels = {
    causes: t('causes'),
    causesHint: t('causesHint'),
    amountFor: t.raw('amountFor') as string,
    presetsFor: t.raw('presetsFor') as string,
    currency: t('currency'),
    method: t('method'),
    methods: { Emandate: t('methods.Emandate'), UPIRECURRING: t('methods.UPIRECURRING'), CARD: t('methods.CARD') },
    vpa: t('vpa'),
    vpaHint: t('vpaHint'),
    // spec 5's handles, named where a UPI ID is refused
    vpaError: t('vpaError', { handles: isolateLtr(SIP_UPI_HANDLE_LIST) }),
    capNote: t.raw('capNote') as string,
    total: t.raw('total') as string,
    rounded: t.raw('rounded') as string,
    submit: t('submit'),
    submitting: t('submitting'),
    failed: t('failed'),
    pickCause: t('pickCause'),
    causeNames: Object.fromEntries(SIP_CAUSES.map((c) => [c, tc(c)])),
  };
  return (
    <div className="container section sip-page">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <SubscribeForm labels={labels} currencyOptions={currencyPickerOptions(SIP_CURRENCIES)} existing={existing} defaultCause={preset.cause} defaultAmount={preset.amount} />
      <p className="muted sip-note">{t('note')}</p>
      <SipRetryFaq />
    </div>
  );
}
