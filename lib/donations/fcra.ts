// FCRA: a gift from a foreign citizen (OCI and PIO card holders included) to an NGO is a foreign contribution, which the NGO
// may take only with a valid FCRA registration, into its FCRA account. The donor's answer decides, never the currency alone.
import { FCRA_MESSAGES } from '../constants/giving';
import type { Citizenship } from './citizenship';
import { indiaDay } from '../india-time';
import { ApiError } from '../http/errors';

/** What the rule needs of the fundraiser's beneficiary organisation: null for a personal fundraiser. */
export interface FcraStanding {
  fcra_number: string | null;
  /** YYYY-MM-DD, the last day it is valid */
  fcra_valid_until: string | null;
}

/** A registration valid until a day is valid all that day, India time. */
export const hasValidFcra = (ngo: FcraStanding, now = new Date()) => Boolean(ngo.fcra_number && ngo.fcra_valid_until && ngo.fcra_valid_until >= indiaDay(now));

/**
 * The gift's standing under FCRA, before any payment: refused (422 on the citizenship field) when a foreign citizen gives
 * to an NGO without a valid registration; otherwise whether it is a foreign contribution (kept apart in the ledger).
 */
export function foreignContributionOf(gift: { asked: boolean; citizenship: Citizenship | null | undefined; ngo: FcraStanding | null }, now = new Date()): boolean {
  if (gift.asked && !gift.citizenship) throw new ApiError('validation_failed', FCRA_MESSAGES.citizenshipRequired, { citizenship: FCRA_MESSAGES.citizenshipRequired });
  if (gift.citizenship !== 'foreign' || !gift.ngo) return false;
  if (!hasValidFcra(gift.ngo, now)) throw new ApiError('validation_failed', FCRA_MESSAGES.refused, { citizenship: FCRA_MESSAGES.refused });
  return true;
}
