// The thank-you page's insurance offer, rendered on the server in the page's language; the picking is the
// client island's (InsuranceOffer), which starts with no plan chosen.
import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/locales';
import { formatMoney } from '@/lib/money';
import { INSURANCE_CURRENCY } from '@/lib/constants/insurance';
import { INSURANCE_PATH } from '@/lib/routes';
import { isolate } from '@/lib/i18n/bidi';
import { INSURANCE_PLAN_LIST } from '@/lib/insurance/plans';
import { InsuranceOffer } from './InsuranceOffer';
import { planChoices } from './plan-labels';
import './insurance.css';

export async function ThankYouInsuranceOffer({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: 'Insurance' });
  const tr = t as unknown as (key: string, values?: Record<string, string>) => string;
  // the cheapest yearly and monthly premiums, in the offer's sentence
  const cheapest = (frequency: 'yearly' | 'monthly') => Math.min(...INSURANCE_PLAN_LIST.filter((p) => p.frequency === frequency).map((p) => p.amount_minor));
  return (
    <InsuranceOffer
      plans={planChoices(tr, locale)}
      plansHref={localizedPath(locale, INSURANCE_PATH)}
      labels={{
        title: t('offer.title'),
        text: t('offer.text', { yearly: isolate(formatMoney(cheapest('yearly'), INSURANCE_CURRENCY, locale)), monthly: isolate(formatMoney(cheapest('monthly'), INSURANCE_CURRENCY, locale)) }),
        legend: t('offer.legend'),
        choose: t('offer.choose'),
        all: t('offer.all'),
      }}
    />
  );
}
