// A gift as the donor makes it: amounts, tips, modes, dedications and the payment page's timings (spec 3, 4, 5, 9).
// The payment form's browser code reads this file: it imports nothing. Gateways and orders: lib/constants/payments.ts.
export const PLATFORM_FEE_PERCENT = 0;
export const DONATION_AMOUNT_PRESETS: Record<string, readonly number[]> = { INR: [500, 1000, 2500, 5000], default: [10, 25, 50, 100] };
/** the preset a gift starts at in each currency, and the one a currency change selects (never the old number in the new currency) */
export const DONATION_DEFAULT_AMOUNTS: Record<string, number> = { INR: 1000, default: 25 };
/** a sane ceiling per donation, in rupees (converted for other currencies) */
export const MAX_DONATION_INR = 10_000_000;
/** the most a donation (or a tip) may be, in major units of its own currency; the INR-equivalent ceiling above applies too */
export const MAX_AMOUNT_MAJOR: Record<string, number> = {
  INR: 10_000_000, USD: 150_000, GBP: 120_000, EUR: 140_000, AED: 550_000, SAR: 560_000,
  SGD: 200_000, CAD: 200_000, HKD: 1_200_000, QAR: 550_000, AUD: 230_000, MYR: 700_000,
};
/** a tip may be at most this share of the donation it comes with */
export const TIP_MAX_SHARE_OF_DONATION = 0.5;
/** a standalone tip to the platform (spec 2 /new/standalonetip): its presets per currency (the first row the page offers) */
export const STANDALONE_TIP_PRESETS: Record<string, readonly number[]> = { INR: [51, 101, 251, 501], default: [2, 5, 10, 20] };

/** spec 9 payment modes (values as sent); NEFT is the bank transfer (NEFT/IMPS to an account the gateway opens for the order), which spec 9 names no mode for */
export const PAYMENT_MODES = ['UPI', 'PAYTM', 'PAYTMMA', 'CARD', 'VPA', 'DESKTOPQR', 'Emandate', 'UPIRECURRING', 'NEFT'] as const;
/** a bank transfer carries the gateway's flat fee per transfer: below this, UPI costs the fundraiser less (rupees) */
export const BANK_TRANSFER_MIN_MAJOR = 100;
/** spec 3 order placement bin: the first 6 digits of a card (its issuer), the most of a card number we take */
export const CARD_BIN_DIGITS = 6;

/** spec 3: origin codes deciding where a failed payment returns */
export const ORIGIN_CODES = ['f', 's', 'tp', 'up', 'tann', 'tip', 'ps', 'rfd'] as const;
/** spec 3 order placement page_type of a gift placed on our payment form (a failure from a story comes back there) */
export const PAYMENT_FORM_PAGE_TYPE = 'payment_form';

/** the occasions anniversary giving (spec 2 /new/anniversary) marks a gift with (shown on the receipt) */
export const ANNIVERSARY_OCCASIONS = ['birthday', 'wedding_anniversary', 'in_memory', 'festival', 'other'] as const;
export const DEDICATION_MESSAGE_MAX = 140;
/** how many fundraisers in need anniversary giving offers to choose from */
export const ANNIVERSARY_FUNDRAISER_CHOICES = 6;

// spec 4 and 9: the payment page's timings
export const UPI_POLL_MS = 5000;
export const VPA_POLL_MS = 5000;
export const VPA_PENDING_TIMEOUT_MS = 180000;
export const PAYMENT_RETURN_RECHECK_MS = 10000;
/** spec 4: the mobile UPI timer ticks every second and tells screen readers the time left once a minute */
export const UPI_TIMER_TICK_MS = 1000;

/** FCRA: the donor's answer to "Indian citizen (passport) or not"; OCI and PIO card holders are not citizens, NRIs with an Indian passport are */
export const CITIZENSHIPS = ['indian', 'foreign'] as const;
// on its own, so the payment form's bundle carries this line and not the server's refusal
export const CITIZENSHIP_REQUIRED_MESSAGE = 'Please tell us whether you are an Indian citizen';
export const FCRA_MESSAGES = {
  citizenshipRequired: CITIZENSHIP_REQUIRED_MESSAGE,
  refused: 'This NGO has no FCRA registration, so Indian law does not let it accept a gift from someone who is not an Indian citizen. Indian citizens, including NRIs with an Indian passport, can give in rupees.',
} as const;
/** an FCRA registration number as the Ministry of Home Affairs issues it: nine digits */
export const FCRA_NUMBER_PATTERN = /^\d{9}$/;
