// A fundraiser: its causes, beneficiary and medical details, the wizard that starts one, rewards, supporting
// fundraisers and the review before it goes live (spec 3, 4, 5, 9). The wizard's browser code reads this file: it
// imports nothing.

// spec 3 and 9: the cause tree
export const CAUSE = { personalMedical: 20, ngo: 48, creative: 49, ad: 149 } as const;
export const MEDICAL_CAUSE_IDS_FOR_PERSONAL = [4, 7, 59, 103, 150, 156, 159] as const;
export const ALL_MEDICAL_CAUSE_IDS = [...MEDICAL_CAUSE_IDS_FOR_PERSONAL, 160] as const;

/** spec 4: successful funding is raised over target above this ratio */
export const SUCCESSFUL_FUNDING_RATIO = 0.6;

/** beneficiary relations as stored (in English); each is shown through Story.relations.* messages */
export const BENEFICIARY_RELATIONS = ['father', 'mother', 'son', 'daughter', 'brother', 'sister', 'husband', 'wife', 'friend', 'self'] as const;
export const BENEFICIARY_AGE_MAX = 120;

// spec 9: referral options and hospitalisation statuses (values as stored)
export const REFERRAL_OPTIONS = [
  'cancer_treatment',
  'accident_treatment',
  'liver_kidney_transplant',
  'heart_operation',
  'premature_baby_care',
  'medicines',
  'memorial',
  'others',
] as const;
export const HOSPITALISATION_STATUSES = [
  'currently_hospitalised',
  'within_6_months',
  'discharged',
  'not_required',
] as const;
/** a hospital entered by hand (name and city) */
export const NEW_HOSPITAL_NAME_MAX = 150;
export const NEW_HOSPITAL_CITY_MAX = 80;
/** the proof a medical fundraiser is sent for review with, kept private to reviewers */
export const PROOF_DOCUMENT_KINDS = ['medical_estimate', 'beneficiary_id'] as const;
export type ProofDocumentKind = (typeof PROOF_DOCUMENT_KINDS)[number];

// The wizard's rules
/** a goal in the fundraiser's currency, in whole units */
export const FUNDRAISER_GOAL_MIN_MAJOR = 1_000;
export const FUNDRAISER_GOAL_MAX_MAJOR = 10_00_00_000;
/** an end date is at least tomorrow and at most this far ahead */
export const FUNDRAISER_MAX_DAYS = 365;
export const FUNDRAISER_TITLE_MAX = 80;
export const FUNDRAISER_TITLE_MIN = 10;
export const SHORT_DESCRIPTION_MAX = 200;
/** the story's HTML, before sanitising */
export const STORY_HTML_MAX = 50_000;
export const STORY_TEXT_MIN = 50;
/** images one draft may hold (cover, beneficiary and in-story together) */
export const DRAFT_IMAGES_MAX = 20;
/** a draft's placeholder address until a reviewer approves it and it gets its real custom_tag */
export const DRAFT_TAG_PREFIX = 'draft-';
/** custom_tag from the title: this many characters at most, then a short suffix when taken */
export const CUSTOM_TAG_MAX = 60;
/** the wizard's pickers search once the campaigner pauses typing this long */
export const PICKER_SEARCH_DELAY_MS = 200;
/** the most rows a wizard picker list returns (they are searched with q) */
export const REFERENCE_LIST_MAX = 200;

// spec 3 and 7: rewards a fundraiser offers its donors
export const REWARD_TITLE_MIN = 3;
export const REWARD_TITLE_MAX = 80;
export const REWARD_DESCRIPTION_MAX = 500;
export const REWARD_MIN_AMOUNT_MAX_MAJOR = 10_00_000;
export const REWARD_QUANTITY_MAX = 100_000;
/** rewards one fundraiser may offer */
export const REWARDS_PER_FUNDRAISER_MAX = 20;

// spec 7 supportfundraiser/{custom_tag}: a supporter's own story, shorter than a campaign's
export const SUPPORTING_STORY_TEXT_MIN = 20;
/** the goal first suggested to a supporter: a tenth of the parent's (rounded to a thousand, at least the smallest goal) */
export const SUPPORTING_GOAL_SHARE = 0.1;

/** how long the reviewer's word-by-word comparison of a story may take before it shows old and new whole */
export const REVIEW_DIFF_TIMEOUT_MS = 200;
/** why a reviewer sent a fundraiser back, by kind (the transparency page counts them); the reason itself is free text */
export const REVIEW_SEND_BACK_CATEGORIES = ['documents', 'story', 'photos', 'beneficiary', 'goal', 'duplicate', 'other'] as const;
