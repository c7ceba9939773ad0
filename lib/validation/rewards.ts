// spec 3 and 7: a fundraiser's rewards as the campaigner adds and edits them.
import { z } from 'zod';
import { REWARD_DESCRIPTION_MAX, REWARD_MIN_AMOUNT_MAX_MAJOR, REWARD_QUANTITY_MAX, REWARD_TITLE_MAX, REWARD_TITLE_MIN } from '../constants/fundraisers';

export const REWARD_MESSAGES = {
  title: `Please enter a title of ${REWARD_TITLE_MIN} to ${REWARD_TITLE_MAX} characters`,
  description: `Please keep the description under ${REWARD_DESCRIPTION_MAX} characters`,
  minAmount: 'Please enter the smallest donation that earns this reward',
  quantity: 'Please enter how many there are, or leave it empty for no limit',
  belowClaimed: 'The quantity cannot be lower than the number already given',
  notFound: 'Reward not found',
  tooSmall: 'This donation is below the smallest amount for the reward you chose',
  soldOut: 'This reward is no longer available',
  retired: 'This reward is no longer offered: please choose another reward or give without one',
  image: 'Please upload the picture for this reward again',
  paymentDetails: 'A reward cannot carry links to other websites, UPI IDs, phone numbers or bank details: donors give through Sahyog',
} as const;

const fields = {
  title: z.string({ error: REWARD_MESSAGES.title }).trim().min(REWARD_TITLE_MIN, REWARD_MESSAGES.title).max(REWARD_TITLE_MAX, REWARD_MESSAGES.title),
  description: z.string({ error: REWARD_MESSAGES.description }).trim().max(REWARD_DESCRIPTION_MAX, REWARD_MESSAGES.description),
  /** in the fundraiser's currency, whole units */
  min_amount: z.coerce.number({ error: REWARD_MESSAGES.minAmount }).int(REWARD_MESSAGES.minAmount).positive(REWARD_MESSAGES.minAmount).max(REWARD_MIN_AMOUNT_MAX_MAJOR, REWARD_MESSAGES.minAmount),
  quantity: z.coerce.number({ error: REWARD_MESSAGES.quantity }).int(REWARD_MESSAGES.quantity).positive(REWARD_MESSAGES.quantity).max(REWARD_QUANTITY_MAX, REWARD_MESSAGES.quantity).nullable(),
  /** the path of a picture uploaded to this fundraiser (media kind editor); the server checks it is theirs */
  image: z.string({ error: REWARD_MESSAGES.image }).trim().max(500, REWARD_MESSAGES.image).regex(/^\/[\w./-]+$/, REWARD_MESSAGES.image).nullable(),
};

export const RewardSchema = z.object({ ...fields, description: fields.description.optional(), quantity: fields.quantity.optional(), image: fields.image.optional() }).strict();
export const RewardUpdateSchema = z.object(fields).partial().strict();
export type RewardInput = z.infer<typeof RewardSchema>;
export type RewardUpdate = z.infer<typeof RewardUpdateSchema>;
