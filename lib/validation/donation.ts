// spec 3/5/7: what the API takes to place, pay and follow an order (the cart itself is ./cart.ts).
import { z } from 'zod';
import { CARD_BIN_DIGITS, ORIGIN_CODES, PAYMENT_FORM_PAGE_TYPE, PAYMENT_MODES } from '../constants/giving';
import { rowIdSchema } from './ids';
import { UPI_ID_MESSAGE, UPI_ID_PATTERN } from './people';
import { ORDER_CHANNEL_PREFIX } from '../realtime/channels';

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


export const SendSchema = z.object({
  order_id: OrderIdSchema,
  // a bank transfer's source account (checked by BankTransferSchema when the order is one)
  account_no: z.unknown().optional(),
  ifsc_code: z.unknown().optional(),
  bank_name: z.unknown().optional(),
});

