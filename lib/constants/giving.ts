// A gift's numbers (spec 3, 4, 5, 9) in a file of their own because the payment form's browser code reads them:
// a page loads only the constants its own modules name. lib/constants.ts names them for the rest of lib/.
export const PLATFORM_FEE_PERCENT = 0;
export const UPI_POLL_MS = 5000;
export const VPA_POLL_MS = 5000;
export const PAYMENT_MODES = ['UPI', 'PAYTM', 'PAYTMMA', 'CARD', 'VPA', 'DESKTOPQR', 'Emandate', 'UPIRECURRING', 'NEFT'] as const;
/** a bank transfer carries the gateway's flat fee per transfer: below this, UPI costs the fundraiser less (rupees) */
export const BANK_TRANSFER_MIN_MAJOR = 100;
/** spec 3 order placement bin: the first 6 digits of a card (its issuer), the most of a card number we take */
export const CARD_BIN_DIGITS = 6;
export const ORIGIN_CODES = ['f', 's', 'tp', 'up', 'tann', 'tip', 'ps', 'rfd'] as const;
/** spec 3 order placement page_type of a gift placed on our payment form (issue 31.3: a failure from a story comes back there) */
export const PAYMENT_FORM_PAGE_TYPE = 'payment_form';
export const DONATION_AMOUNT_PRESETS: Record<string, readonly number[]> = { INR: [500, 1000, 2500, 5000], default: [10, 25, 50, 100] };
/** issue 30.1: the preset a gift starts at in each currency, and the one a currency change selects (never the old number in the new currency) */
export const DONATION_DEFAULT_AMOUNTS: Record<string, number> = { INR: 1000, default: 25 };
/** the most a donation (or a tip) may be, in major units of its own currency; the INR-equivalent ceiling above applies too */
export const MAX_AMOUNT_MAJOR: Record<string, number> = {
  INR: 10_000_000, USD: 150_000, GBP: 120_000, EUR: 140_000, AED: 550_000, SAR: 560_000,
  SGD: 200_000, CAD: 200_000, HKD: 1_200_000, QAR: 550_000, AUD: 230_000, MYR: 700_000,
};
/** a tip may be at most this share of the donation it comes with */
export const TIP_MAX_SHARE_OF_DONATION = 0.5;
/** the occasions anniversary giving marks a gift with (shown on the receipt) */
export const ANNIVERSARY_OCCASIONS = ['birthday', 'wedding_anniversary', 'in_memory', 'festival', 'other'] as const;
export const DEDICATION_MESSAGE_MAX = 140;
