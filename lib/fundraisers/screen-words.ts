// The screening (lib/content/screening.ts) with this platform's own hosts: links and pictures of the main
// site and its white-label domains pass; everything else a campaigner writes for the public is looked at.
import { flagsNotIn, screenFundraiserText, screenPlainText, screenUpdateText, type ScreenedText, type ScreeningFlag } from '../content/screening';
import { ApiError } from '../http/errors';
import { isConfiguredSiteHost } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';

function isOwnHost(): (host: string) => boolean {
  const config = siteConfig();
  return (host) => isConfiguredSiteHost(host, config);
}

/** What the reviewer should look at twice in a fundraiser's title, short description and story. */
export function reviewFlagsFor(words: ScreenedText): ScreeningFlag[] {
  return screenFundraiserText(words, isOwnHost());
}

/** What is new in proposed words that the public (approved) words did not already have. */
export function newReviewFlags(proposed: ScreenedText, approved: ScreenedText): ScreeningFlag[] {
  return flagsNotIn(reviewFlagsFor(proposed), reviewFlagsFor(approved));
}

/** An update's flags, less what the fundraiser's approved words already say (a hospital's number approved in the story). */
export function updateReviewFlags(update: { title?: string | null; body: string }, approved: ScreenedText): ScreeningFlag[] {
  return flagsNotIn(screenUpdateText(update, isOwnHost()), reviewFlagsFor(approved));
}

/**
 * A reward's words or a reply to a comment: short public texts with no room for a reviewer's judgement, so a link to
 * another website, a UPI ID, a phone number or bank details in them is refused (422, under the field) rather than held.
 */
export function refusePaymentDetails(fields: Record<string, string | null | undefined>, message: string): void {
  const own = isOwnHost();
  const refused = Object.entries(fields).filter(([, text]) => text && screenPlainText(text, own).length > 0);
  if (refused.length) throw new ApiError('validation_failed', message, Object.fromEntries(refused.map(([field]) => [field, message])));
}
