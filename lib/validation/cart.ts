// spec 3: the cart a donor's gift starts with, checked by the payment form as she types and by the API.
import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { CURRENCY_CODES } from '../money';
import { CITIZENSHIP_REQUIRED_MESSAGE, CITIZENSHIPS, MAX_AMOUNT_MAJOR, TIP_MAX_SHARE_OF_DONATION } from '../constants/giving';
import { PAN_PATTERN } from '../constants/tax';
import { DonorAddressSchema } from './donor-tax';
import { EmailSchema, NameSchema, PhoneSchema } from './people';
import { AMOUNT_TOO_LARGE_MESSAGE, DedicationSchema, DonorExtensionSchema, TIP_TOO_LARGE_MESSAGE, amountSchema, indianMobileRule } from './gift-fields';

export const CartSchema = z.object({
  campaign_id: z.coerce.number().int().positive().optional(),
  donated_amount: amountSchema('amount').refine((n) => n > 0, 'Please enter a value greater than or equal to 1').refine((n) => n >= 1, 'Please enter a value greater than or equal to 1'),
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }),
  donor_name: NameSchema,
  donor_email: EmailSchema,
  donor_phone: PhoneSchema,
  donor_extension: DonorExtensionSchema,
  donor_pincode: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, 'Please enter a valid pincode').optional().or(z.literal('')),
  donor_country: z.string().max(60).optional(),
  donor_city: z.string().max(60).optional(),
  is_anonymous: z.enum(['0', '1']).default('0'),
  tip_amount: amountSchema('tip').refine((n) => n >= 0, 'The tip cannot be negative').default(0),
  /** FCRA: asked when the gift could be a foreign contribution (lib/donations/fcra.ts) */
  citizenship: z.enum(CITIZENSHIPS, { error: CITIZENSHIP_REQUIRED_MESSAGE }).optional(),
  /** the donor says the card they will pay with was issued outside India */
  card_abroad: z.enum(['0', '1']).optional(),
  pan: z.string().trim().toUpperCase().regex(PAN_PATTERN, 'Please enter a valid PAN').optional().or(z.literal('')),
  /** the same PAN under the name users/me answers it by (panNumber); pan wins when both are sent */
  panNumber: z.string().trim().toUpperCase().regex(PAN_PATTERN, 'Please enter a valid PAN').optional().or(z.literal('')),
  /** the donor's postal address, for an 80G receipt and the NGO's Form 10BD */
  donor_address: DonorAddressSchema.optional().or(z.literal('')),
  device: z.enum(['mobile', 'desktop']).optional(),
  recurring: z.enum(['0', '1']).default('0'),
  cause_amount: z.literal(1).or(z.literal('1')).optional(),
  captcha_response: z.string().max(4000).optional(),
  utm: z.record(z.string().max(50), z.string().max(200)).optional(),
  /** spec 3: the reward the donor chose; the server checks the amount reaches it and some are left */
  reward_id: z.coerce.number({ error: 'Please choose a reward from the list' }).int('Please choose a reward from the list').positive('Please choose a reward from the list').optional(),
  // the page's language, for the receipt; anything else falls back to the default
  locale: z.enum(LOCALES).optional().catch(undefined),
  /** spec 3/7: a sponsor's coupon (POST coupon), checked again when the cart is made and claimed when the gift settles */
  coupon_code: z.string().trim().max(40, 'This coupon code is not valid').optional().or(z.literal('')),
  /** anniversary giving (origin tann): the occasion and whom it honours */
  dedication: DedicationSchema.optional(),
}).superRefine((cart, ctx) => {
  // one ceiling per currency (lib/constants/giving.ts) keeps every amount far inside integer minor units
  const max = MAX_AMOUNT_MAJOR[cart.currency];
  if (cart.donated_amount > max) ctx.addIssue({ code: 'custom', path: ['donated_amount'], message: AMOUNT_TOO_LARGE_MESSAGE });
  if (cart.tip_amount > cart.donated_amount * TIP_MAX_SHARE_OF_DONATION) ctx.addIssue({ code: 'custom', path: ['tip_amount'], message: TIP_TOO_LARGE_MESSAGE });
}).superRefine(...indianMobileRule);
export type CartInput = z.input<typeof CartSchema>;
