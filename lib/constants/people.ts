// A person's name, phone, address and gender (spec 5). Every form's browser code reads this file: it imports nothing
// but a type.
import type { CountryCode } from '../phone/countries';

export const NAME_MAX_LENGTH = 50;
export const NAME_MIN_LENGTH = 2;
export const PHONE_DIGITS_KEPT = 10;
/** spec 5: the Indian mobile pattern and 6-digit pincodes apply to this dialling code */
export const INDIA_EXTENSION = '+91';
/** the country that dialling code names, what a phone field shows before its country list arrives */
export const INDIA_COUNTRY = 'IN';
/** the phone country picker lists these first (India, then where most diaspora donors live), then A to Z */
export const PHONE_COUNTRIES_FIRST: readonly CountryCode[] = ['IN', 'US', 'GB', 'AE', 'CA', 'AU', 'SG', 'SA', 'QA', 'KW', 'OM', 'BH', 'MY', 'HK', 'NZ', 'DE', 'NP'];
/** ITU-T E.164: a phone number has at most 15 digits with its country code */
export const PHONE_E164_MAX_DIGITS = 15;
export const INDIA_PINCODE_DIGITS = 6;
export const ADDRESS_MAX_LENGTH = 255;
export const GENDERS = ['male', 'female', 'other'] as const;
