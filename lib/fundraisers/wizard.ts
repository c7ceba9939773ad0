// The fundraiser wizard's own rules, shared by the browser and the server: which steps a purpose
// shows, which fields each step asks and requires, and what a draft still lacks before review.
import { ALL_MEDICAL_CAUSE_IDS, CAUSE, STORY_TEXT_MIN } from '../constants/fundraisers';
import { DRAFT_MESSAGES, DraftFieldsSchema, type DraftFields, type WizardStep } from '../validation/drafts';

export type CampaignPurpose = 'medical' | 'ngo' | 'other';

/** spec 4: parent 48 gives ngo; parent 20 with a cause in the medical list gives medical; otherwise other. */
export function purposeOf(d: { parent_cause_id: number; cause_id: number }): CampaignPurpose {
  if (d.parent_cause_id === CAUSE.ngo) return 'ngo';
  if (d.parent_cause_id === CAUSE.personalMedical && (ALL_MEDICAL_CAUSE_IDS as readonly number[]).includes(d.cause_id)) return 'medical';
  return 'other';
}

/** The wizard's steps for a purpose, in order. */
export function stepsFor(purpose: CampaignPurpose): WizardStep[] {
  if (purpose === 'medical') return ['cause', 'beneficiary', 'medical', 'story', 'goal', 'images', 'documents', 'review'];
  if (purpose === 'ngo') return ['cause', 'story', 'goal', 'images', 'review'];
  return ['cause', 'beneficiary', 'owner', 'story', 'goal', 'images', 'review'];
}

export const REVIEW_MESSAGES = {
  title: 'Please add a title',
  story: `Please tell the story in at least ${STORY_TEXT_MIN} characters`,
  goal: 'Please set a goal',
  end_date: 'Please choose an end date in the future',
  cause_id: DRAFT_MESSAGES.cause,
  beneficiary_name: 'Please add who the funds are for',
  beneficiary_relation: DRAFT_MESSAGES.relation,
  disease_id: 'Please choose the disease',
  hospital_id: 'Please choose the hospital',
  new_hospital_name: 'Please enter the hospital’s name',
  new_hospital_city: 'Please enter the hospital’s city',
  medical_estimate: 'Please add the hospital’s medical estimate',
  beneficiary_id: 'Please add the beneficiary’s ID',
  hospitalisation_status: 'Please choose the hospitalisation status',
  cover: 'Please add a cover image',
} as const;

type Field = keyof DraftFields;
interface StepFields {
  /** asked in the quick wizard */
  basic: Field[];
  /** asked only in the /advance variant */
  advance: Field[];
  /** must be filled before the next step */
  required: (keyof typeof REVIEW_MESSAGES & Field)[];
}

/** What each step asks. The images and review steps save media and send for review instead of fields. */
export const STEP_FIELDS: Record<WizardStep, StepFields> = {
  cause: { basic: ['parent_cause_id', 'cause_id'], advance: [], required: ['cause_id'] },
  beneficiary: { basic: ['beneficiary_relation', 'beneficiary_name', 'beneficiary_age', 'city'], advance: [], required: ['beneficiary_relation', 'beneficiary_name'] },
  medical: { basic: ['disease_id', 'hospital_id', 'new_hospital_name', 'new_hospital_city', 'hospitalisation_status', 'patient_number'], advance: ['referral_option'], required: ['disease_id', 'hospital_id', 'hospitalisation_status'] },
  documents: { basic: [], advance: [], required: [] },
  owner: { basic: ['owner_qualification', 'owner_occupation'], advance: ['owner_salary'], required: [] },
  story: { basic: ['title', 'short_description', 'story'], advance: [], required: ['title', 'story'] },
  goal: { basic: ['goal', 'currency', 'end_date'], advance: [], required: ['goal', 'end_date'] },
  images: { basic: [], advance: [], required: [] },
  review: { basic: [], advance: ['about', 'brand_survey'], required: [] },
};

export const fieldsOfStep = (step: WizardStep, advanced: boolean): Field[] => [...STEP_FIELDS[step].basic, ...(advanced ? STEP_FIELDS[step].advance : [])];

