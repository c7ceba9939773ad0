// spec 3/5: the cart and order payloads, shared by the payment form and the API.
import { LOCALES } from '../i18n/locales';
import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { INDIA_EXTENSION } from '../constants/people';
import { ANNIVERSARY_OCCASIONS, BANK_TRANSFER_MIN_MAJOR, CARD_BIN_DIGITS, CITIZENSHIPS, FCRA_MESSAGES, DEDICATION_MESSAGE_MAX, MAX_AMOUNT_MAJOR, ORIGIN_CODES, PAYMENT_FORM_PAGE_TYPE, PAYMENT_MODES, TIP_MAX_SHARE_OF_DONATION } from '../constants/giving';
import { rowIdSchema } from './ids';
import { BankAccountNumberSchema, IfscSchema } from './withdrawals';
import { EmailSchema, INDIAN_MOBILE_PATTERN, MESSAGES, NameSchema, PhoneSchema, UPI_ID_MESSAGE, UPI_ID_PATTERN } from './people';
import { ORDER_CHANNEL_PREFIX } from '../realtime/channels';

// an amount is a number or a numeric string with at most two decimals: never true, [500], '1e3' or ' 0x10'
const AMOUNT_TEXT = /^\d{1,12}(?:\.\d{1,12})?$/;
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const amount = (field: string) =>
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

import { PAN_PATTERN } from '../constants/tax';
import { DonorAddressSchema } from './tax';

export { PAN_PATTERN };

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
const DonorExtension = z
  .string()
  .regex(/^\+?\d{1,4}$/, MESSAGES.phone)
  .default('+91');

export const DedicationSchema = z.object({
  occasion: z.enum(ANNIVERSARY_OCCASIONS, { error: 'Please choose the occasion' }),
  honoree: NameSchema,
  message: z.string().trim().max(DEDICATION_MESSAGE_MAX, 'Maximum character limit exceeds').optional().or(z.literal('')),
});

export const CartSchema = z.object({
  campaign_id: z.coerce.number().int().positive().optional(),
  donated_amount: amount('amount').refine((n) => n > 0, 'Please enter a value greater than or equal to 1').refine((n) => n >= 1, 'Please enter a value greater than or equal to 1'),
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }),
  donor_name: NameSchema,
  donor_email: EmailSchema,
  donor_phone: PhoneSchema,
  donor_extension: DonorExtension,
  donor_pincode: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, 'Please enter a valid pincode').optional().or(z.literal('')),
  donor_country: z.string().max(60).optional(),
  donor_city: z.string().max(60).optional(),
  is_anonymous: z.enum(['0', '1']).default('0'),
  tip_amount: amount('tip').refine((n) => n >= 0, 'The tip cannot be negative').default(0),
  /** FCRA: asked when the gift could be a foreign contribution (lib/donations/fcra.ts) */
  citizenship: z.enum(CITIZENSHIPS, { error: FCRA_MESSAGES.citizenshipRequired }).optional(),
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

/** spec 3 order placement: bin is the first 6 digits of a card, never more; the message never repeats what was sent */
export const CARD_BIN_MESSAGE = 'Please send only the first 6 digits of the card (bin)';
const CARD_BIN_PATTERN = new RegExp(`^\\d{${CARD_BIN_DIGITS}}$`);
// a card number sent here is refused whole: nothing of it is kept, logged or echoed
const CardBinSchema = z.union([z.string(), z.number()], { error: CARD_BIN_MESSAGE }).transform((value, ctx) => {
  const bin = String(value);
  if (!CARD_BIN_PATTERN.test(bin)) {
    ctx.addIssue({ code: 'custom', message: CARD_BIN_MESSAGE });
    return z.NEVER;
  }
  return bin;
});

export const OrderSchema = z.object({
  cart_id: z.coerce.number({ error: 'cart_id is required' }).int().positive(),
  mode: z.enum(PAYMENT_MODES, { error: 'This payment mode is not available' }),
  mode_value: z.string().max(60).optional(),
  bin: CardBinSchema.optional(),
  vpa: z.string().trim().regex(UPI_ID_PATTERN, UPI_ID_MESSAGE).optional(),
  origin: z.enum(ORIGIN_CODES).default('s'),
  /** origin up: the update the gift was given from, where a failed payment comes back to */
  update_id: rowIdSchema('Update').optional().catch(undefined),
  /** spec 3 page_type: placed on our payment form, where a failed payment from a story comes back to */
  page_type: z.enum([PAYMENT_FORM_PAGE_TYPE]).optional().catch(undefined),
  idempotency_key: z.string().min(8).max(100).optional(),
});

export const VpaSchema = z.object({ vpa: z.string({ error: UPI_ID_MESSAGE }).trim().regex(UPI_ID_PATTERN, UPI_ID_MESSAGE) });
export const OrderIdSchema = z.string({ error: 'order_id is required' }).min(4, 'order_id is not valid').max(64, 'order_id is not valid');

export const VpaTxnSchema = z.object({ order_id: OrderIdSchema });

/** What pusher-js sends to authorise a private channel: its connection's socket id ("123.456") and the channel's name. */
export const RealtimeAuthSchema = z.object({
  socket_id: z.string({ error: 'socket_id is required' }).regex(/^\d{1,20}\.\d{1,20}$/, 'socket_id is not valid'),
  // only an order's private channel is ours to authorise
  channel_name: z.string({ error: 'channel_name is required' }).startsWith(ORDER_CHANNEL_PREFIX, 'channel_name is not an order channel').max(ORDER_CHANNEL_PREFIX.length + 64, 'channel_name is not valid'),
});

const requiredText = (max: number) => z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.required);

/**
 * Bank transfer (spec 7 send-order fields account_no, ifsc_code, bank_name): the account the donor transfers
 * from, so the gateway takes the transfer from that account only and a refund goes back to it. spec 5: 'Field Required'.
 */
export const BankTransferSchema = z.object({
  account_no: requiredText(40).pipe(BankAccountNumberSchema),
  ifsc_code: requiredText(20).transform((v) => v.toUpperCase()).pipe(IfscSchema),
  bank_name: requiredText(80),
});
export type BankTransferInput = z.input<typeof BankTransferSchema>;

/** spec 5 'Please enter a value greater than or equal to': a bank transfer's total (gift and tip, rupees) below its minimum */
export const bankTransferAmountError = (totalMajor: number) => (totalMajor < BANK_TRANSFER_MIN_MAJOR ? `Please enter a value greater than or equal to ${BANK_TRANSFER_MIN_MAJOR}` : null);

export const SendSchema = z.object({
  order_id: OrderIdSchema,
  // a bank transfer's source account (checked by BankTransferSchema when the order is one)
  account_no: z.unknown().optional(),
  ifsc_code: z.unknown().optional(),
  bank_name: z.unknown().optional(),
});

/** A standalone tip to the platform (spec 2 /new/standalonetip): an amount and who gives it; no fundraiser, no tip on the tip. */
export const TipCartSchema = z
  .object({
    tip_amount: amount('amount').refine((n) => n >= 1, 'Please enter a value greater than or equal to 1'),
    currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }),
    donor_name: NameSchema,
    donor_email: EmailSchema,
    donor_phone: PhoneSchema,
    donor_extension: DonorExtension,
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
