// Whether a gift could be a foreign contribution, so the donor is asked their citizenship: a pure rule the payment form
// runs as the donor types and the cart runs again (lib/donations/fcra.ts decides what the answer means).
import { CITIZENSHIPS } from '../constants/giving';
import { INDIA_EXTENSION } from '../constants/people';

export type Citizenship = (typeof CITIZENSHIPS)[number];

/**
 * Every gift in another currency is asked, and a gift to an NGO from a phone outside India or a card the donor says was
 * issued abroad.
 */
export function citizenshipAsked(gift: { currency: string; toNgo: boolean; extension: string | null | undefined; cardAbroad: boolean }): boolean {
  if (gift.currency !== 'INR') return true;
  if (!gift.toNgo) return false;
  const extension = `+${(gift.extension ?? '').replace(/^\+/, '') || INDIA_EXTENSION.slice(1)}`;
  return gift.cardAbroad || extension !== INDIA_EXTENSION;
}