/** The step a field is asked on (to send the campaigner back to it from the review's list of what is missing). */
export function stepOfField(field: string): WizardStep | null {
  if (field === 'cover') return 'images';
  if (field === 'medical_estimate' || field === 'beneficiary_id') return 'documents';
  for (const [step, f] of Object.entries(STEP_FIELDS) as [WizardStep, StepFields][]) if ([...f.basic, ...f.advance].includes(field as Field)) return step;
  return null;
}

/** The text of story HTML, as the review counts it (tags dropped, spaces collapsed); good enough in a browser too. */
const roughText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export type StepValues = Partial<Record<Field, string | number | undefined>>;

/**
 * A step's values as the API takes them, with the problems to show: empty inputs are left out (not saved as
 * blanks), each value is checked with the draft rules, and the step's required fields must be there.
 */
export function checkStep(step: WizardStep, advanced: boolean, values: StepValues): { fields: DraftFields; problems: Partial<Record<Field, string>> } {
  const asked = fieldsOfStep(step, advanced);
  const given = Object.fromEntries(asked.map((k) => [k, typeof values[k] === 'string' ? (values[k] as string).trim() : values[k]]).filter(([, v]) => v !== undefined && v !== '' && v !== null));
  const problems: Partial<Record<Field, string>> = {};
  // a hospital entered by hand stands for one from the list; then both its name and city are needed
  const newHospital = step === 'medical' && (given.new_hospital_name !== undefined || given.new_hospital_city !== undefined);
  if (newHospital) {
    delete given.hospital_id;
    if (given.new_hospital_name === undefined) problems.new_hospital_name = REVIEW_MESSAGES.new_hospital_name;
    if (given.new_hospital_city === undefined) problems.new_hospital_city = REVIEW_MESSAGES.new_hospital_city;
  }
  const parsed = DraftFieldsSchema.safeParse(given);
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as Field] ??= issue.message;
  for (const k of STEP_FIELDS[step].required) if (given[k] === undefined && !problems[k] && !(newHospital && k === 'hospital_id')) problems[k] = REVIEW_MESSAGES[k];
  if (step === 'cause' && given.cause_id !== undefined && Number(given.cause_id) === Number(given.parent_cause_id)) problems.cause_id = REVIEW_MESSAGES.cause_id;
  if (step === 'story' && !problems.story && typeof given.story === 'string' && roughText(given.story).length < STORY_TEXT_MIN) problems.story = REVIEW_MESSAGES.story;
  return { fields: parsed.success ? parsed.data : {}, problems };
}

export type CauseGroup = 'medical' | 'personal' | 'ngo' | 'creative';
export interface WizardVariant {
  /** new/crowdfunding, new/crowdfunding/medical or new/crowdfunding/non-medical */
  kind: 'any' | 'medical' | 'non-medical';
  /** the /advance variant also asks the optional details (referral, salary, photos, video, about, survey) */
  advanced: boolean;
  /** the form step: /form shows the steps themselves */
  inSteps: boolean;
}

/** spec 2's wizard addresses: [medical|non-medical] [advance] [form], in that order; anything else is no page. */
export function wizardVariant(segments: string[]): WizardVariant | null {
  let i = 0;
  const kind = segments[i] === 'medical' || segments[i] === 'non-medical' ? (segments[i++] as 'medical' | 'non-medical') : 'any';
  const advanced = segments[i] === 'advance' && ++i > 0;
  const inSteps = segments[i] === 'form' && ++i > 0;
  return i === segments.length ? { kind, advanced, inSteps } : null;
}

export const wizardPath = (v: Pick<WizardVariant, 'kind' | 'advanced'>) => `/new/crowdfunding${v.kind === 'any' ? '' : `/${v.kind}`}${v.advanced ? '/advance' : ''}`;

/** The kinds of cause a variant offers: the medical one only medical causes, the non-medical one the rest but NGOs. */
export const GROUPS_OF: Record<WizardVariant['kind'], CauseGroup[]> = {
  any: ['medical', 'personal', 'ngo', 'creative'],
  medical: ['medical'],
  'non-medical': ['personal', 'creative'],
};
