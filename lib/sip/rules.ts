// spec 5 and 9: the rules of a monthly SIP, one module for the subscribe page (in the browser) and the server.
// Pure: no database, no node-only imports. Amounts are in major units of the SIP's currency.
import { INR_ONLY_SIP_CAUSES, SIP_CAUSES, SIP_CURRENCIES, SIP_MINIMUMS_MAJOR, SIP_PAYMENT_METHODS, SIP_ROUNDING_STEP_MAJOR, SIP_UPI_HANDLES } from '../constants/sip';
import { formatMoney, MINOR_UNITS_PER_MAJOR, toMinor } from '../money';

export { emandateFirstName, sipMethodsFor, type SipPaymentMethod } from '../payments/mandate-words';

export { SIP_CAUSES, SIP_CURRENCIES, SIP_MINIMUMS_MAJOR, SIP_PAYMENT_METHODS, SIP_UPI_HANDLES };

export type SipCurrency = (typeof SIP_CURRENCIES)[number];
export type SipCause = (typeof SIP_CAUSES)[number];
export type SipUpiHandle = (typeof SIP_UPI_HANDLES)[number];

/** The English names of the causes, as messages/en.json Sip.causes shows them (a unit test keeps the two equal). */
export const SIP_CAUSE_LABELS: Record<SipCause, string> = {
  medical: 'Medical',
  animals: 'Animals',
  education: 'Education',
  food_hunger: 'Food and hunger',
  elderly: 'Elderly care',
  women_girls: 'Women and girls',
  widow: 'Widows',
  acid_victims: 'Acid attack survivors',
  sip_protect: 'SIP Protect',
};

// The spec gives no SIP-specific message texts; where spec 5 has one (the UPI ID) it is the one lib/validation/people.ts uses.
export const SIP_MESSAGES = {
  currency: 'This currency is not supported for a monthly SIP',
  noCause: 'Please choose at least one cause',
  unknownCause: 'Please choose a cause from the list',
  inrOnlyCause: (cause: string) => `${cause} can only be supported in INR`,
  duplicateCause: (cause: string) => `${cause} is chosen twice: please choose each cause once`,
  amount: 'Please enter the monthly amount',
  amountDecimals: 'The monthly amount can have at most two decimals',
  amountPositive: 'Please enter a monthly amount greater than zero',
  belowMinimum: (cause: string, minimum: string) => `The monthly amount for ${cause} must be at least ${minimum}`,
  totalTooLarge: (maximum: string) => `The monthly total can be at most ${maximum}`,
  paymentMethod: 'Please choose e-mandate, UPI AutoPay or card',
  vpaRequired: 'Please enter your UPI ID',
  vpa: 'Please enter a valid UPI ID',
  vpaHandle: `Monthly UPI AutoPay works with these UPI IDs only: ${SIP_UPI_HANDLES.map((h) => `@${h}`).join(', ')}`,
  monthInterval: 'Please choose how many months apart the payments are',
  tenure: 'Please choose for how many months to give',
  gateway: 'This payment service is not available',
} as const;

export function isSipCurrency(value: unknown): value is SipCurrency {
  return typeof value === 'string' && (SIP_CURRENCIES as readonly string[]).includes(value);
}

export function isSipCause(value: unknown): value is SipCause {
  return typeof value === 'string' && (SIP_CAUSES as readonly string[]).includes(value);
}

/** spec 9: the smallest monthly amount of one cause, in major units. */
export function sipMinimumMajor(currency: SipCurrency): number {
  return SIP_MINIMUMS_MAJOR[currency];
}

/** The minimum as the donor reads it ("₹100", "AED 20"). */
export const formatSipMinimum = (currency: SipCurrency) => formatMoney(toMinor(sipMinimumMajor(currency)), currency, 'en');

/**
 * spec 5: "rounded by the last two digits to 00, 50 or up to the next 100": last two digits 00 stay, 01-50 become 50,
 * 51-99 go up to the next 100 (1200 → 1200, 1201 → 1250, 1250 → 1250, 1251 → 1300). That is rounding up to the next
 * multiple of 50, which also settles decimals (1200.5 → 1250). Worked in minor units so floats never decide.
 * Nothing is ever rounded down, so a rounded amount still meets the minimum the entered one met. The spec applies it
 * to rupees: its hundreds and fifties are rupee steps, and read literally for a 10-unit minimum (USD, GBP, EUR…) it
 * would make every foreign SIP at least 50, five times spec 9's minimum; other currencies keep the amount entered.
 */
export function roundSipAmount(major: number, currency: string = 'INR'): number {
  if (!Number.isFinite(major) || major <= 0) return major; // not an amount: validation refuses it, rounding leaves it be
  if (currency !== 'INR') return major;
  const stepMinor = SIP_ROUNDING_STEP_MAJOR * MINOR_UNITS_PER_MAJOR;
  return (Math.ceil(toMinor(major) / stepMinor) * stepMinor) / MINOR_UNITS_PER_MAJOR;
}

