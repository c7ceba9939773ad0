// spec 7 GET payment/options?currency: the methods a donor can use in that currency.
import type { CurrencyCode } from '../money';
import { FALLBACK_LOCATION } from '../constants';
import { currencyForCountry } from '../money';

export type PaymentOption = 'UPI' | 'VPA' | 'CARD' | 'PAYTM';

/** UPI and Indian wallets take rupees only; cards take every supported currency. */
export function paymentOptions(currency: CurrencyCode): PaymentOption[] {
  return currency === 'INR' ? ['UPI', 'VPA', 'CARD', 'PAYTM'] : ['CARD'];
}

/**
 * A one-time payment (a gift, a tip, a premium) in this mode and currency: mandates (Emandate, UPI AutoPay) are for
 * SIPs only, and UPI, wallets and QR take rupees only (spec 9 modes). The server refuses the rest whatever a gateway could take.
 */
export function isOneTimeMode(currency: string, mode: string): boolean {
  if (mode === 'Emandate' || mode === 'UPIRECURRING') return false;
  return currency === 'INR' || mode === 'CARD';
}

/** spec 8: when the country of the visitor cannot be told, Mumbai, India. */
export function locationFromHeaders(headers: Headers) {
  // set by the CDN or proxy in front of us (Cloudflare, Vercel, or our own)
  const country = (headers.get('cf-ipcountry') ?? headers.get('x-vercel-ip-country') ?? headers.get('x-country-code') ?? '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country) || country === 'XX') return { ...FALLBACK_LOCATION, currency: currencyForCountry(FALLBACK_LOCATION.country_code), detected: false };
  return { country_code: country, country_name: null, city_name: headers.get('x-vercel-ip-city') ?? null, currency: currencyForCountry(country), detected: true };
}
