// Monthly giving, the SIP (spec 3, 4, 5, 9): causes and amounts, mandates, managing a SIP and its signed email links,
// and the monthly charge run. The SIP forms' browser code reads this file: it imports only lib/constants/time.ts.
import { DAY_MS } from './time';

/** spec 4: subscription status flags meaning an active SIP, and those sent to the inactive-user page */
export const ACTIVE_SIP_STATUS_FLAGS = [1, 2, 4, 5] as const;
export const INACTIVE_USER_SIP_STATUS_FLAGS = [2, 4, 5] as const;
export const NEXT_PAYMENT_DATE_WINDOW_DAYS = 5;

// spec 9: causes a SIP gives to
export const CAUSE_AMOUNT = 1;
export const DEFAULT_SIP_CAUSE = 'medical';
export const DEFAULT_THANK_YOU_SIP_AMOUNT_INR = 100;
export const SIP_CAUSES = [
  'medical',
  'animals',
  'education',
  'food_hunger',
  'elderly',
  'women_girls',
  'widow',
  'acid_victims',
  'sip_protect',
] as const;
export const INR_ONLY_SIP_CAUSES = ['acid_victims'] as const;

// spec 5 and 9: a SIP's rules (lib/sip/rules.ts reads these)
/** spec 3 and 9: the twelve currencies a SIP may be in */
export const SIP_CURRENCIES = ['INR', 'USD', 'GBP', 'EUR', 'AED', 'SGD', 'SAR', 'CAD', 'HKD', 'QAR', 'AUD', 'MYR'] as const;
/** spec 9: the smallest monthly amount of each cause of a SIP, in major units of its currency */
export const SIP_MINIMUMS_MAJOR: Record<(typeof SIP_CURRENCIES)[number], number> = {
  INR: 100, USD: 10, GBP: 10, EUR: 10, AED: 20, SGD: 30, SAR: 50, CAD: 10, HKD: 10, QAR: 10, AUD: 10, MYR: 10,
};
/** spec 5: the monthly amount is rounded up so its last two digits read 00 or 50, i.e. to the next multiple of 50 */
export const SIP_ROUNDING_STEP_MAJOR = 50;
/** spec 5: the UPI handles (the part after @) a SIP's UPI AutoPay may use; a broader list serves one-time UPI */
export const SIP_UPI_HANDLES = ['upi', 'ybl', 'axl', 'ibl', 'apl', 'okhdfcbank', 'okaxis', 'okicici', 'oksbi', 'ptyes', 'ptaxis', 'ptsbi', 'pthdfc'] as const;
/** spec 9: the payment modes that set up a recurring mandate */
export const SIP_PAYMENT_METHODS = ['Emandate', 'UPIRECURRING', 'CARD'] as const;
/** months between two debits of a SIP (1 is monthly) and the longest tenure one may choose; none is set by the spec */
export const SIP_MONTH_INTERVAL_MAX = 12;
export const SIP_TENURE_MAX_MONTHS = 120;

// A SIP's mandate
/** a SIP's mandate may debit up to this many times its monthly amount (room to raise the pledge without a new mandate) */
export const SIP_MANDATE_HEADROOM = 3;
/**
 * a SIP whose first mandate the donor has not authorised this many days after it was set up lapses (status 7) and is
 * never charged. A week: an e-mandate's bank confirms within a few working days of the donor's authorisation (a SIP
 * whose authorisation reached the provider in time still starts), and a donor who left the mandate step a week ago has
 * moved on; a late authorisation must not start debits they no longer expect.
 */
export const SIP_MANDATE_LAPSE_DAYS = 7;
/** how many of a donor's other SIPs one payment-method change may move with it */
export const SIP_METHOD_CHANGE_MAX_SIPS = 20;

// Managing a SIP (lib/sip/manage.ts) and its signed email links (lib/sip/links.ts)
/** what a signed SIP email link may do: one purpose per link */
export const SIP_LINK_ACTIONS = ['lower', 'pause', 'skip', 'cancel', 'change_method', 'resume'] as const;
/** a SIP email link works this long after the email is written, then it is refused */
export const SIP_ACTION_LINK_TTL_MS = 14 * DAY_MS;
/** a donor may pause a SIP for 1 to 3 months; it resumes by itself after */
export const SIP_PAUSE_MONTHS_MIN = 1;
export const SIP_PAUSE_MONTHS_MAX = 3;
/** the optional reason a donor gives when cancelling a SIP */
export const SIP_CANCEL_REASON_MAX = 500;

// The monthly charge run (lib/sip/charge-due.ts): pre-debit notices, charges, retries, where the money goes; how often it runs: lib/constants/jobs.ts
/** due subscriptions read from the database at a time */
export const SIP_CHARGE_BATCH = 200;
/** charges under way at once in one run: every month of a cause credits the same few fundraisers, whose row locks
 *  serialise the settling, so more in flight only lengthens the waits (bench:sip: 8 was slower than 4) */
export const SIP_CHARGE_CONCURRENCY = 4;
/** the Indian recurring-payment rule: a debit's notice goes out at least this long before it, and at most this long */
export const SIP_PRE_DEBIT_MIN_NOTICE_MS = DAY_MS;
export const SIP_PRE_DEBIT_MAX_NOTICE_MS = 2 * DAY_MS;
/** a declined debit (insufficient funds) is tried again 2 days later, then 4 days after that; then the SIP is paused */
export const SIP_RETRY_INSUFFICIENT_FUNDS_DAYS = [2, 4] as const;
/** a technical failure is tried again this many hours later, at most this many times */
export const SIP_RETRY_TECHNICAL_HOURS = 3;
export const SIP_RETRY_TECHNICAL_TRIES = 3;
/** a month lost to a revoked or expired mandate is charged once if a new mandate comes within this many days of its date */
export const SIP_MISSED_PERIOD_GRACE_DAYS = 10;
/** a SIP month for a cause is shared among this many of its live fundraisers, the most in need first */
export const SIP_SPLIT_FUNDRAISERS = 5;
/** a second payment for one SIP month is looked for (and sent back) among successful orders this recent */
export const SIP_DUPLICATE_LOOKBACK_DAYS = 30;
