// The fields a gift's payloads share (the cart, the standalone tip): amounts, the donor's dialling code, India's mobile rule.
// Each browser form imports only the schema it sends (./cart.ts, ./tip-cart.ts): zod's schema calls are kept by the
// minifier whether used or not, so one module of every payload would ship them all to every form.
import { z } from 'zod';
import { INDIA_EXTENSION } from '../constants/people';
import { ANNIVERSARY_OCCASIONS, BANK_TRANSFER_MIN_MAJOR, DEDICATION_MESSAGE_MAX } from '../constants/giving';
import { INDIAN_MOBILE_PATTERN, MESSAGES, NameSchema } from './people';

// an amount is a number or a numeric string with at most two decimals: never true, [500], '1e3' or ' 0x10'
const AMOUNT_TEXT = /^\d{1,12}(?:\.\d{1,12})?$/;
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const amountSchema = (field: string) =>
  z.union([z.number(), z.string()], { error: `Please enter the ${field}` }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : AMOUNT_TEXT.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `Please enter the ${field}` });
      return z.NEVER;
    }
    if (!hasAtMostTwoDecimals(n) || (typeof value === 'string' && /\.\d{3,}$/.test(value.trim()))) {
      ctx.addIssue({ code: 'custom', message: `The ${field} can have at most two decimals` });
      return z.NEVER;
    }
    return n;
  });

export const AMOUNT_TOO_LARGE_MESSAGE = 'This amount is above what we accept online in one donation';
export const TIP_TOO_LARGE_MESSAGE = 'The tip can be at most half of the donation';

type DonorPhone = { donor_extension: string; donor_phone: string };
/**
 * spec 5: with the +91 dialling code a donor's number must be an Indian mobile, as the profile form checks it. Run while
 * other fields still fail (the form shows every message at once), never over the phone's or code's own message.
 */
export const indianMobileRule = [
  (cart: DonorPhone, ctx: z.RefinementCtx<DonorPhone>) => {
    // it also runs over input that failed elsewhere (not even an object): only two strings are judged
    if (typeof cart?.donor_extension !== 'string' || typeof cart.donor_phone !== 'string') return;
    const india = `+${cart.donor_extension.replace(/^\+/, '')}` === INDIA_EXTENSION;
    if (india && !INDIAN_MOBILE_PATTERN.test(cart.donor_phone)) ctx.addIssue({ code: 'custom', path: ['donor_phone'], message: MESSAGES.phone });
  },
  { when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => issue.path?.[0] === 'donor_phone' || issue.path?.[0] === 'donor_extension') },
] as const;

/** the picker's dialling code; one no country has is the field's 422 (./cart-server.ts: the server's check) */
export const DonorExtensionSchema = z
  .string()
  .regex(/^\+?\d{1,4}$/, MESSAGES.phone)
  .default('+91');

export const DedicationSchema = z.object({
  occasion: z.enum(ANNIVERSARY_OCCASIONS, { error: 'Please choose the occasion' }),
  honoree: NameSchema,
  message: z.string().trim().max(DEDICATION_MESSAGE_MAX, 'Maximum character limit exceeds').optional().or(z.literal('')),
});

/** spec 5 'Please enter a value greater than or equal to': a bank transfer's total (gift and tip, rupees) below its minimum */
export const bankTransferAmountError = (totalMajor: number) => (totalMajor < BANK_TRANSFER_MIN_MAJOR ? `Please enter a value greater than or equal to ${BANK_TRANSFER_MIN_MAJOR}` : null);
