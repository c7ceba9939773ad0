// What the fundraiser wizard sends: every field optional on update, each with its own message, so a
// step saves what it has; submission checks completeness separately (lib/fundraisers/review.ts).
import { z } from 'zod';
import {
  BENEFICIARY_AGE_MAX,
  BENEFICIARY_RELATIONS,
  FUNDRAISER_GOAL_MAX_MAJOR,
  FUNDRAISER_GOAL_MIN_MAJOR,
  FUNDRAISER_MAX_DAYS,
  FUNDRAISER_TITLE_MAX,
  FUNDRAISER_TITLE_MIN,
  HOSPITALISATION_STATUSES,
  NEW_HOSPITAL_CITY_MAX,
  NEW_HOSPITAL_NAME_MAX,
  REFERRAL_OPTIONS,
  REVIEW_SEND_BACK_CATEGORIES,
  SHORT_DESCRIPTION_MAX,
  STORY_HTML_MAX,
} from '../constants/fundraisers';
import { DAY_MS, INDIA_TIME_ZONE, INDIA_UTC_OFFSET } from '../constants/time';
import { UTM_KEYS } from '../constants/utm';
import { CURRENCY_CODES } from '../money';
import { EmailSchema, NameSchema, PhoneSchema } from './people';

/** a YouTube video id as stored for a fundraiser's video; checked again wherever one goes into an embed URL */
export const YOUTUBE_VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

