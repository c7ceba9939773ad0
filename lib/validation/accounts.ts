// spec 3, 5 and 7: sign-up, login and one-time-code payloads, shared by the sign-in page and the API.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants/auth';
import { EmailSchema, MESSAGES, NameSchema, PhoneSchema } from './people';
import { PHONE_MESSAGES, callingCodeOf } from '../phone/dialling';

export const ACCOUNT_MESSAGES = {
  password: 'Password must be at least 8 characters with a lowercase letter, an uppercase letter and a digit',
  passwordRequired: 'Please enter your password',
  duplicateEmail: 'The email id has already been taken.',
  alreadyRegistered: 'You are already registered with us, Please login',
  badCredentials: 'The email, mobile number or password is incorrect',
  code: 'Please enter the code we sent you',
  codeWrong: 'The code is incorrect',
  codeExpired: 'The code has expired. Please ask for a new one',
  codeAttempts: 'Too many wrong codes. Please ask for a new one',
  contact: 'Please enter a valid email or mobile number',
  login: 'Please enter your email or mobile number',
  resetInvalid: 'This reset link is invalid or has already been used',
  linkInvalid: 'This sign-in link is invalid, expired or already used',
} as const;

// spec 5: at least 8 characters with a lowercase, an uppercase and a digit
export const PasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.password })
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.password)
  .max(200, ACCOUNT_MESSAGES.password)
  .regex(/[a-z]/, ACCOUNT_MESSAGES.password)
  .regex(/[A-Z]/, ACCOUNT_MESSAGES.password)
  .regex(/\d/, ACCOUNT_MESSAGES.password);

const flag = z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()]).transform((v) => v === '1' || v === 1 || v === true);
const optionalText = z.string().trim().max(500).optional();
const RedirectUri = z.string().max(2048).optional();

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


const Typed = (message: string) => z.string({ error: message }).trim().min(1, message).max(254, message);
const Extension = z.string().trim().max(8, PHONE_MESSAGES.country).optional();

// One schema per payload: these are the login payloads' fields; the server parses them with the contact read as E.164
// by libphonenumber-js (lib/validation/sign-in.ts), which the sign-in page's JavaScript never carries.
/** spec 3: login payload; email_id may be a mobile number too (with its dialling code in extension) */
export const LoginFields = z.object({
  email_id: Typed(ACCOUNT_MESSAGES.login),
  extension: Extension,
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).min(1, ACCOUNT_MESSAGES.passwordRequired).max(200),
  'g-recaptcha-response': optionalText,
  redirect_uri: RedirectUri,
});
export type LoginInput = z.input<typeof LoginFields>;
// spec 7 auth/login/otpLogin: where to send a code, as `contact` (our sign-in field: a phone or an email) or spec 3's `phone_1`
export const OtpLoginFields = z
  .object({ contact: Typed(ACCOUNT_MESSAGES.contact).optional(), phone_1: Typed(MESSAGES.phone).optional(), extension: Extension })
  .superRefine((v, ctx) => {
    if (v.contact === undefined && v.phone_1 === undefined) ctx.addIssue({ code: 'custom', path: ['contact'], message: ACCOUNT_MESSAGES.contact });
    if (v.contact === undefined && v.phone_1?.includes('@')) ctx.addIssue({ code: 'custom', path: ['phone_1'], message: MESSAGES.phone });
  });
export const ContactField = Typed(ACCOUNT_MESSAGES.contact);

export const VerifyOtpSchema = z.object({
  request_id: z.string().min(10).max(100),
  otp: z.string({ error: ACCOUNT_MESSAGES.code }).trim().regex(/^\d{4,8}$/, ACCOUNT_MESSAGES.code),
  redirect_uri: RedirectUri,
});
export const VerifyDetailsSchema = z.object({
  accessToken: z.string().min(10).max(2000),
  full_name: NameSchema,
  email_id: EmailSchema.optional(),
  phone_1: PhoneSchema.optional(),
  redirect_uri: RedirectUri,
});
export const PasswordEmailSchema = z.object({ email_id: EmailSchema });
export const PasswordResetSchema = z
  .object({ token: z.string().min(20).max(200), password: PasswordSchema, password_confirmation: z.string().optional(), redirect_uri: RedirectUri })
  .refine((v) => v.password_confirmation === undefined || v.password_confirmation === v.password, { message: 'The passwords do not match', path: ['password_confirmation'] });
export const AutologinSchema = z.object({ token: z.string().min(20).max(200), redirect_uri: RedirectUri });
export const RedirectQuerySchema = z.object({ redirect_uri: RedirectUri });
