// A fundraiser's donors: the campaigner's thank-you (spec 7 acknowledge form), a donor's anonymous flag
// (spec 7), and a donor's opt-out from update emails. Shared by the forms and the routes.
import { z } from 'zod';
import { ACKNOWLEDGEMENT_MAX, ACKNOWLEDGEMENT_MIN, UPDATE_OPT_OUT_TOKEN_MAX } from '../constants/dashboard';
import { CartSchema } from './cart';

export const DONOR_MESSAGES = {
  message: `Please write a thank-you of ${ACKNOWLEDGEMENT_MIN} to ${ACKNOWLEDGEMENT_MAX} characters`,
  orderNotFound: 'Donation not found',
  notSuccessful: 'Only a successful donation can be thanked',
  isAnonymous: "is_anonymous must be '1' or '0'",
  noCart: 'This donation has no donor details to change',
  optOutToken: 'This unsubscribe link is not valid',
} as const;

export const AcknowledgeSchema = z
  .object({
    message: z.string({ error: DONOR_MESSAGES.message }).trim().min(ACKNOWLEDGEMENT_MIN, DONOR_MESSAGES.message).max(ACKNOWLEDGEMENT_MAX, DONOR_MESSAGES.message),
  })
  .strict();
export type AcknowledgeInput = z.infer<typeof AcknowledgeSchema>;

// the cart's own values ('1' or '0', spec 3), required here: there is nothing to default to when changing it
const ANONYMOUS_VALUES = CartSchema.shape.is_anonymous.unwrap().options;
export const AnonymousFlagSchema = z.object({ is_anonymous: z.enum(ANONYMOUS_VALUES, { error: DONOR_MESSAGES.isAnonymous }) }).strict();
export type AnonymousFlagInput = z.infer<typeof AnonymousFlagSchema>;

export const UpdateOptOutSchema = z
  .object({ token: z.string({ error: DONOR_MESSAGES.optOutToken }).min(1, DONOR_MESSAGES.optOutToken).max(UPDATE_OPT_OUT_TOKEN_MAX, DONOR_MESSAGES.optOutToken) })
  .strict();
