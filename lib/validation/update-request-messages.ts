// The ask-for-update messages without zod: the story page's form shows them and must not load zod for it.
import { UPDATE_REQUEST_MESSAGE_MAX } from '../constants/story';

export const UPDATE_REQUEST_MESSAGES = {
  message: `Please keep the message under ${UPDATE_REQUEST_MESSAGE_MAX} characters`,
  ownFundraiser: 'You run this fundraiser: post an update from its dashboard',
} as const;
