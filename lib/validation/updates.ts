// A campaigner's update to their donors: a title and text with images, sanitised on the server.
import { z } from 'zod';
import { UPDATE_HTML_MAX, UPDATE_TEXT_MIN, UPDATE_TITLE_MAX } from '../constants/dashboard';

export const UPDATE_MESSAGES = {
  title: `Please keep the title under ${UPDATE_TITLE_MAX} characters`,
  body: `Please write at least ${UPDATE_TEXT_MIN} characters`,
  tooLong: 'The update is too long',
} as const;

export const UpdateSchema = z
  .object({
    title: z.string({ error: UPDATE_MESSAGES.title }).trim().max(UPDATE_TITLE_MAX, UPDATE_MESSAGES.title).optional(),
    body: z.string({ error: UPDATE_MESSAGES.body }).max(UPDATE_HTML_MAX, UPDATE_MESSAGES.tooLong),
  })
  .strict();
export type UpdateInput = z.infer<typeof UpdateSchema>;
