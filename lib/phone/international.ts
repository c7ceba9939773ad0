// Phone numbers of every country (issue 31): a country picked from a list, the number kept in E.164 (+<code><number>),
// spec 5's Indian rules kept for +91. libphonenumber-js with its small (min) metadata: this runs in the browser too.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { INDIA_EXTENSION, PHONE_COUNTRIES_FIRST } from '../constants';
import { INDIAN_MOBILE_PATTERN, MESSAGES, trimPhone } from '../validation/people';

export const PHONE_MESSAGES = {
  /** a dialling code no country has: refused with a 4xx, never thrown */
  country: 'Please choose a valid country code',
  number: MESSAGES.phone,
} as const;

export const INDIA: CountryCode = 'IN';

const CALLING_CODES = new Set(getCountries().map((c) => getCountryCallingCode(c) as string));

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
  return first ?? getCountries().find((c) => getCountryCallingCode(c) === code) ?? INDIA;
}

export const extensionOf = (country: CountryCode) => `+${getCountryCallingCode(country)}`;

export type PhoneCheck = { ok: true; e164: string; extension: string; national: string } | { ok: false; field: 'extension' | 'phone'; message: string };

/**
 * A typed number with its dialling code, as E.164. +91 keeps spec 5's rules (the last 10 digits, an Indian mobile);
 * other countries are checked by libphonenumber-js. A number typed with its own '+code' wins over the picker.
 */
export function toE164(extension: string | null | undefined, typed: string): PhoneCheck {
  const raw = typed.trim();
  let code: string | null;
  let digits: string;
  if (raw.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(raw);
    if (!parsed) return { ok: false, field: 'phone', message: PHONE_MESSAGES.number };
    code = parsed.countryCallingCode as string;
    digits = parsed.nationalNumber as string;
  } else {
    code = callingCodeOf(extension ?? INDIA_EXTENSION);
    if (!code) return { ok: false, field: 'extension', message: PHONE_MESSAGES.country };
    digits = raw.replace(/\D/g, '');
  }
  if (`+${code}` === INDIA_EXTENSION) {
    const national = trimPhone(digits);
    return INDIAN_MOBILE_PATTERN.test(national) && national.length === 10 ? { ok: true, e164: `${INDIA_EXTENSION}${national}`, extension: INDIA_EXTENSION, national } : { ok: false, field: 'phone', message: PHONE_MESSAGES.number };
  }
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: code });
  if (!parsed || !parsed.isValid()) return { ok: false, field: 'phone', message: PHONE_MESSAGES.number };
  return { ok: true, e164: parsed.number as string, extension: `+${parsed.countryCallingCode}`, national: parsed.nationalNumber as string };
}

/** An E.164 number back into its dialling code and national number (how users.phone_1 and extension keep it). */
export function splitE164(e164: string): { extension: string; national: string } | null {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? { extension: `+${parsed.countryCallingCode}`, national: parsed.nationalNumber as string } : null;
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
  const rest = getCountries()
    .filter((c) => !PHONE_COUNTRIES_FIRST.includes(c))
    .map(entry)
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return [...first, ...rest];
}
