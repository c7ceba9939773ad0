// Currencies of spec 3 and 9. Money is always integer minor units plus an ISO code.

export const CURRENCY_CODES = ['INR', 'USD', 'GBP', 'EUR', 'AED', 'SAR', 'SGD', 'CAD', 'HKD', 'QAR', 'AUD', 'MYR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'INR';

export interface CurrencyEntry {
  code: string; // country code as listed in spec 3 (EUR has none)
  currency: CurrencyCode;
  symbol: string;
  is_symbol: boolean;
  icon: string;
}

// spec 3: IN INR, US USD, GB GBP, EUR, AE AED, SA SAR, SG SGD, CA CAD, HK HKD, QA QAR, AU AUD, MY MYR
export const CURRENCIES: readonly CurrencyEntry[] = [
  { code: 'IN', currency: 'INR', symbol: '₹', is_symbol: true, icon: 'inr' },
  { code: 'US', currency: 'USD', symbol: '$', is_symbol: true, icon: 'usd' },
  { code: 'GB', currency: 'GBP', symbol: '£', is_symbol: true, icon: 'gbp' },
  { code: 'EU', currency: 'EUR', symbol: '€', is_symbol: true, icon: 'eur' },
  { code: 'AE', currency: 'AED', symbol: 'AED', is_symbol: false, icon: 'aed' },
  { code: 'SA', currency: 'SAR', symbol: 'SAR', is_symbol: false, icon: 'sar' },
  { code: 'SG', currency: 'SGD', symbol: 'S$', is_symbol: true, icon: 'sgd' },
  { code: 'CA', currency: 'CAD', symbol: 'C$', is_symbol: true, icon: 'cad' },
  { code: 'HK', currency: 'HKD', symbol: 'HK$', is_symbol: true, icon: 'hkd' },
  { code: 'QA', currency: 'QAR', symbol: 'QAR', is_symbol: false, icon: 'qar' },
  { code: 'AU', currency: 'AUD', symbol: 'A$', is_symbol: true, icon: 'aud' },
  { code: 'MY', currency: 'MYR', symbol: 'RM', is_symbol: true, icon: 'myr' },
];

// spec 3: EU member country codes map to EUR
export const EU_COUNTRY_CODES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

// spec 3: restricted Gulf-region codes
export const RESTRICTED_GULF_CODES = ['BH', 'IR', 'IQ', 'KW', 'OM', 'QA', 'SA', 'YE'] as const;

// Every currency here has two decimal places.
export const MINOR_UNITS_PER_MAJOR = 100;

/** spec 3's currency entry as a picker shows it: the symbol before the code ('₹ INR', 'S$ SGD'); the code alone when the entry's symbol is the code (is_symbol false). */
export function currencyOptionLabel(currency: string): string {
  const entry = CURRENCIES.find((c) => c.currency === currency);
  return entry?.is_symbol ? `${entry.symbol} ${entry.currency}` : currency;
}

/** The currency picker's entries, labelled where the table is (the server), handed to forms in the browser as props. */
export function currencyPickerOptions<C extends CurrencyCode = CurrencyCode>(codes?: readonly C[]): { code: C; label: string }[] {
  return (codes ?? (CURRENCY_CODES as readonly CurrencyCode[] as readonly C[])).map((c) => ({ code: c, label: currencyOptionLabel(c) }));
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}


/** Converts minor units between currencies (rates in millionths of a rupee per unit), rounding half up, without floating point. */
export function convertMinor(amountMinor: number, fromMicros: number, toMicros: number): number {
  if (fromMicros === toMicros) return amountMinor;
  const num = BigInt(amountMinor) * BigInt(fromMicros);
  const den = BigInt(toMicros);
  return Number((num * 2n + den) / (den * 2n));
}

export function toMinor(major: number): number {
  return Math.round(major * MINOR_UNITS_PER_MAJOR);
}

export function toMajor(minor: number): number {
  return minor / MINOR_UNITS_PER_MAJOR;
}

/** The currency a visitor from this country sees first (spec 3). */
export function currencyForCountry(countryCode: string | null | undefined): CurrencyCode {
  const cc = (countryCode ?? '').toUpperCase();
  if ((EU_COUNTRY_CODES as readonly string[]).includes(cc)) return 'EUR';
  return CURRENCIES.find((c) => c.code === cc)?.currency ?? DEFAULT_CURRENCY;
}

// Indian grouping (1,00,000) for en and hi, each locale's own digits elsewhere.
const NUMBER_LOCALE: Record<string, string> = {
  en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN', te: 'te-IN', ar: 'ar', ur: 'ur-PK',
};

// Totals of 1,000 or more read better in whole units; receipts pass exact to keep the paise.
const WHOLE_UNITS_FROM_MAJOR = 1000;

// building an Intl.NumberFormat costs about 0.4 ms (a receipt, every card of a listing): one per locale, currency and precision
const formats = new Map<string, Intl.NumberFormat>();
const FORMATS_MAX = 500;

function numberFormat(locale: string, currency: string | null, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}|${whole ? 0 : 2}`;
  let f = formats.get(key);
  if (!f) {
    const numberLocale = NUMBER_LOCALE[locale] ?? 'en-IN';
    const digits = whole ? 0 : 2;
    f = currency
      ? new Intl.NumberFormat(numberLocale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits, roundingMode: 'trunc' } as Intl.NumberFormatOptions)
      : new Intl.NumberFormat(numberLocale);
    // currencies come from stored rows: never let an odd one grow the map without bound
    if (formats.size >= FORMATS_MAX) formats.clear();
    formats.set(key, f);
  }
  return f;
}

export function formatMoney(minor: number, currency: string, locale = 'en', opts: { exact?: boolean } = {}): string {
  const whole = minor % MINOR_UNITS_PER_MAJOR === 0 || (!opts.exact && Math.abs(minor) >= WHOLE_UNITS_FROM_MAJOR * MINOR_UNITS_PER_MAJOR);
  return numberFormat(locale, currency, whole).format(toMajor(minor));
}

export function formatCount(n: number, locale = 'en'): string {
  return numberFormat(locale, null, false).format(n);
}

// South Asian languages count in lakhs and crores (spec 1 writes '72 Lakh+'); Arabic in thousands, millions and billions
const COUNTS_IN_LAKHS: Record<string, boolean> = { en: true, hi: true, ta: true, te: true, ur: true, ar: false };

/**
 * spec 1's platform figures: the number to put before the unit's word in this locale. In lakh-and-crore locales the
 * number in its unit, ungrouped as spec 1 writes it ('1100' crore); elsewhere the whole in the locale's short form
 * ('11 مليار'), whose unit words come from Intl.
 */
export function formatPlatformFigure(value: number, unitSize: number, locale = 'en'): string {
  const numberLocale = NUMBER_LOCALE[locale] ?? 'en-IN';
  return (COUNTS_IN_LAKHS[locale] ?? true)
    ? new Intl.NumberFormat(numberLocale, { useGrouping: false, maximumFractionDigits: 1 }).format(value)
    : new Intl.NumberFormat(numberLocale, { notation: 'compact', maximumFractionDigits: 1 }).format(value * unitSize);
}
