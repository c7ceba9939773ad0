// Phone numbers of every country, full validation: libphonenumber-js with its small (min) metadata.
// Server only (route handlers and the sign-in schemas in lib/validation/sign-in.ts): the browser gets ./dialling.ts.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { INDIA_EXTENSION } from '../constants/people';
import { PHONE_MESSAGES, callingCodeOf, phoneShape } from './dialling';

export { INDIA, PHONE_MESSAGES, callingCodeOf, countryForExtension, extensionOf, phoneCountries, type PhoneCountry } from './dialling';

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
  // the shape the form checks too (spec 5 for +91); then libphonenumber-js's rules for the other countries
  const national = phoneShape(code, digits);
  if (national === null) return { ok: false, field: 'phone', message: PHONE_MESSAGES.number };
  if (`+${code}` === INDIA_EXTENSION) return { ok: true, e164: `${INDIA_EXTENSION}${national}`, extension: INDIA_EXTENSION, national };
  const parsed = parsePhoneNumberFromString(national, { defaultCallingCode: code });
  if (!parsed || !parsed.isValid()) return { ok: false, field: 'phone', message: PHONE_MESSAGES.number };
  return { ok: true, e164: parsed.number as string, extension: `+${parsed.countryCallingCode}`, national: parsed.nationalNumber as string };
}

/** An E.164 number back into its dialling code and national number (how users.phone_1 and extension keep it). */
export function splitE164(e164: string): { extension: string; national: string } | null {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? { extension: `+${parsed.countryCallingCode}`, national: parsed.nationalNumber as string } : null;
}
