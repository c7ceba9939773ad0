// The words a mandate debit and its gateways share with the SIPs it pays: written here, below both, so a gateway adapter
// names a decline or an account holder without reading the SIP rules that act on them. Pure: the subscribe page uses it.
import { EMANDATE_FIRST_NAME_MIN_LENGTH, EMANDATE_FIRST_NAME_SUFFIX } from '../constants/payments';
import { SIP_PAYMENT_METHODS } from '../constants/sip';

/** The failure reasons a mandate debit comes back with (gateways' own codes are mapped to these by their adapters). */
export const SIP_FAILURE = {
  insufficientFunds: 'insufficient_funds',
  technical: 'technical',
  mandateRevoked: 'mandate_revoked',
  mandateExpired: 'mandate_expired',
} as const;
export type SipFailureReason = (typeof SIP_FAILURE)[keyof typeof SIP_FAILURE];

export type SipPaymentMethod = (typeof SIP_PAYMENT_METHODS)[number];

/** spec 5: an e-mandate donor's first name (the first word of the full name) under 3 characters gets a suffix, "Al" → "Al Donor". */
export function emandateFirstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  // counted in code points, so an emoji or a character outside the BMP counts once, not as two UTF-16 units
  if (Array.from(first).length >= EMANDATE_FIRST_NAME_MIN_LENGTH) return first;
  return first ? `${first} ${EMANDATE_FIRST_NAME_SUFFIX}` : EMANDATE_FIRST_NAME_SUFFIX;
}

/** spec 9's SIP modes a currency can use: e-mandates and UPI AutoPay are Indian rails, so other currencies pay by card. */
export const sipMethodsFor = (currency: string): readonly SipPaymentMethod[] => (currency === 'INR' ? SIP_PAYMENT_METHODS : ['CARD']);
