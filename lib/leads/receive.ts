// One way in for every lead form (spec 7): the spec's call params, the form's schema, who sends it, the spam checks,
// then the form's own rule. Routes only pick the form.
import 'server-only';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { requireUser, signedInUser } from '../auth/session';
import { parseQuery, parseWith } from '../http/validation';
import { clientIp } from '../security/rate-limit';
import { utmFrom } from '../http/utm';
import {
  AssistanceLeadSchema,
  ContactCampaignerSchema,
  ContactLeadSchema,
  ImpactLeadSchema,
  LeadCallParamsSchema,
  LeadUpdateSchema,
  ReferralLeadSchema,
  SignupLeadSchema,
  WANT_TO_RAISE_FUNDS,
  utmOfPayload,
  type Utm,
} from '../validation/lead';
import {
  LEAD_TYPES,
  admitLead,
  contactCampaigner,
  createAssistanceLead,
  createContactLead,
  createImpactLead,
  createReferralLead,
  createSignupLead,
  type LeadSender,
  type LeadType,
  type LeadView,
  type SentLead,
  updateLead,
} from './service';

/** What every lead form's payload has: the captcha's answer and spec 3's utm fields (flat or as one object). */
type LeadPayload = Utm & { utm?: Utm; captcha_response?: string };

export interface LeadForm<S extends z.ZodType<LeadPayload>> {
  type: Exclude<LeadType, 'signup'>;
  schema: S;
  create: (db: DbOrTx, input: z.output<S>, sender: LeadSender) => Promise<SentLead>;
}

const form = <S extends z.ZodType<LeadPayload>>(f: LeadForm<S>) => f;

export const CONTACT_LEAD = form({ type: LEAD_TYPES.contact, schema: ContactLeadSchema, create: createContactLead });
export const SIGNUP_LEAD = form({ type: LEAD_TYPES.wantToRaiseFunds, schema: SignupLeadSchema, create: createSignupLead });
export const IMPACT_LEAD = form({ type: LEAD_TYPES.impact, schema: ImpactLeadSchema, create: createImpactLead });
export const ASSISTANCE_LEAD = form({ type: LEAD_TYPES.assistance, schema: AssistanceLeadSchema, create: createAssistanceLead });
export const REFERRAL_LEAD = form({ type: LEAD_TYPES.referral, schema: ReferralLeadSchema, create: createReferralLead });
/** spec 7 contact campaigner: a message for this fundraiser's campaigner */
export const contactCampaignerForm = (fundraiser: { id: number; custom_tag: string; title: string }) =>
  form({ type: LEAD_TYPES.contactCampaigner, schema: ContactCampaignerSchema, create: (db, input, sender) => contactCampaigner(db, fundraiser, input, sender) });

/** spec 3: POST lead is the contact-us form unless it is the signup lead (query_type want_to_raise_funds). */
export const isSignupLead = (body: unknown) => typeof body === 'object' && body !== null && (body as { query_type?: unknown }).query_type === WANT_TO_RAISE_FUNDS;

/**
 * Takes a lead from a parsed JSON body. spec 7's params: signup_access says the call carries the session sign-up
 * just began (spec 4: signup, then lead creation), so the lead is that account's and a call without it is refused
 * (401) rather than stored as anyone's; showError is the caller's own choice of showing a failure (spec 8), which
 * the server accepts and leaves to it.
 */
export async function receiveLead<S extends z.ZodType<LeadPayload>>(db: DbOrTx, request: Request, body: unknown, leadForm: LeadForm<S>): Promise<SentLead> {
  const params = parseQuery(LeadCallParamsSchema, request.url);
  const input = parseWith(leadForm.schema, body);
  const user = params.signup_access ? await requireUser(db, request) : await signedInUser(db, request);
  await admitLead(db, request, leadForm.type, input.captcha_response);
  // spec 9: the form's utm fields, else the landing's kept in cookies
  const utm = utmFrom(request, utmOfPayload(input));
  return leadForm.create(db, input, { userId: user?.id ?? null, utm });
}

/**
 * spec 7 PUT lead update: the call's params, the payload, and who asks. signup_access links the lead to the account
 * sign-up just began, so it needs that session (401 otherwise); without it, a signed-out browser speaks only through
 * the lead_token its POST answered (the same session that sent the lead), and a call with neither is 401.
 */
export async function receiveLeadUpdate(db: DbOrTx, request: Request, id: number, body: unknown): Promise<LeadView> {
  const params = parseQuery(LeadCallParamsSchema, request.url);
  const input = parseWith(LeadUpdateSchema, body);
  const signupAccess = params.signup_access ?? false;
  const actor = signupAccess || !input.lead_token ? await requireUser(db, request) : await signedInUser(db, request);
  return updateLead(db, actor, id, input, { signupAccess, clientAddress: clientIp(request) });
}
