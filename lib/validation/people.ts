// spec 5 rules for people's details, shared by forms (react-hook-form) and the API.
import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, PHONE_DIGITS_KEPT } from '../constants/people';

export const MESSAGES = {
  name: 'Please enter a valid name',
  nameTooLong: 'Maximum character limit exceeds',
  email: 'Please enter a valid email',
  phone: 'Please enter a valid number',
  required: 'Field Required',
} as const;

// letters (any script), space and , . ' - only
export const NAME_PATTERN = /^[\p{L}\p{M} ,.'-]+$/u;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const INDIAN_MOBILE_PATTERN = /^(?:91)?0?[6-9]\d{9}$/;

/** spec 5: phone numbers keep their last 10 digits when they have 10 or more. */
export function trimPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= PHONE_DIGITS_KEPT ? digits.slice(-PHONE_DIGITS_KEPT) : digits;
}

export const NameSchema = z
  .string({ error: MESSAGES.name })
  .trim()
  .min(NAME_MIN_LENGTH, MESSAGES.name)
  .max(NAME_MAX_LENGTH, MESSAGES.nameTooLong)
  .regex(NAME_PATTERN, MESSAGES.name);

export const EmailSchema = z.string({ error: MESSAGES.email }).trim().toLowerCase().max(254, MESSAGES.email).regex(EMAIL_PATTERN, MESSAGES.email);

export const PhoneSchema = z
  .string({ error: MESSAGES.phone })
  .transform(trimPhone)
  .refine((p) => p.length >= 7 && p.length <= PHONE_DIGITS_KEPT, MESSAGES.phone);

// spec 5: a UPI id (VPA) is name@handle
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/;
export const UPI_ID_MESSAGE = 'Please enter a valid UPI ID';
