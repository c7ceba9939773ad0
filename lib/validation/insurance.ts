// Insurance (spec 3, 5, 7): the premium, policy and claim bank-details payloads, shared by the insurance
// pages' forms and the routes. Amounts, gateways and owners never come from here: the server has them.
import { z } from 'zod';
import { PAYMENT_MODES } from '../constants/giving';
import { INSURANCE_CURRENCY, INSURED_AGE_MAX_YEARS, INSURED_RELATIONS } from '../constants/insurance';
import { INDIA_EXTENSION } from '../constants/people';
import { LOCALES } from '../i18n/locales';
import { INSURANCE_PLAN_IDS } from '../insurance/plans';
import { DRAFT_MESSAGES, indianDayOf, isRealDate } from './drafts';
import { INDIAN_MOBILE_PATTERN, MESSAGES, NameSchema, PhoneSchema, UPI_ID_MESSAGE, UPI_ID_PATTERN } from './people';
import { PayoutAccountSchema, WITHDRAWAL_MESSAGES } from './withdrawals';
import { ACCOUNT_MESSAGES } from './account-messages';
import { rowIdWithMessage } from './ids';

export const INSURANCE_MESSAGES = {
  plan: 'Please choose a plan from the list',
  currency: 'Insurance premiums are charged in Indian rupees only',
  /** spec 5: YYYY-MM-DD and a real date */
  date: DRAFT_MESSAGES.date,
  dateFuture: 'The date of birth cannot be in the future',
  dateTooOld: `Please check the date of birth: the insured person can be at most ${INSURED_AGE_MAX_YEARS} years old`,
  relation: 'Please choose how the insured person is related to you',
  phone: MESSAGES.phone,
  nothingToChange: 'Please send at least one detail to change',
  notFound: 'Policy not found',
  notEditable: 'This policy is already paid or cancelled and can no longer be changed',
  alreadyPaid: 'This policy is already paid',
  cancelled: 'This policy has been cancelled',
  paymentInProgress: 'A payment for this policy is in progress. Please wait for it to finish before changing the plan.',
  mode: 'This payment mode is not available',
  notPaidYet: 'Bank details for claims can be added once the premium is paid',
  noContact: 'We have no email address or mobile number to send a code to. Please add one to your profile first.',
  codeForOtherDetails: 'The code was sent for other bank details. Please ask for a new code.',
  code: ACCOUNT_MESSAGES.code,
} as const;

// a YYYY-MM-DD day as a point to compare days by
const DAY_OF_MONTH = (text: string) => new Date(`${text}T00:00:00Z`);

/** spec 5 date rule, then a birth date that has happened (today in India at the latest) and is not absurdly long ago. */
export function dateOfBirthProblem(text: string, now: Date = new Date()): string | null {
  if (!isRealDate(text)) return INSURANCE_MESSAGES.date;
  const born = DAY_OF_MONTH(text);
  const today = DAY_OF_MONTH(indianDayOf(now));
  if (born.getTime() > today.getTime()) return INSURANCE_MESSAGES.dateFuture;
  const oldest = new Date(today);
  oldest.setUTCFullYear(oldest.getUTCFullYear() - INSURED_AGE_MAX_YEARS);
  if (born.getTime() < oldest.getTime()) return INSURANCE_MESSAGES.dateTooOld;
  return null;
}

const DateOfBirthSchema = z
  .string({ error: INSURANCE_MESSAGES.date })
  .trim()
  .superRefine((text, ctx) => {
    const problem = dateOfBirthProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const ExtensionSchema = z
  .string({ error: MESSAGES.phone })
  .trim()
  .regex(/^\+?\d{1,4}$/, MESSAGES.phone)
  .transform((e) => (e.startsWith('+') ? e : `+${e}`));

/** The insured person's details, as stored on the policy (insured jsonb). */
const insuredFields = {
  full_name: NameSchema,
  date_of_birth: DateOfBirthSchema,
  relation: z.enum(INSURED_RELATIONS, { error: INSURANCE_MESSAGES.relation }),
  extension: ExtensionSchema.default(INDIA_EXTENSION),
  phone: PhoneSchema,
};

type InsuredShape = { extension?: string; phone?: string };

/** spec 5: with the Indian dialling code the number must be an Indian mobile (optional 91, optional 0, 6-9 and 9 digits). */
function indianMobileRule(v: InsuredShape, ctx: z.RefinementCtx) {
  if ((v.extension ?? INDIA_EXTENSION) === INDIA_EXTENSION && typeof v.phone === 'string' && !INDIAN_MOBILE_PATTERN.test(v.phone)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phone });
  }
}

