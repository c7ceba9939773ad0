// spec 3/9: the insurance plans a person may buy, as data. The premium always comes from here (never from a client);
// a policy keeps the amount it was quoted at creation. Plain data, no server imports: the plan pickers use it too.
import { INSURANCE_COVER_MONTHS, INSURANCE_CURRENCY, INSURANCE_PLANS, INSURANCE_VENDOR } from '../constants/insurance';
import { toMajor, toMinor } from '../money';

export type InsuranceFrequency = keyof typeof INSURANCE_COVER_MONTHS;
/** the product a plan belongs to (spec 3 field `plan`); the same product may be sold yearly and monthly */
export type InsuranceProduct = 'care' | 'care_plus' | 'essentials' | 'essentials_plus';

export interface InsurancePlan {
  plan_id: string;
  plan: InsuranceProduct;
  frequency: InsuranceFrequency;
  amount_minor: number;
  currency: typeof INSURANCE_CURRENCY;
}

// spec 9: yearly care 799, plus 1599; monthly care 99, plus 199; yearly essentials 1998, plus 3999
const plan = (plan_id: string, product: InsuranceProduct, frequency: InsuranceFrequency, amount: number): InsurancePlan => ({
  plan_id,
  plan: product,
  frequency,
  amount_minor: toMinor(amount),
  currency: INSURANCE_CURRENCY,
});

export const INSURANCE_PLAN_LIST: readonly InsurancePlan[] = [
  plan('care_yearly', 'care', 'yearly', INSURANCE_PLANS.yearly_care),
  plan('care_plus_yearly', 'care_plus', 'yearly', INSURANCE_PLANS.yearly_care_plus),
  plan('care_monthly', 'care', 'monthly', INSURANCE_PLANS.monthly_care),
  plan('care_plus_monthly', 'care_plus', 'monthly', INSURANCE_PLANS.monthly_care_plus),
  plan('essentials_yearly', 'essentials', 'yearly', INSURANCE_PLANS.yearly_essentials),
  plan('essentials_plus_yearly', 'essentials_plus', 'yearly', INSURANCE_PLANS.yearly_essentials_plus),
];

export const INSURANCE_PLAN_IDS = INSURANCE_PLAN_LIST.map((p) => p.plan_id) as [string, ...string[]];

export const insurancePlanById = (planId: string): InsurancePlan | null => INSURANCE_PLAN_LIST.find((p) => p.plan_id === planId) ?? null;

/** The insurer premiums are paid to (one for now; a policy keeps the one it was bought from). */
export const insuranceVendor = () => INSURANCE_VENDOR;

/** spec 3 insurance plan fields (vendor, plan, plan_id, frequency, plan_amount, currency), as the API answers them. */
export function premiumOf(p: InsurancePlan) {
  return {
    vendor: insuranceVendor(),
    plan: p.plan,
    plan_id: p.plan_id,
    frequency: p.frequency,
    plan_amount: toMajor(p.amount_minor),
    plan_amount_minor: p.amount_minor,
    currency: p.currency,
    cover_months: INSURANCE_COVER_MONTHS[p.frequency],
  };
}

export const isInsuranceFrequency = (value: string): value is InsuranceFrequency => value in INSURANCE_COVER_MONTHS;

/** The end of the cover one premium buys, counted from the moment it was paid (a monthly plan: the same day next month). */
export function coverEnd(paidAt: Date, frequency: string): Date {
  // an unknown frequency (never written by us) gets the shorter cover rather than failing the settlement
  const months = isInsuranceFrequency(frequency) ? INSURANCE_COVER_MONTHS[frequency] : INSURANCE_COVER_MONTHS.monthly;
  const y = paidAt.getUTCFullYear();
  const m = paidAt.getUTCMonth() + months;
  // 31 January plus a month is the last day of February, not 3 March
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(paidAt.getUTCDate(), lastDay), paidAt.getUTCHours(), paidAt.getUTCMinutes(), paidAt.getUTCSeconds(), paidAt.getUTCMilliseconds()));
}
