// Phone numbers of every country, the part the browser gets: the country picker's list and dialling codes
// from a generated table (lib/phone/countries.ts), and spec 5's Indian rules. Full validation (libphonenumber-js's
// metadata, ~30 kB gzip) stays on the server in ./international.ts: never import that from a client component.
import { INDIA_COUNTRY, INDIA_EXTENSION, PHONE_COUNTRIES_FIRST, PHONE_E164_MAX_DIGITS } from '../constants/people';
import { INDIAN_MOBILE_PATTERN, MESSAGES, trimPhone } from '../validation/people';
import { COUNTRY_CALLING_CODES, type CountryCode } from './countries';

export type { CountryCode };

export const PHONE_MESSAGES = {
  /** a dialling code no country has: refused with a 4xx, never thrown */
  country: 'Please choose a valid country code',
  number: MESSAGES.phone,
} as const;

export const INDIA: CountryCode = INDIA_COUNTRY;

const COUNTRIES = Object.keys(COUNTRY_CALLING_CODES) as CountryCode[];
const CALLING_CODES = new Set<string>(Object.values(COUNTRY_CALLING_CODES));

export const getCountries = (): CountryCode[] => COUNTRIES;
export const getCountryCallingCode = (country: CountryCode): string => COUNTRY_CALLING_CODES[country];

/** '+1', '1' or ' +44 ' → '1' / '44' when some country dials it, else null. */
export function callingCodeOf(extension: string | null | undefined): string | null {
  const code = (extension ?? '').trim().replace(/^\+/, '');
  return /^\d{1,4}$/.test(code) && CALLING_CODES.has(code) ? code : null;
}

/** The country a picker shows for a dialling code: India for +91, the main country of a shared code (+1: the US). */
export function countryForExtension(extension: string | null | undefined): CountryCode {
  const code = callingCodeOf(extension);
  if (!code) return INDIA;
  const first = PHONE_COUNTRIES_FIRST.find((c) => getCountryCallingCode(c) === code);
  return first ?? COUNTRIES.find((c) => getCountryCallingCode(c) === code) ?? INDIA;
}

export const extensionOf = (country: CountryCode) => `+${getCountryCallingCode(country)}`;

/**
 * The light check form and server share: spec 5's rules for +91 (the last 10 digits, an Indian mobile), else at most
 * E.164's 15 digits with the code. Returns the national number it keeps, or null. The server then asks libphonenumber-js.
 */
export function phoneShape(code: string, typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  if (`+${code}` === INDIA_EXTENSION) {
    const national = trimPhone(digits);
    return INDIAN_MOBILE_PATTERN.test(national) && national.length === 10 ? national : null;
  }
  return digits.length > 0 && code.length + digits.length <= PHONE_E164_MAX_DIGITS ? digits : null;
}

export interface PhoneCountry {
  country: CountryCode;
  extension: string;
  name: string;
}

/** The picker's list in the reader's language: the countries most donors dial from first, then A to Z. */
export function phoneCountries(locale: string): PhoneCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    // an engine without region names shows the codes
  }
  const entry = (country: CountryCode): PhoneCountry => ({ country, extension: extensionOf(country), name: names?.of(country) ?? country });
  const first = PHONE_COUNTRIES_FIRST.map(entry);
  // one collator for the whole sort: localeCompare with a locale builds one per comparison (a long task on a slow phone)
  const { compare } = new Intl.Collator(locale);
  const rest = COUNTRIES.filter((c) => !PHONE_COUNTRIES_FIRST.includes(c))
    .map(entry)
    .sort((a, b) => compare(a.name, b.name));
  return [...first, ...rest];
}
