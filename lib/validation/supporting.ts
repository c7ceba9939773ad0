// Supporting fundraisers (spec 7 "start supporting fundraiser", "PUT edit supporting fundraiser"): the supporter's own
// title, story and goal, checked by the wizard's own field rules; the cause and beneficiary are the parent's.
// Client-safe: the page's form uses the same fields (its story is plain text; the server also counts the HTML's text).
import { z } from 'zod';
import { SUPPORTING_STORY_TEXT_MIN } from '../constants/fundraisers';
import { DraftFieldsSchema } from './drafts';

export const SUPPORTING_MESSAGES = {
  story: `Please tell supporters why you are raising for this fundraiser (at least ${SUPPORTING_STORY_TEXT_MIN} characters)`,
  parentNotRunning: 'Supporting fundraisers can be started only for a running fundraiser',
  parentPrivate: 'A private fundraiser cannot have supporting fundraisers',
  parentIsSupporting: 'This is itself a supporting fundraiser: please support the fundraiser it raises for',
  notFound: 'Supporting fundraiser not found',
  ended: 'This fundraiser has ended and can no longer be changed',
  endAfterParent: 'A supporting fundraiser cannot end after the fundraiser it supports',
  declined: "The fundraiser's campaigner declined this supporting fundraiser",
  noWithdrawals: 'Money raised by a supporting fundraiser goes to the fundraiser it supports: withdrawals are made there',
} as const;

export const supportingFields = DraftFieldsSchema.pick({ title: true, story: true, goal: true, end_date: true }).shape;

export const StartSupportingSchema = z
  .object({ title: supportingFields.title.unwrap(), story: supportingFields.story.unwrap(), goal: supportingFields.goal.unwrap(), end_date: supportingFields.end_date })
  .strict();
export type StartSupportingInput = z.infer<typeof StartSupportingSchema>;

export const EditSupportingSchema = StartSupportingSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type EditSupportingInput = z.infer<typeof EditSupportingSchema>;

/** The page's form: the story typed as plain text, sent as paragraphs. */
export const SupportingFormSchema = z.object({
  title: supportingFields.title.unwrap(),
  story: z.string().trim().min(SUPPORTING_STORY_TEXT_MIN, SUPPORTING_MESSAGES.story).max(5_000, SUPPORTING_MESSAGES.story),
  goal: supportingFields.goal.unwrap(),
  end_date: z.union([z.literal(''), supportingFields.end_date.unwrap()]).optional(),
});

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Plain text to the story's HTML: a paragraph per blank-line-separated block, line breaks kept. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
