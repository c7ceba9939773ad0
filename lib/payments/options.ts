// spec 7 GET payment/options?currency: the methods a donor can use in that currency.
import type { CurrencyCode } from '../money';
import { FALLBACK_LOCATION } from '../constants/payments';
import { currencyForCountry } from '../money';

/** every one-time method a donor may meet, in the order forms offer them */
export const PAYMENT_OPTIONS = ['UPI', 'VPA', 'CARD', 'PAYTM', 'NEFT'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];
/** what a one-time payment is for: a bank transfer (NEFT) is offered for gifts only, whose form asks for the donor's account */
export type OneTimePurpose = 'gift' | 'tip' | 'premium';

/** The methods a payment in this currency for this purpose may use (isOneTimeMode: UPI, wallets and bank transfer take rupees only). */
export function paymentOptions(currency: CurrencyCode, purpose: OneTimePurpose = 'gift'): PaymentOption[] {
  return PAYMENT_OPTIONS.filter((mode) => isOneTimeMode(currency, mode, purpose));
}

/**
 * A one-time payment (a gift, a tip, a premium) in this mode and currency: mandates (Emandate, UPI AutoPay) are for
 * SIPs only, and UPI, wallets and QR take rupees only (spec 9 modes). The server refuses the rest whatever a gateway could take.
 */
export function isOneTimeMode(currency: string, mode: string, purpose: OneTimePurpose = 'gift'): boolean {
  if (mode === 'Emandate' || mode === 'UPIRECURRING') return false;
  if (mode === 'NEFT' && purpose !== 'gift') return false;
  return currency === 'INR' || mode === 'CARD';
}

/** spec 8: when the country of the visitor cannot be told, Mumbai, India. */
export function locationFromHeaders(headers: Headers) {
  // set by the CDN or proxy in front of us (Cloudflare, Vercel, or our own)
  const country = (headers.get('cf-ipcountry') ?? headers.get('x-vercel-ip-country') ?? headers.get('x-country-code') ?? '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country) || country === 'XX') return { ...FALLBACK_LOCATION, currency: currencyForCountry(FALLBACK_LOCATION.country_code), detected: false };
  return { country_code: country, country_name: null, city_name: headers.get('x-vercel-ip-city') ?? null, currency: currencyForCountry(country), detected: true };
}
