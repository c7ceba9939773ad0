import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { SIP_CAUSES } from '@/lib/constants';
import { sipMinimumMajor } from '@/lib/sip/rules';
import { existingSipAmounts } from '@/lib/sip/subscribe';
import { requireCurrentUser } from '@/components/auth/current-user';
import { SubscribeForm, type SubscribeLabels } from '@/components/sip/SubscribeForm';
import '@/components/wizard/wizard.css';
import '@/components/sip/sip.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'SipSubscribe' });
  return { title: t('title'), description: t('intro') };
}

// issue 14, spec 2 new/sip: monthly giving to one or several causes, under a mandate the donor authorises once
export default async function NewSipPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, '/new/sip');
  const [existing, t, tc] = await Promise.all([existingSipAmounts(await getDb(), user.id), getTranslations('SipSubscribe'), getTranslations('Sip.causes')]);
  const labels: SubscribeLabels = {
    causes: t('causes'),
    causesHint: t('causesHint'),
    amountFor: t.raw('amountFor') as string,
    currency: t('currency'),
    method: t('method'),
    methods: { Emandate: t('methods.Emandate'), UPIRECURRING: t('methods.UPIRECURRING'), CARD: t('methods.CARD') },
    vpa: t('vpa'),
    vpaHint: t('vpaHint'),
    vpaError: t('vpaError'),
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
      <SubscribeForm labels={labels} existing={existing} defaultAmount={sipMinimumMajor('INR')} />
      <p className="muted sip-note">{t('note')}</p>
    </div>
  );
}
