// spec 3, 5 and 7: login, one-time-code, verification and reset payloads, as the API reads them (the sign-in page's own
// fields, sign-up and the password, are ./account-fields.ts).
import { z } from 'zod';
import { EmailSchema, MESSAGES, NameSchema, PhoneSchema } from './people';
import { PHONE_MESSAGES } from '../phone/dialling';
import { PasswordSchema, RedirectUri, optionalText } from './account-fields';
import { ACCOUNT_MESSAGES } from './account-messages';

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
