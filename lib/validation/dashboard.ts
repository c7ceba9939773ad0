// The campaigner's dashboard: ending a fundraiser early, replying to comments, and donors' "ask for update"
// requests (spec 7). The messages the API answers and the schemas the forms and routes share.
import { z } from 'zod';
import { UPDATE_REQUEST_MESSAGE_MAX } from '../constants/story';
import { CommentSchema } from './story';
import { UPDATE_REQUEST_MESSAGES } from './update-request-messages';
import { rowIdSchema } from './ids';

export const END_MESSAGES = {
  notRunning: 'Only a running fundraiser can be ended',
} as const;

export const REPLY_MESSAGES = {
  commentNotFound: 'Comment not found',
  notToReplies: 'You can reply to a comment, not to a reply',
  onlyCampaigner: "Only the fundraiser's campaigner can reply to comments",
  paymentDetails: 'A reply cannot carry links to other websites, UPI IDs, phone numbers or bank details: donors give through Sahyog and can write to you from the story',
} as const;

export { UPDATE_REQUEST_MESSAGES };

export const CommentIdSchema = rowIdSchema('Comment');

/** A reply reads like a comment: the same text, the same limit. */
export const ReplySchema = CommentSchema.strict();
export type ReplyInput = z.infer<typeof ReplySchema>;

export const UpdateRequestSchema = z
  .object({
    message: z.string({ error: UPDATE_REQUEST_MESSAGES.message }).trim().max(UPDATE_REQUEST_MESSAGE_MAX, UPDATE_REQUEST_MESSAGES.message).optional(),
  })
  .strict();
export type UpdateRequestInput = z.infer<typeof UpdateRequestSchema>;