/** spec 5's AutoPay handles as a donor reads them: "@upi, @ybl, …" (named wherever a UPI ID is refused) */
export const SIP_UPI_HANDLE_LIST = SIP_UPI_HANDLES.map((h) => `@${h}`).join(', ');

/** spec 5: a SIP's UPI AutoPay takes only the listed handles (the part after @, any case); no @, an empty name or another handle is false. */
export function isSipUpiHandle(vpa: string): boolean {
  const parts = vpa.trim().split('@');
  if (parts.length !== 2 || !parts[0]) return false;
  return (SIP_UPI_HANDLES as readonly string[]).includes(parts[1].toLowerCase());
}

/** spec 9: the causes a SIP in this currency may support: acid_victims only in INR. */
export function sipCausesFor(currency: SipCurrency): readonly SipCause[] {
  if (currency === 'INR') return SIP_CAUSES;
  return SIP_CAUSES.filter((c) => !(INR_ONLY_SIP_CAUSES as readonly string[]).includes(c));
}

export interface SipCauseAmount {
  sip_cause: string;
  /** major units of the SIP's currency */
  amount: number;
}

/** One of the donor's subscriptions the minimum's exception looks at; pass the live ones (status 1, 2, 4, 5). */
export interface ExistingSip {
  sip_cause: string;
  /** major units of `currency` */
  amount: number;
  currency: string;
}

const labelOf = (cause: string) => (isSipCause(cause) ? SIP_CAUSE_LABELS[cause] : cause);

/** Causes a SIP in this currency cannot have: unknown, INR-only outside INR, or chosen twice. Keys: causes.{i}.sip_cause. */
export function sipCauseProblems(currency: SipCurrency, causes: readonly { sip_cause: string }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!causes.length) problems.causes = SIP_MESSAGES.noCause;
  const offered = sipCausesFor(currency) as readonly string[];
  const seen = new Set<string>();
  causes.forEach(({ sip_cause }, i) => {
    const key = `causes.${i}.sip_cause`;
    if (!isSipCause(sip_cause)) problems[key] = SIP_MESSAGES.unknownCause;
    else if (!offered.includes(sip_cause)) problems[key] = SIP_MESSAGES.inrOnlyCause(SIP_CAUSE_LABELS[sip_cause]);
    else if (seen.has(sip_cause)) problems[key] = SIP_MESSAGES.duplicateCause(SIP_CAUSE_LABELS[sip_cause]);
    seen.add(sip_cause);
  });
  return problems;
}

/**
 * spec 5: "SIP total valid only if each cause amount meets the minimum, unless the user already has a subscription
 * for that cause with an amount not above the entered one". Read as: a cause's amount below the minimum is still
 * accepted when one of the donor's subscriptions for the same cause, in the same currency, has an amount less than or
 * equal to the entered amount (an older SIP set below today's minimum may be kept or raised, never lowered further).
 * Amounts in other currencies are not compared. Empty answer: valid. Keys are field paths (causes.{i}.amount).
 */
export function sipTotalProblems(input: {
  currency: SipCurrency;
  causes: readonly SipCauseAmount[];
  existing?: readonly ExistingSip[];
}): Record<string, string> {
  const { currency, causes, existing = [] } = input;
  const problems = sipCauseProblems(currency, causes);
  const minimumMinor = toMinor(sipMinimumMajor(currency));
  causes.forEach(({ sip_cause, amount }, i) => {
    const key = `causes.${i}.amount`;
    if (typeof amount !== 'number' || !Number.isFinite(amount)) problems[key] = SIP_MESSAGES.amount;
    else if (amount <= 0) problems[key] = SIP_MESSAGES.amountPositive;
    else if (toMinor(amount) < minimumMinor) {
      const enteredMinor = toMinor(amount);
      const kept = existing.some((s) => s.sip_cause === sip_cause && s.currency === currency && Number.isFinite(s.amount) && s.amount > 0 && toMinor(s.amount) <= enteredMinor);
      if (!kept) problems[key] = SIP_MESSAGES.belowMinimum(labelOf(sip_cause), formatSipMinimum(currency));
    }
  });
  return problems;
}

/** spec 9's gateway value a SIP is recorded under, by the adapter that holds its mandate (the sandbox keeps its own name). */
export const SIP_GATEWAY_VALUE: Record<string, string> = { razorpay: 'razorpay_emandate', stripe: 'stripe_recurring' };
export const sipGatewayValue = (adapter: string) => SIP_GATEWAY_VALUE[adapter] ?? adapter;
