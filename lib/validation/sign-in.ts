// spec 3: the login and one-time-code payloads as the server parses them: their fields from
// ./accounts.ts, the contact read as E.164 by libphonenumber-js. Server only (route handlers, lib/auth).
import { z } from 'zod';
import { toE164 } from '../phone/international';
import { ContactField, LoginFields, OtpLoginFields } from './accounts';
import { ACCOUNT_MESSAGES } from './account-messages';
import { EmailSchema, MESSAGES } from './people';

type ContactValue = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/**
 * An email, or a phone with its dialling code as E.164, from one sign-in field; the picker's code
 * (extension, India when none) applies unless the number was typed with its own '+code'. An unknown code is
 * the extension field's 422.
 */
function readContact(typed: string, extension: string | undefined, ctx: z.RefinementCtx, path: string, message: string = ACCOUNT_MESSAGES.contact): ContactValue {
  const v = typed.trim();
  if (v.includes('@')) {
    const email = EmailSchema.safeParse(v);
    if (email.success) return { kind: 'email', value: email.data };
    ctx.addIssue({ code: 'custom', path: path ? [path] : [], message });
    return z.NEVER;
  }
  const phone = toE164(extension, v);
  if (phone.ok) return { kind: 'phone', value: phone.e164 };
  ctx.addIssue({ code: 'custom', path: phone.field === 'extension' ? ['extension'] : path ? [path] : [], message: phone.field === 'extension' ? phone.message : message });
  return z.NEVER;
}

/** A phone (E.164; bare digits are Indian) or an email, as one sign-in field. */
export const ContactSchema = ContactField.transform((v, ctx) => readContact(v, undefined, ctx, ''));

export const LoginSchema = LoginFields.transform((v, ctx) => ({ ...v, login: readContact(v.email_id, v.extension, ctx, 'email_id') }));
export type { LoginInput } from './accounts';

export const OtpLoginSchema = OtpLoginFields.transform((v, ctx) => {
  const typed = v.contact ?? v.phone_1;
  if (typed === undefined) return z.NEVER;
  return v.contact !== undefined ? { contact: readContact(typed, v.extension, ctx, 'contact') } : { contact: readContact(typed, v.extension, ctx, 'phone_1', MESSAGES.phone) };
});
