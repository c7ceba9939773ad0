// The lead payloads of spec 3 and 7, one zod schema each, shared by the forms (react-hook-form) and the routes.
// None names a recipient: where a lead is mailed is the server's choice (the team's inbox, a fundraiser's campaigner).
import { z } from 'zod';
import { HOSPITALISATION_STATUSES, REFERRAL_OPTIONS } from '../constants/fundraisers';
import { LEAD_MESSAGE_MAX, LEAD_PAGE_MAX, LEAD_SHORT_TEXT_MAX, LEAD_SUBJECT_MAX, LEAD_UTM_VALUE_MAX } from '../constants/leads';
import { UTM_KEYS } from '../constants/utm';
import { EmailSchema, MESSAGES, NameSchema, PhoneSchema } from './people';

export { LEAD_MESSAGE_MAX };

export const LEAD_MESSAGES = {
  choice: 'Please choose one of the options',
  oneLine: 'Please keep this to one line',
  nothingToUpdate: 'Nothing to update',
  notForThisLead: 'This field does not apply to this lead',
} as const;

/** spec 3: the signup lead's query_type */
export const WANT_TO_RAISE_FUNDS = 'want_to_raise_funds';

export { UTM_KEYS };
export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

// one line of text: these go into email subjects and the reviewers' list
const oneLine = (max: number, tooLong: string = MESSAGES.nameTooLong) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .max(max, tooLong)
    .regex(/^[^\r\n]*$/, LEAD_MESSAGES.oneLine);
const requiredLine = (max: number) => oneLine(max).min(1, MESSAGES.required);

const utmValue = () => oneLine(LEAD_UTM_VALUE_MAX).optional();
const utmFields = { utm_source: utmValue(), utm_medium: utmValue(), utm_campaign: utmValue(), utm_term: utmValue(), utm_content: utmValue() };
export const LeadUtmSchema = z.object(utmFields);

const extension = z.string().trim().regex(/^\+?\d{1,4}$/, MESSAGES.phone);
const message = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(LEAD_MESSAGE_MAX, MESSAGES.nameTooLong);
const referralOption = z.enum(REFERRAL_OPTIONS, { error: LEAD_MESSAGES.choice });
const hospitalisationStatus = z.enum(HOSPITALISATION_STATUSES, { error: LEAD_MESSAGES.choice });

// spec 3 "plus utm fields": flat (utm_source, ...) as the spec's payloads send them, or as one utm object like carts and drafts
const sharedFields = {
  ...utmFields,
  utm: LeadUtmSchema.optional(),
  page: oneLine(LEAD_PAGE_MAX).optional(),
  captcha_response: z.string().max(4000).optional(),
};
const person = { name: NameSchema, email: EmailSchema, phone: PhoneSchema, extension: extension.default('+91') };

/**
 * spec 7 POST lead: spec 3's lead (name, email, extension, phone, page: no message) or our contact-us form's (with
 * `about`). The spec's mail_to and user_id are taken and ignored: the server picks the inbox and knows who is signed in.
 */
export const ContactLeadSchema = z.object({ ...person, about: message.optional(), ...sharedFields });
export type ContactLeadInput = z.input<typeof ContactLeadSchema>;
/** The contact-us form asks for a message: a lead from it without one says nothing. */
export const ContactFormSchema = ContactLeadSchema.extend({ about: message });
export type ContactFormInput = z.input<typeof ContactFormSchema>;

/** spec 3's signup-lead variant of POST lead: someone who wants to raise funds, with cause, city and utm fields. */
export const SignupLeadSchema = z.object({
  ...person,
  query_type: z.literal(WANT_TO_RAISE_FUNDS),
  cause: requiredLine(LEAD_SHORT_TEXT_MAX),
  city: oneLine(LEAD_SHORT_TEXT_MAX).optional(),
  subject: oneLine(LEAD_SUBJECT_MAX).optional(),
  about: message.optional(),
  ...sharedFields,
});
export type SignupLeadInput = z.input<typeof SignupLeadSchema>;

/** spec 7 POST impact-page lead: a visitor of the impact page asks to hear more. */
export const ImpactLeadSchema = z.object({ ...person, about: message.optional(), city: oneLine(LEAD_SHORT_TEXT_MAX).optional(), ...sharedFields });
export type ImpactLeadInput = z.input<typeof ImpactLeadSchema>;

/** spec 7 POST lead for assistance: help with starting or running a fundraiser (campaign_id: the fundraiser, if any). */
export const AssistanceLeadSchema = z.object({ ...person, about: message, campaign_id: z.coerce.number().int().positive().optional(), ...sharedFields });
export type AssistanceLeadInput = z.input<typeof AssistanceLeadSchema>;

/** spec 2, 5, 9: the referral form (a patient who needs funds): spec 5's name rule, spec 9's options and statuses. */
export const ReferralLeadSchema = z.object({
  ...person,
  email: EmailSchema.optional(),
  referral_option: referralOption,
  hospitalisation_status: hospitalisationStatus,
  city: oneLine(LEAD_SHORT_TEXT_MAX).optional(),
  about: message.optional(),
  ...sharedFields,
});
export type ReferralLeadInput = z.input<typeof ReferralLeadSchema>;

/** spec 7 POST contact campaigner: a message to a fundraiser's campaigner (whose address the sender never sees). */
export const ContactCampaignerSchema = z.object({ ...person, phone: PhoneSchema.optional(), about: message, ...sharedFields });
export type ContactCampaignerInput = z.input<typeof ContactCampaignerSchema>;

/** spec 7 PUT lead update: the fields to change; lead_token (from the POST answer) with signup_access makes a signed-out lead the new account's. */
export const LeadUpdateSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    extension,
    about: message,
    cause: requiredLine(LEAD_SHORT_TEXT_MAX),
    city: oneLine(LEAD_SHORT_TEXT_MAX),
    subject: oneLine(LEAD_SUBJECT_MAX),
    referral_option: referralOption,
    hospitalisation_status: hospitalisationStatus,
    ...utmFields,
    utm: LeadUtmSchema,
    lead_token: z.string().max(2000),
  })
  .partial();
export type LeadUpdateInput = z.output<typeof LeadUpdateSchema>;

// spec 7: POST lead and PUT lead update take optional signup_access and showError params
const flag = z
  .enum(['1', '0', 'true', 'false'], { error: LEAD_MESSAGES.choice })
  .transform((v) => v === '1' || v === 'true')
  .optional();
export const LeadCallParamsSchema = z.object({ signup_access: flag, showError: flag });

/** The reviewers' list: newest first, `before` a lead id (the cursor of the next page). */
export const LeadListQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });

/** The utm values of a lead payload: the flat fields win over the utm object; null when none. */
export function utmOfPayload(input: Utm & { utm?: Utm }): Utm | null {
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = input[key] ?? input.utm?.[key];
    if (value) utm[key] = value;
  }
  return Object.keys(utm).length ? utm : null;
}
