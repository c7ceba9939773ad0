// the amounts a gift is offered in each currency, and what it is in rupees. Plain functions: the payment
// form (in the browser) and the API share them.
import { DONATION_AMOUNT_PRESETS, DONATION_DEFAULT_AMOUNTS } from '../constants/giving';
import { convertMinor } from '../money';

/** The preset chips of a currency. */
export const donationPresetsFor = (currency: string): readonly number[] => DONATION_AMOUNT_PRESETS[currency] ?? DONATION_AMOUNT_PRESETS.default;

/** The amount a gift starts at in a currency, and the one a currency change selects. */
export const defaultDonationAmount = (currency: string): number => DONATION_DEFAULT_AMOUNTS[currency] ?? DONATION_DEFAULT_AMOUNTS.default;

/** An amount in rupees (minor units) at today's rates (micro-rupees per unit, by ISO code); null when a rate is missing. */
export function inrEquivalentMinor(amountMinor: number, currency: string, inrPerUnitMicros: Record<string, number>): number | null {
  const from = inrPerUnitMicros[currency];
  const inr = inrPerUnitMicros.INR;
  return from && inr ? convertMinor(amountMinor, from, inr) : null;
}
