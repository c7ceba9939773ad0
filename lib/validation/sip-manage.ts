// Managing a SIP: the payloads of PUT subscriptions/{id} and of a signed email link (POST sip/links), shared
// by the portfolio's SipActions and the routes. A pledge change is lib/validation/sip.ts PledgeChangeSchema.
import { z } from 'zod';
import { SIP_CANCEL_REASON_MAX, SIP_LINK_ACTIONS, SIP_METHOD_CHANGE_MAX_SIPS, SIP_PAUSE_MONTHS_MAX, SIP_PAUSE_MONTHS_MIN, SIP_PAYMENT_METHODS } from '../constants/sip';
import { isSipUpiHandle, SIP_MESSAGES } from '../sip/rules';
import { UPI_ID_PATTERN } from './people';
import { SipAmountSchema } from './sip';

export const SIP_MANAGE_MESSAGES = {
  action: 'Please choose what to change',
  months: `Please choose a pause of ${SIP_PAUSE_MONTHS_MIN} to ${SIP_PAUSE_MONTHS_MAX} months`,
  reason: `Please keep the reason under ${SIP_CANCEL_REASON_MAX} characters`,
  token: 'This link is not valid',
  subscriptionId: 'Subscription id must be a positive whole number',
  also: `Please choose at most ${SIP_METHOD_CHANGE_MAX_SIPS} other SIPs, by their ids`,
  mandateId: 'Please choose one of your payment methods',
} as const;

export const SubscriptionIdSchema = z.coerce.number({ error: SIP_MANAGE_MESSAGES.subscriptionId }).int(SIP_MANAGE_MESSAGES.subscriptionId).positive(SIP_MANAGE_MESSAGES.subscriptionId);

// a form sends '2', a client 2
const PauseMonthsSchema = z.coerce.number({ error: SIP_MANAGE_MESSAGES.months }).int(SIP_MANAGE_MESSAGES.months).min(SIP_PAUSE_MONTHS_MIN, SIP_MANAGE_MESSAGES.months).max(SIP_PAUSE_MONTHS_MAX, SIP_MANAGE_MESSAGES.months);

// the reason is optional: an empty one is no reason
const CancelReasonSchema = z
  .string({ error: SIP_MANAGE_MESSAGES.reason })
  .trim()
  .max(SIP_CANCEL_REASON_MAX, SIP_MANAGE_MESSAGES.reason)
  .nullish()
  .transform((r) => r || null);

const action = <A extends string>(name: A) => z.literal(name, { error: SIP_MANAGE_MESSAGES.action });

const pause = z.object({ action: action('pause'), months: PauseMonthsSchema });
const resume = z.object({ action: action('resume') });
const skip = z.object({ action: action('skip') });
const cancel = z.object({ action: action('cancel'), reason: CancelReasonSchema });
const lower = z.object({ action: action('lower'), amount: SipAmountSchema });
const changeMethodFields = { action: action('change_method'), method: z.enum(SIP_PAYMENT_METHODS, { error: SIP_MESSAGES.paymentMethod }), vpa: z.string({ error: SIP_MESSAGES.vpa }).trim().optional() };
const upiAutoPayHandle = (m: { method: string; vpa?: string }, ctx: z.RefinementCtx) => {
  if (m.method !== 'UPIRECURRING') return;
  // spec 5: UPI AutoPay takes only the listed handles, as on the subscribe page
  if (!m.vpa) ctx.addIssue({ code: 'custom', path: ['vpa'], message: SIP_MESSAGES.vpaRequired });
  else if (!UPI_ID_PATTERN.test(m.vpa)) ctx.addIssue({ code: 'custom', path: ['vpa'], message: SIP_MESSAGES.vpa });
  else if (!isSipUpiHandle(m.vpa)) ctx.addIssue({ code: 'custom', path: ['vpa'], message: SIP_MESSAGES.vpaHandle });
};
// a signed link changes its one SIP
const changeMethod = z.object(changeMethodFields).superRefine(upiAutoPayHandle);

// the donor's other SIPs they chose, by name on the method-change page, to move with this one
const AlsoSchema = z
  .array(SubscriptionIdSchema, { error: SIP_MANAGE_MESSAGES.also })
  .max(SIP_METHOD_CHANGE_MAX_SIPS, SIP_MANAGE_MESSAGES.also)
  .optional();
const changeMethodWithOthers = z.object({ ...changeMethodFields, also: AlsoSchema }).superRefine(upiAutoPayHandle);
const useMandate = z.object({
  action: action('use_mandate'),
  mandate_id: z.coerce.number({ error: SIP_MANAGE_MESSAGES.mandateId }).int(SIP_MANAGE_MESSAGES.mandateId).positive(SIP_MANAGE_MESSAGES.mandateId),
  also: AlsoSchema,
});

/** PUT subscriptions/{id}: what the signed-in owner changes (raising the amount has its own route, PUT subscriptions/{id}/pledge). */
export const SipChangeSchema = z.discriminatedUnion('action', [lower, pause, resume, skip, cancel, changeMethodWithOthers, useMandate], { error: SIP_MANAGE_MESSAGES.action });
export type SipChange = z.output<typeof SipChangeSchema>;

export type SipLinkAction = (typeof SIP_LINK_ACTIONS)[number];

// the token of randomToken(): base64url, never anything a URL would have to escape
const TokenSchema = z.string({ error: SIP_MANAGE_MESSAGES.token }).regex(/^[A-Za-z0-9_-]{20,200}$/, SIP_MANAGE_MESSAGES.token);

// what a link's one action needs (a lower link asks for the amount, a pause link for the months)
const SipLinkActionSchema = z.discriminatedUnion('action', [lower, pause, resume, skip, cancel, changeMethod], { error: SIP_MANAGE_MESSAGES.action });
export type SipLinkInput = z.output<typeof SipLinkActionSchema>;

/** POST sip/links: the link's token and what its action needs. */
export const SipLinkUseSchema = z.object({ token: TokenSchema }).and(SipLinkActionSchema);
export type SipLinkUse = z.output<typeof SipLinkUseSchema>;
