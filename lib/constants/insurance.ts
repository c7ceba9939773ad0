// Health insurance sold beside a gift (spec 3, 9): plans, the insurer, cover and who may be insured. The policy form's
// browser code reads this file: it imports nothing.

/** spec 9: the six plans' premiums in rupees (lib/insurance/plans.ts names them) */
export const INSURANCE_PLANS = {
  yearly_care: 799,
  yearly_care_plus: 1599,
  monthly_care: 99,
  monthly_care_plus: 199,
  yearly_essentials: 1998,
  yearly_essentials_plus: 3999,
} as const;
/** the insurer a premium is paid to: the ledger credits insurance:{vendor} (spec 3 insurance plan field vendor) */
export const INSURANCE_VENDOR = 'sahyog-care';
/** premiums are quoted and charged in rupees only (spec 9 lists rupee amounts) */
export const INSURANCE_CURRENCY = 'INR';
/** how long one paid premium covers, from the day it is paid */
export const INSURANCE_COVER_MONTHS = { yearly: 12, monthly: 1 } as const;
/** who the insured person is to the buyer */
export const INSURED_RELATIONS = ['self', 'spouse', 'son', 'daughter', 'father', 'mother'] as const;
/** an insured person's date of birth lies at most this many years back */
export const INSURED_AGE_MAX_YEARS = 100;
