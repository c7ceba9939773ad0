// spec 2 /new/standalonetip: the cart of a tip to the platform, checked by the tip form and by the API.
import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { CURRENCY_CODES } from '../money';
import { MAX_AMOUNT_MAJOR } from '../constants/giving';
import { EmailSchema, NameSchema, PhoneSchema } from './people';
import { AMOUNT_TOO_LARGE_MESSAGE, DonorExtensionSchema, amountSchema, indianMobileRule } from './gift-fields';

/** A standalone tip to the platform (spec 2 /new/standalonetip): an amount and who gives it; no fundraiser, no tip on the tip. */
export const TipCartSchema = z
  .object({
    tip_amount: amountSchema('amount').refine((n) => n >= 1, 'Please enter a value greater than or equal to 1'),
    currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }),
    donor_name: NameSchema,
    donor_email: EmailSchema,
    donor_phone: PhoneSchema,
    donor_extension: DonorExtensionSchema,
    device: z.enum(['mobile', 'desktop']).optional(),
    captcha_response: z.string().max(4000).optional(),
    utm: z.record(z.string().max(50), z.string().max(200)).optional(),
    locale: z.enum(LOCALES).optional().catch(undefined),
  })
  .superRefine((cart, ctx) => {
    if (cart.tip_amount > MAX_AMOUNT_MAJOR[cart.currency]) ctx.addIssue({ code: 'custom', path: ['tip_amount'], message: AMOUNT_TOO_LARGE_MESSAGE });
  })
  .superRefine(...indianMobileRule);
export type TipCartInput = z.input<typeof TipCartSchema>;