export const DRAFT_MESSAGES = {
  date: 'Please enter a valid date (YYYY-MM-DD)',
  datePast: 'The end date must be in the future',
  dateFar: `The end date can be at most ${FUNDRAISER_MAX_DAYS} days from today`,
  goal: `Please enter a goal between ${FUNDRAISER_GOAL_MIN_MAJOR.toLocaleString('en-IN')} and ${FUNDRAISER_GOAL_MAX_MAJOR.toLocaleString('en-IN')}`,
  title: `Please enter a title of ${FUNDRAISER_TITLE_MIN} to ${FUNDRAISER_TITLE_MAX} characters`,
  shortDescription: `Please keep the short description under ${SHORT_DESCRIPTION_MAX} characters`,
  story: 'The story is too long',
  age: 'Please enter a valid age',
  relation: 'Please choose a relation',
  choice: 'Please choose one of the options',
  text: 'Maximum character limit exceeds',
  cause: 'Please choose a cause',
} as const;

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** spec 5: YYYY-MM-DD and a real date (2026-02-30 is not). */
export function isRealDate(text: string): boolean {
  const m = DATE_SHAPE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The end of the given day in India (the campaigner's "until 31 March" means the whole day). */
export const endOfIndianDay = (text: string): Date => new Date(`${text}T23:59:59.999${INDIA_UTC_OFFSET}`);

/** The day in India a moment falls on, as YYYY-MM-DD (how an end date is shown back). */
export const indianDayOf = (moment: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE }).format(moment);

/** An end date the wizard accepts: real, after today, within the longest run. */
export function endDateProblem(text: string, now: Date = new Date()): string | null {
  if (!isRealDate(text)) return DRAFT_MESSAGES.date;
  const end = endOfIndianDay(text);
  if (end.getTime() <= now.getTime()) return DRAFT_MESSAGES.datePast;
  if (end.getTime() - now.getTime() > (FUNDRAISER_MAX_DAYS + 1) * DAY_MS) return DRAFT_MESSAGES.dateFar;
  return null;
}

const text = (max: number) => z.string({ error: DRAFT_MESSAGES.text }).trim().max(max, DRAFT_MESSAGES.text);
const id = z.coerce.number({ error: DRAFT_MESSAGES.choice }).int(DRAFT_MESSAGES.choice).positive(DRAFT_MESSAGES.choice);

export const WIZARD_STEPS = ['cause', 'beneficiary', 'medical', 'documents', 'owner', 'story', 'goal', 'images', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const DraftFieldsSchema = z
  .object({
    step: z.enum(WIZARD_STEPS, { error: DRAFT_MESSAGES.choice }),
    parent_cause_id: id,
    cause_id: id,
    beneficiary_name: NameSchema,
    beneficiary_relation: z.enum(BENEFICIARY_RELATIONS, { error: DRAFT_MESSAGES.relation }),
    beneficiary_age: z.coerce.number({ error: DRAFT_MESSAGES.age }).int(DRAFT_MESSAGES.age).min(0, DRAFT_MESSAGES.age).max(BENEFICIARY_AGE_MAX, DRAFT_MESSAGES.age),
    disease_id: id,
    hospital_id: id,
    /** "my hospital isn't listed" (kept out of the public list until a reviewer confirms it) */
    new_hospital_name: text(NEW_HOSPITAL_NAME_MAX),
    new_hospital_city: text(NEW_HOSPITAL_CITY_MAX),
    hospitalisation_status: z.enum(HOSPITALISATION_STATUSES, { error: DRAFT_MESSAGES.choice }),
    referral_option: z.enum(REFERRAL_OPTIONS, { error: DRAFT_MESSAGES.choice }),
    patient_number: text(40),
    city: text(80),
    owner_qualification: text(100),
    owner_occupation: text(100),
    owner_salary: z.coerce.number({ error: DRAFT_MESSAGES.text }).int(DRAFT_MESSAGES.text).min(0, DRAFT_MESSAGES.text).max(FUNDRAISER_GOAL_MAX_MAJOR, DRAFT_MESSAGES.text),
    title: z.string({ error: DRAFT_MESSAGES.title }).trim().min(FUNDRAISER_TITLE_MIN, DRAFT_MESSAGES.title).max(FUNDRAISER_TITLE_MAX, DRAFT_MESSAGES.title),
    short_description: z.string({ error: DRAFT_MESSAGES.shortDescription }).trim().max(SHORT_DESCRIPTION_MAX, DRAFT_MESSAGES.shortDescription),
    story: z.string({ error: DRAFT_MESSAGES.story }).max(STORY_HTML_MAX, DRAFT_MESSAGES.story),
    about: text(2_000),
    brand_survey: text(200),
    goal: z.coerce.number({ error: DRAFT_MESSAGES.goal }).int(DRAFT_MESSAGES.goal).min(FUNDRAISER_GOAL_MIN_MAJOR, DRAFT_MESSAGES.goal).max(FUNDRAISER_GOAL_MAX_MAJOR, DRAFT_MESSAGES.goal),
    currency: z.enum(CURRENCY_CODES, { error: DRAFT_MESSAGES.choice }),
    end_date: z.string({ error: DRAFT_MESSAGES.date }).superRefine((value, ctx) => {
      const problem = endDateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  })
  .partial()
  .strict();
export type DraftFields = z.infer<typeof DraftFieldsSchema>;

export { UTM_KEYS };
export const UtmSchema = z.object(Object.fromEntries(UTM_KEYS.map((k) => [k, z.string().trim().max(100).optional()])) as Record<(typeof UTM_KEYS)[number], z.ZodOptional<z.ZodString>>).strict();

/** POST campaigns: create from the dock (what a signed-out visitor typed) or by parent cause. */
export const CreateCampaignSchema = z
  .object({
    parent_cause_id: id,
    dock: DraftFieldsSchema.optional(),
    utm: UtmSchema.optional(),
    /** field sales (spec 6, isFOS): the beneficiary whose account will own the fundraiser */
    beneficiary_account: z
      .object({ full_name: NameSchema, email: EmailSchema.optional(), phone_1: PhoneSchema.optional() })
      .refine((b) => b.email || b.phone_1, { message: 'Please enter an email or a phone number' })
      .optional(),
  })
  .strict();

export const DiscardSchema = z.object({ id }).strict();
export const ReviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }).strict(),
  z
    .object({
      decision: z.literal('send_back'),
      reason: z.string().trim().min(10, 'Please tell the campaigner what to change (at least 10 characters)').max(1_000),
      /** what kind of change is asked for, counted on the transparency page */
      category: z.enum(REVIEW_SEND_BACK_CATEGORIES, { error: 'Please choose what needs to change' }).default('other'),
    })
    .strict(),
]);
