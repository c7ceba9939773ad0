// Payments behind a gift: gateways, orders and how long they wait, UPI links, the wallet, mandates and currency rates.
// A gift's own numbers (amounts, modes, the payment page): lib/constants/giving.ts.

/** spec 9: the gateways (values as stored) */
export const PAYMENT_GATEWAYS = [
  'stripe',
  'stripeindia',
  'stripe_recurring',
  'juspay',
  'razorpay',
  'razorpay_emandate',
  'phonepe_recurring',
  'payu_recurring',
  'sandbox',
] as const;
/** a payment provider's API call: past this the answer counts as lost (a debit stays pending for its webhook or reconciliation) */
export const GATEWAY_TIMEOUT_MS = 20_000;
/** spec 3: where a donor is taken to be when the request names no country (and so the currency offered) */
export const FALLBACK_LOCATION = {
  country_code: 'IN',
  country_name: 'India',
  city_name: 'Mumbai',
  region_name: 'Maharashtra',
  latitude: 19.076,
  longitude: 72.8777,
  zip_code: '400001',
} as const;

/** an order nobody paid is failed ('expired') this long after it was placed: the gateways' own checkout expiry */
export const ORDER_PAYMENT_WINDOW_MS = 60 * 60 * 1000;
/** a pending order is asked about at its gateway once it is this old (the donor's own page asks sooner) */
export const PENDING_ORDER_RECONCILE_AFTER_MS = 5 * 60 * 1000;
/** NEFT runs in batches and a donor may transfer the next working day: a bank-transfer order waits this long before it expires */
export const BANK_TRANSFER_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** the sealed cookie naming the carts this browser made, its guest donor's key to their orders' status */
export const CHECKOUT_ACCESS_COOKIE = 'checkout_access';
/** the carts it names at most (the newest kept): a donor's visits of the last days, never an unbounded list */
export const CHECKOUT_ACCESS_MAX_CARTS = 20;
/** as long as an order may wait for its payment (a bank transfer's window), so the donor can follow it to the end */
export const CHECKOUT_ACCESS_MS = BANK_TRANSFER_WINDOW_MS;

/** spec 4: the payment modes whose order waits for a UPI app (intent on a phone, QR code on a desktop) */
export const UPI_LINK_MODES = ['UPI', 'DESKTOPQR'] as const;
/** UPI takes rupees only */
export const UPI_CURRENCY = 'INR';
/** NPCI's linking spec: the note (tn) a UPI app shows is at most this long */
export const UPI_NOTE_MAX_LENGTH = 50;
/** the UPI payee of each gateway that lets us build the intent link ourselves; the sandbox's is a test address */
export const UPI_PAYEES: Readonly<Record<string, { vpa: string; name: string }>> = { sandbox: { vpa: 'sahyog.sandbox@upi', name: 'Sahyog Sandbox' } };

/** spec 8: wallet payments (spec 9 modes) whose non-success says only this */
export const WALLET_MODES: readonly string[] = ['PAYTM', 'PAYTMMA'];
export const WALLET_RETRY_MESSAGE = 'Please try again';
/** the gateway value of a gift paid from Sahyog credit (spec 7 POST redeem amount) */
export const WALLET_GATEWAY = 'wallet';
/** spec 9 prize amounts: the Sahyog credit a prize adds, per currency (lib/payments/wallet.ts) */
export const PRIZE_AMOUNT_MAJOR: Readonly<Record<string, number>> = { INR: 300, USD: 60, AED: 60, EUR: 30, GBP: 30, SAR: 30, SGD: 30 };

/**
 * Razorpay recurring: a mandate's authorisation payment (e-mandates authorise for 0; UPI AutoPay and cards need the
 * smallest debit Razorpay takes, refunded by Razorpay) and how long the token is valid (the donor may stop it any time)
 */
export const RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR = { Emandate: 0, UPIRECURRING: 100, CARD: 100 } as const;
export const MANDATE_VALID_YEARS = 10;
/** spec 5: an e-mandate donor's first name shorter than this gets EMANDATE_FIRST_NAME_SUFFIX appended (Razorpay refuses customer names under 3 characters) */
export const EMANDATE_FIRST_NAME_MIN_LENGTH = 3;
/** the spec names no suffix: a plain word, allowed in a mandate's customer name (letters only) and honest on a bank statement */
export const EMANDATE_FIRST_NAME_SUFFIX = 'Donor';
/** how the sandbox's mandate debits end, as a tester chooses on its authorise page */
export const SANDBOX_MANDATE_OUTCOMES = ['success', 'insufficient_funds', 'technical', 'mandate_revoked'] as const;

/** carts and orders read the (daily) currency rates at most this often per server */
export const RATES_READ_EVERY_MS = 60_000;
