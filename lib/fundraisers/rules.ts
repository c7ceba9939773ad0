// The fundraiser rules of spec 2 and 4, as plain functions.
import { SUCCESSFUL_FUNDING_RATIO } from '../constants/fundraisers';

export const DEFAULT_FUNDRAISER_IMAGE = '/media/default/fundraiser.svg';

/** Percentage raised, 0 to 100, for the progress bar. */
export function progressPercent(raisedMinor: number, goalMinor: number): number {
  if (goalMinor <= 0) return 0;
  return Math.min(100, Math.floor((raisedMinor / goalMinor) * 100));
}

// spec 5: successful funding is raised over target above 0.6
export function isSuccessfullyFunded(raisedMinor: number, goalMinor: number): boolean {
  return goalMinor > 0 && raisedMinor / goalMinor > SUCCESSFUL_FUNDING_RATIO;
}

// spec 2: 'TAX Benefit' when taxexempted or beneficiary tax_benefit
export function hasTaxBenefit(f: { taxexempted: boolean; beneficiary_tax_benefit: boolean }): boolean {
  return f.taxexempted || f.beneficiary_tax_benefit;
}

export interface FundraiserImages {
  leaderboard?: { cdn_path: string } | null;
  theater?: { cdn_path: string } | null;
  widget?: { cdn_path: string } | null;
}

// spec 2: leaderboard, else theater, else widget, else the default image
export function cardImage(images: FundraiserImages): string {
  return images.leaderboard?.cdn_path || images.theater?.cdn_path || images.widget?.cdn_path || DEFAULT_FUNDRAISER_IMAGE;
}
