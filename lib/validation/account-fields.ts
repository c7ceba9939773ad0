// The account fields the sign-in page checks in the browser as the API does: sign-up, the password rule and the messages.
// Apart from the API's other payloads (./accounts.ts), whose zod schemas the sign-in page would otherwise download.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants/auth';
import { EmailSchema, MESSAGES, NameSchema, PhoneSchema } from './people';
import { PHONE_MESSAGES, callingCodeOf } from '../phone/dialling';
import { ACCOUNT_MESSAGES } from './account-messages';

// spec 5: at least 8 characters with a lowercase, an uppercase and a digit
export const PasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.password })
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.password)
  .max(200, ACCOUNT_MESSAGES.password)
  .regex(/[a-z]/, ACCOUNT_MESSAGES.password)
  .regex(/[A-Z]/, ACCOUNT_MESSAGES.password)
  .regex(/\d/, ACCOUNT_MESSAGES.password);

const flag = z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()]).transform((v) => v === '1' || v === 1 || v === true);
export const optionalText = z.string().trim().max(500).optional();
export const RedirectUri = z.string().max(2048).optional();

// spec 3: signup payload (phone spaces removed)
export const SignupSchema = z.object({
  email_id: EmailSchema,
  password: PasswordSchema,
  full_name: NameSchema,
  phone_1: z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v), PhoneSchema).optional(),
  extension: z.string().trim().regex(/^\+?\d{1,4}$/, MESSAGES.phone).refine((v) => callingCodeOf(v) !== null, PHONE_MESSAGES.country).optional(),
  user_type: z.enum(['individual', 'ngo']).default('individual'),
  registration_source: z.string().trim().max(40).default('direct'),
  is_subscribed: flag.default(true),
  invisible_recaptcha: optionalText,
  'g-recaptcha-response': optionalText,
  accessToken: optionalText,
  signup_with_otp: flag.optional(),
  request_id: z.string().max(100).optional(),
  redirect_uri: RedirectUri,
});
export type SignupInput = z.input<typeof SignupSchema>;
