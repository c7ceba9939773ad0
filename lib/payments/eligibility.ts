// spec 7 POST payment/eligibility: before a donor picks a method, what this amount in this currency may be paid with,
// one-time (a gift, a tip, a premium) and monthly (a SIP mandate), as the server will decide it at the order.
import 'server-only';
import { MAX_AMOUNT_MAJOR } from '../constants/giving';
import { SIP_MINIMUMS_MAJOR } from '../constants/sip';
import type { CurrencyCode } from '../money';
import { gatewayNameFor, offeredPaymentOptions } from './registry';
import { sipMethodsFor } from './mandate-words';
import { bankTransferAmountError } from '../validation/gift-fields';

export const ELIGIBILITY_MESSAGES = {
  tooLarge: 'This amount is above what we accept online in one donation',
  noMethod: 'Payments in this currency are not available right now',
  belowSip: 'Please enter a value greater than or equal to {min}',
} as const;

export function paymentEligibility(currency: CurrencyCode, amount: number) {
  // a bank transfer below its minimum costs the fundraiser more in fees than UPI: not offered
  const oneTime = amount <= MAX_AMOUNT_MAJOR[currency] ? offeredPaymentOptions(currency).filter((m) => m !== 'NEFT' || !bankTransferAmountError(amount)) : [];
  // a SIP card is a Stripe/Razorpay card mandate: the gateway that takes mandates in this currency
  const monthly = amount >= SIP_MINIMUMS_MAJOR[currency] && amount <= MAX_AMOUNT_MAJOR[currency] ? sipMethodsFor(currency).filter((m) => gatewayNameFor(currency, m === 'CARD' ? 'Emandate' : m) !== null) : [];
  const reasons: string[] = [];
  if (amount > MAX_AMOUNT_MAJOR[currency]) reasons.push(ELIGIBILITY_MESSAGES.tooLarge);
  else if (!oneTime.length) reasons.push(ELIGIBILITY_MESSAGES.noMethod);
  return {
    currency,
    amount,
    eligible: oneTime.length > 0,
    one_time_modes: oneTime,
    sip: { eligible: monthly.length > 0, modes: monthly, minimum: SIP_MINIMUMS_MAJOR[currency], ...(amount < SIP_MINIMUMS_MAJOR[currency] ? { message: ELIGIBILITY_MESSAGES.belowSip.replace('{min}', String(SIP_MINIMUMS_MAJOR[currency])) } : {}) },
    coupons: true,
    reasons,
  };
}