export const InsuredSchema = z.object(insuredFields).superRefine(indianMobileRule);
export type Insured = z.output<typeof InsuredSchema>;

const PlanIdSchema = z.enum(INSURANCE_PLAN_IDS, { error: INSURANCE_MESSAGES.plan });
// the page's language, for the premium's receipt and the code's email; anything else falls back to the default
const LocaleSchema = z.enum(LOCALES).optional().catch(undefined);

export const PolicyIdSchema = rowIdWithMessage(INSURANCE_MESSAGES.notFound);

/** spec 7 POST insurance/premium: one plan's premium, or every plan when none is named. */
export const PremiumSchema = z.object({
  plan_id: PlanIdSchema.optional(),
  currency: z.literal(INSURANCE_CURRENCY, { error: INSURANCE_MESSAGES.currency }).optional(),
});

/** spec 7 POST insurance/create: a plan and the person it insures. */
export const CreatePolicySchema = z
  .object({ plan_id: PlanIdSchema, ...insuredFields, locale: LocaleSchema })
  // every message at once, so the form shows them all
  .superRefine(indianMobileRule);
export type CreatePolicyInput = z.input<typeof CreatePolicySchema>;

/** spec 7 POST insurance/update: any of the plan and the insured's details (the result is checked whole again). */
export const UpdatePolicySchema = z
  .object({
    id: PolicyIdSchema,
    plan_id: PlanIdSchema.optional(),
    full_name: insuredFields.full_name.optional(),
    date_of_birth: insuredFields.date_of_birth.optional(),
    relation: insuredFields.relation.optional(),
    extension: ExtensionSchema.optional(),
    phone: insuredFields.phone.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'id' && v[k as keyof typeof v] !== undefined), { message: INSURANCE_MESSAGES.nothingToChange });
export type UpdatePolicyInput = z.output<typeof UpdatePolicySchema>;

/** spec 7 POST insurance/pay: the policy and how to pay; a gateway or an amount in the body is ignored. */
export const PayPolicySchema = z
  .object({
    id: PolicyIdSchema,
    mode: z.enum(PAYMENT_MODES, { error: INSURANCE_MESSAGES.mode }),
    vpa: z.string().trim().regex(UPI_ID_PATTERN, UPI_ID_MESSAGE).optional(),
    locale: LocaleSchema,
  })
  .refine((v) => v.mode !== 'VPA' || Boolean(v.vpa), { path: ['vpa'], message: UPI_ID_MESSAGE });

/**
 * spec 7 POST entity/{id}/credit/details: where a claim would be paid (PayoutAccountSchema's rules). Without
 * a code the server sends one; with request_id and otp (the same details) it stores them.
 */
export const CreditDetailsSchema = z
  .object({
    ...PayoutAccountSchema.shape,
    request_id: z.string({ error: ACCOUNT_MESSAGES.codeExpired }).trim().min(8, ACCOUNT_MESSAGES.codeExpired).max(64, ACCOUNT_MESSAGES.codeExpired).optional(),
    otp: z.string({ error: ACCOUNT_MESSAGES.code }).trim().regex(/^\d{4,8}$/, ACCOUNT_MESSAGES.code).optional(),
    locale: LocaleSchema,
  })
  .refine((a) => a.account_number === a.account_number_confirm, { path: ['account_number_confirm'], message: WITHDRAWAL_MESSAGES.accountMismatch })
  .refine((a) => !a.otp || Boolean(a.request_id), { path: ['otp'], message: ACCOUNT_MESSAGES.codeExpired });
export type CreditDetailsInput = z.input<typeof CreditDetailsSchema>;
