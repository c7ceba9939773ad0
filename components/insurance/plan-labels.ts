// The plans of spec 9 written out in the page's language: name, premium and how often (for the pickers and the offer).
import { formatMoney } from '@/lib/money';
import { isolate } from '@/lib/i18n/bidi';
import { INSURANCE_PLAN_LIST } from '@/lib/insurance/plans';

/** The Insurance translator of next-intl (getTranslations or useTranslations), as far as these labels need it. */
type InsuranceT = (key: string, values?: Record<string, string>) => string;

/** A plan as a policy stores it (plan, frequency, premium), or as lib/insurance/plans.ts lists it. */
type PlanFacts = { plan: string; frequency: string; amount_minor: number; currency: string };

export const planName = (t: InsuranceT, p: Pick<PlanFacts, 'plan' | 'frequency'>) => t('planTitle', { plan: t(`plans.${p.plan}`), frequency: t(`frequency.${p.frequency}`) });

export const planPrice = (t: InsuranceT, locale: string, p: Pick<PlanFacts, 'frequency' | 'amount_minor' | 'currency'>) =>
  // the amount isolated (FSI ... PDI): in Arabic and Urdu sentences it keeps its own order
  t(`perFrequency.${p.frequency}`, { amount: isolate(formatMoney(p.amount_minor, p.currency, locale)) });

export const planChoices = (t: InsuranceT, locale: string) => INSURANCE_PLAN_LIST.map((p) => ({ plan_id: p.plan_id, name: planName(t, p), price: planPrice(t, locale, p) }));
