// Leads: a visitor asks to start a fundraiser, or refers someone in need (spec 3, 7). The lead forms' browser code
// reads this file: it imports nothing. Referral options are a fundraiser's (lib/constants/fundraisers.ts).

/** a lead's message (about) */
export const LEAD_MESSAGE_MAX = 2000;
/** a lead's cause and city */
export const LEAD_SHORT_TEXT_MAX = 100;
export const LEAD_SUBJECT_MAX = 200;
/** the page a lead was sent from */
export const LEAD_PAGE_MAX = 200;
export const LEAD_UTM_VALUE_MAX = 100;
/** a lead sent signed out may become the visitor's own when they sign up within this time (PUT lead, signup_access) */
export const LEAD_CLAIM_TTL_S = 24 * 60 * 60;
/** leads on one page of the reviewers' list, newest first */
export const LEADS_PAGE_SIZE = 50;
