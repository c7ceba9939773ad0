// Leads (spec 3, 7): every form that asks the team for something. Each lead is stored and mailed to the team's inbox
// through the outbox in one transaction, and reviewers list them; a message to a campaigner also reaches the campaigner,
// whose address never leaves the server.
import 'server-only';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import type { DbOrTx } from '../db/client';
import { fundraisers, leads, users } from '../db/schema';
import { env } from '../env';
import { ApiError, conflict, notFound, rateLimited } from '../http/errors';
import { enqueueMessage, type OutgoingMessage } from '../outbox/queue';
import { campaignerMessageEmail } from '../email/fundraiser';
import { emailBrand } from '../email/brand';
import { assertManages, can } from '../permissions/can';
import { clientIp, hitRateLimit } from '../security/rate-limit';
import { verifyCaptcha } from '../security/captcha';
import { sessionSecret } from '../security/session-secret';
import { storyPath } from '../routes';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { LEAD_CLAIM_TTL_S, LEADS_PAGE_SIZE } from '../constants/leads';
import { CONTACT_CAMPAIGNER_LIMIT, LEAD_LIMIT, LEAD_UPDATE_LIMIT } from '../constants/security/limits';
import {
  LEAD_MESSAGES,
  UTM_KEYS,
  WANT_TO_RAISE_FUNDS,
  utmOfPayload,
  type AssistanceLeadSchema,
  type ContactCampaignerSchema,
  type ContactLeadSchema,
  type ImpactLeadSchema,
  type LeadUpdateInput,
  type ReferralLeadSchema,
  type SignupLeadSchema,
  type Utm,
} from '../validation/lead';
import type { z } from 'zod';

/** What a lead is, as stored in leads.type. */
export const LEAD_TYPES = {
  contact: 'contact',
  /** an account sign-up (spec 4: signup, then lead creation), written by lib/auth/flows.ts */
  signup: 'signup',
  /** spec 3's signup-lead variant: query_type want_to_raise_funds */
  wantToRaiseFunds: 'signup_lead',
  impact: 'impact',
  assistance: 'assistance',
  referral: 'referral',
  contactCampaigner: 'contact_campaigner',
} as const;
export type LeadType = (typeof LEAD_TYPES)[keyof typeof LEAD_TYPES];
type FormLeadType = Exclude<LeadType, 'signup'>;

const TOO_MANY = 'Too many messages, please try again later';
const LEAD_NOT_FOUND = 'Lead not found';

/** Who sends a lead: the signed-in account, if any, and the utm fields that brought them (the form's, else the cookies'). */
export interface LeadSender {
  userId: number | null;
  utm: Utm | null;
}

/** The POST answer: the lead's id, and for a signed-out sender the token that lets their sign-up claim it. */
export interface SentLead {
  id: number;
  lead_token?: string;
}

type LeadRow = typeof leads.$inferSelect;
type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'created_at' | 'updated_at' | 'mail_to'>;

/** Spam resistance of every lead form: a limit per client address and form, then the captcha when configured. */
export async function admitLead(db: DbOrTx, request: Request, type: FormLeadType, captchaResponse: string | undefined): Promise<void> {
  const ip = clientIp(request);
  const limit = type === LEAD_TYPES.contactCampaigner ? CONTACT_CAMPAIGNER_LIMIT : LEAD_LIMIT;
  if (!(await hitRateLimit(db, `lead:${type}:ip:${ip}`, limit)).allowed) throw rateLimited(TOO_MANY);
  await verifyCaptcha(captchaResponse, ip);
}

/** A signed-out sender's claim on their lead: sealed, so only our server makes one; it expires after LEAD_CLAIM_TTL_S. */
async function leadToken(id: number): Promise<string> {
  return sealData({ lead: id }, { password: sessionSecret(), ttl: LEAD_CLAIM_TTL_S });
}

async function leadTokenNames(token: string | undefined, id: number): Promise<boolean> {
  if (!token) return false;
  try {
    const data = await unsealData<{ lead?: unknown }>(token, { password: sessionSecret(), ttl: LEAD_CLAIM_TTL_S });
    return data.lead === id;
  } catch {
    return false;
  }
}

const line = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : []);

/** The team's copy of a lead: every field, one per line, so the inbox can be read and searched without the product. */
function teamEmail(lead: LeadRow, heading: string): OutgoingMessage {
  const referral = lead.type === LEAD_TYPES.referral;
  const body = [
    heading,
    '',
    ...line('Lead', `#${lead.id} (${lead.type}${lead.query_type && lead.query_type !== lead.type ? `, ${lead.query_type}` : ''})`),
    ...line('Name', lead.name),
    ...line('Email', lead.email),
    ...line('Phone', lead.phone && `${lead.extension ?? ''} ${lead.phone}`.trim()),
    ...line(referral ? 'Treatment' : 'Cause', lead.cause),
    ...line(referral ? 'Hospitalisation' : 'Subject', lead.subject),
    ...line('City', lead.city),
    ...line('Page', lead.page),
    ...UTM_KEYS.flatMap((k) => line(k, lead.utm?.[k])),
    ...(lead.about ? ['', lead.about] : []),
  ].join('\n');
  return { channel: 'email', recipient: env().TEAM_INBOX, subject: `${heading}: ${lead.name ?? `#${lead.id}`}`, body };
}

/** Stores the lead and queues the team's copy (and any other message) in one transaction: never one without the other. */
async function storeLead(db: DbOrTx, values: NewLead, opts: { heading: string; mailTo?: string; also?: OutgoingMessage[]; claimable?: boolean }): Promise<SentLead> {
  const row = await db.transaction(async (tx) => {
    const [lead] = await tx.insert(leads).values({ ...values, mail_to: opts.mailTo ?? env().TEAM_INBOX }).returning();
    for (const message of opts.also ?? []) await enqueueMessage(tx, message);
    await enqueueMessage(tx, teamEmail(lead, opts.heading));
    return lead;
  });
  return { id: row.id, ...(values.user_id || opts.claimable === false ? {} : { lead_token: await leadToken(row.id) }) };
}

const contactOf = (input: { name: string; email?: string; phone?: string; extension: string }) => ({
  name: input.name,
  email: input.email ?? null,
  phone: input.phone ?? null,
  extension: input.phone ? input.extension : null,
});

/** spec 7 POST lead: the contact-us form. */
export async function createContactLead(db: DbOrTx, input: z.output<typeof ContactLeadSchema>, sender: LeadSender): Promise<SentLead> {
  return storeLead(
    db,
    { ...contactOf(input), about: input.about ?? null, page: input.page ?? 'contact-us', type: LEAD_TYPES.contact, query_type: LEAD_TYPES.contact, utm: sender.utm, user_id: sender.userId },
    { heading: 'New message from the contact form' },
  );
}

/** spec 3: the signup lead (query_type want_to_raise_funds) with its cause, city and utm fields. */
export async function createSignupLead(db: DbOrTx, input: z.output<typeof SignupLeadSchema>, sender: LeadSender): Promise<SentLead> {
  return storeLead(
    db,
    {
      ...contactOf(input),
      about: input.about ?? null,
      subject: input.subject ?? null,
      cause: input.cause,
      city: input.city ?? null,
      page: input.page ?? 'signup',
      type: LEAD_TYPES.wantToRaiseFunds,
      query_type: WANT_TO_RAISE_FUNDS,
      utm: sender.utm,
      user_id: sender.userId,
    },
    { heading: 'Someone wants to raise funds' },
  );
}

/** spec 7 POST impact-page lead. */
export async function createImpactLead(db: DbOrTx, input: z.output<typeof ImpactLeadSchema>, sender: LeadSender): Promise<SentLead> {
  return storeLead(
    db,
    { ...contactOf(input), about: input.about ?? null, city: input.city ?? null, page: input.page ?? 'impact', type: LEAD_TYPES.impact, query_type: LEAD_TYPES.impact, utm: sender.utm, user_id: sender.userId },
    { heading: 'New lead from the impact page' },
  );
}

/** spec 7 POST lead for assistance; naming a fundraiser needs one the sender runs (404 otherwise, as for any stranger). */
export async function createAssistanceLead(db: DbOrTx, input: z.output<typeof AssistanceLeadSchema>, sender: LeadSender): Promise<SentLead> {
  let subject: string | null = null;
  if (input.campaign_id) {
    const fundraiserId = input.campaign_id;
    await assertManages(db, sender.userId ? { id: sender.userId } : null, fundraiserId);
    const [f] = await db.select({ title: fundraisers.title }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
    subject = `Fundraiser ${fundraiserId}: ${f?.title ?? ''}`;
  }
  return storeLead(
    db,
    { ...contactOf(input), about: input.about, subject, page: input.page ?? 'assistance', type: LEAD_TYPES.assistance, query_type: LEAD_TYPES.assistance, utm: sender.utm, user_id: sender.userId },
    { heading: 'A campaigner asks for assistance' },
  );
}

/** spec 2, 9: the referral form; the treatment is kept as the lead's cause and the hospitalisation status as its subject. */
export async function createReferralLead(db: DbOrTx, input: z.output<typeof ReferralLeadSchema>, sender: LeadSender): Promise<SentLead> {
  return storeLead(
    db,
    {
      ...contactOf(input),
      about: input.about ?? null,
      cause: input.referral_option,
      subject: input.hospitalisation_status,
      city: input.city ?? null,
      page: input.page ?? 'referral',
      type: LEAD_TYPES.referral,
      query_type: LEAD_TYPES.referral,
      utm: sender.utm,
      user_id: sender.userId,
    },
    { heading: 'New referral' },
  );
}

/**
 * spec 7 POST contact campaigner: the message goes to the campaigner's email through the outbox, with the sender's
 * details so they can reply; the answer never carries the campaigner's address. A campaigner without a real address
 * (a phone-only account) is reached by the team, who get the same copy as for every lead.
 */
export async function contactCampaigner(db: DbOrTx, fundraiser: { id: number; custom_tag: string; title: string }, input: z.output<typeof ContactCampaignerSchema>, sender: LeadSender): Promise<SentLead> {
  const [owner] = await db
    .select({ email: users.email, full_name: users.full_name, is_dummy_email: users.is_dummy_email })
    .from(fundraisers)
    .innerJoin(users, eq(users.id, fundraisers.campaigner_id))
    .where(eq(fundraisers.id, fundraiser.id));
  const page = storyPath(fundraiser.custom_tag);
  const reachable = owner && !owner.is_dummy_email;
  const replyTo = [input.email, input.phone && `${input.extension} ${input.phone}`].filter(Boolean).join(', ');
  // from the template set, in the site's default language (a campaigner's is not kept)
  const origin = mainSiteOrigin(siteConfig());
  const toCampaigner: OutgoingMessage[] = reachable
    ? [await campaignerMessageEmail({ email: owner.email, name: owner.full_name, title: fundraiser.title, fundraiserId: fundraiser.id, customTag: fundraiser.custom_tag, origin, brand: await emailBrand(db, origin), sender: input.name, message: input.about, replyTo })]
    : [];
  return storeLead(
    db,
    {
      ...contactOf(input),
      about: input.about,
      subject: `Fundraiser ${fundraiser.id}: ${fundraiser.title}`,
      page,
      type: LEAD_TYPES.contactCampaigner,
      query_type: LEAD_TYPES.contactCampaigner,
      utm: sender.utm,
      user_id: sender.userId,
    },
    { heading: reachable ? 'A message to a campaigner (sent to them)' : 'A message to a campaigner with no email address: please pass it on', mailTo: reachable ? owner.email : undefined, also: toCampaigner, claimable: false },
  );
}

/** What the creator and reviewers read back: never mail_to (a campaigner's address) nor the account behind it. */
export interface LeadView {
  id: number;
  type: string | null;
  query_type: string | null;
  name: string | null;
  email: string | null;
  extension: string | null;
  phone: string | null;
  about: string | null;
  page: string | null;
  subject: string | null;
  cause: string | null;
  city: string | null;
  referral_option?: string | null;
  hospitalisation_status?: string | null;
  utm: Utm | null;
  created_at: string;
  updated_at: string;
}

function leadView(lead: LeadRow): LeadView {
  const view: LeadView = {
    id: lead.id,
    type: lead.type,
    query_type: lead.query_type,
    name: lead.name,
    email: lead.email,
    extension: lead.extension,
    phone: lead.phone,
    about: lead.about,
    page: lead.page,
    subject: lead.subject,
    cause: lead.cause,
    city: lead.city,
    utm: lead.utm,
    created_at: lead.created_at.toISOString(),
    updated_at: lead.updated_at.toISOString(),
  };
  if (lead.type === LEAD_TYPES.referral) Object.assign(view, { referral_option: lead.cause, hospitalisation_status: lead.subject });
  return view;
}

// the fields a lead of each type takes on update; referral leads keep their option and status in cause and subject
const UPDATABLE = ['name', 'email', 'phone', 'extension', 'about', 'city'] as const;
const REFERRAL_ONLY = ['referral_option', 'hospitalisation_status'] as const;
const OTHERS_ONLY = ['cause', 'subject'] as const;

function changesFor(lead: LeadRow, input: LeadUpdateInput): Partial<typeof leads.$inferInsert> {
  const referral = lead.type === LEAD_TYPES.referral;
  const refused = (referral ? OTHERS_ONLY : REFERRAL_ONLY).filter((k) => input[k] !== undefined);
  if (refused.length) throw new ApiError('validation_failed', LEAD_MESSAGES.notForThisLead, Object.fromEntries(refused.map((k) => [k, LEAD_MESSAGES.notForThisLead])));
  const changes: Partial<typeof leads.$inferInsert> = {};
  for (const key of UPDATABLE) if (input[key] !== undefined) changes[key] = input[key];
  if (referral) {
    if (input.referral_option) changes.cause = input.referral_option;
    if (input.hospitalisation_status) changes.subject = input.hospitalisation_status;
  } else {
    if (input.cause !== undefined) changes.cause = input.cause;
    if (input.subject !== undefined) changes.subject = input.subject;
  }
  const utm = utmOfPayload(input);
  if (utm) changes.utm = { ...(lead.utm ?? {}), ...utm };
  if (!Object.keys(changes).length) throw new ApiError('validation_failed', LEAD_MESSAGES.nothingToUpdate);
  return changes;
}

/**
 * spec 7 PUT lead update. Whoever sent the lead may change it: the signed-in account that sent it, or, for a lead sent
 * signed out, the browser holding the lead_token the POST answered (the same session); reviewers may too. Anyone else
 * gets 404, so a lead's existence stays private. With signup_access (spec 4: signup, then lead creation), the account
 * just signed up becomes the creator of a lead it sent signed out, proven by that lead_token. showError is the
 * caller's own choice of showing a failure (spec 8): the answer is the same envelope either way.
 */
export async function updateLead(
  db: DbOrTx,
  actor: { id: number } | null,
  id: number,
  input: LeadUpdateInput,
  opts: { signupAccess: boolean; clientAddress: string },
): Promise<LeadView> {
  const limitKey = actor ? `lead:update:user:${actor.id}` : `lead:update:ip:${opts.clientAddress}`;
  if (!(await hitRateLimit(db, limitKey, LEAD_UPDATE_LIMIT)).allowed) throw rateLimited(TOO_MANY);
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  const own = actor !== null && lead.user_id === actor.id;
  // a lead nobody holds, named by its sender's token: claimed by the new account (signup_access), or changed by the
  // signed-out browser that sent it; a signed-in account without signup_access does not act on a token
  const holdsToken = !own && lead.user_id === null && (actor === null || opts.signupAccess) && (await leadTokenNames(input.lead_token, id));
  const claims = holdsToken && actor !== null;
  if (!own && !holdsToken && !(actor && (await can(db, actor, 'fundraiser.review', { kind: 'platform' })))) throw notFound(LEAD_NOT_FOUND);
  // it has reached the campaigner already: a changed copy would tell them something they never read
  if (lead.type === LEAD_TYPES.contactCampaigner) throw conflict('A message sent to a campaigner cannot be changed');
  const changes = changesFor(lead, input);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(leads)
      .set({ ...changes, ...(claims && actor ? { user_id: actor.id } : {}), updated_at: new Date() })
      // a token acts on a lead nobody holds: two sign-ups with the same token cannot both have it
      .where(and(eq(leads.id, id), holdsToken ? isNull(leads.user_id) : undefined))
      .returning();
    if (!updated) throw notFound(LEAD_NOT_FOUND);
    await enqueueMessage(tx, teamEmail(updated, `Lead #${id} updated`));
    return leadView(updated);
  });
}

/** A row of the reviewers' leads page. */
export interface LeadListItem {
  id: number;
  type: string | null;
  query_type: string | null;
  name: string | null;
  email: string | null;
  extension: string | null;
  phone: string | null;
  cause: string | null;
  city: string | null;
  subject: string | null;
  page: string | null;
  utm_source: string | null;
  created_at: string;
}

/** Reviewers' list of leads, newest first, LEADS_PAGE_SIZE at a time; `before` is the last id of the page before. */
export async function reviewerLeads(db: DbOrTx, viewer: { id: number } | null, opts: { before?: number } = {}): Promise<{ leads: LeadListItem[]; next_before: number | null }> {
  if (!(await can(db, viewer, 'fundraiser.review', { kind: 'platform' }))) throw notFound();
  const rows = await db
    .select()
    .from(leads)
    .where(opts.before ? lt(leads.id, opts.before) : undefined)
    .orderBy(desc(leads.id))
    .limit(LEADS_PAGE_SIZE + 1);
  const page = rows.slice(0, LEADS_PAGE_SIZE);
  return {
    leads: page.map((l) => ({
      id: l.id,
      type: l.type,
      query_type: l.query_type,
      name: l.name,
      email: l.email,
      extension: l.extension,
      phone: l.phone,
      cause: l.cause,
      city: l.city,
      subject: l.subject,
      page: l.page,
      utm_source: l.utm?.utm_source ?? null,
      created_at: l.created_at.toISOString(),
    })),
    next_before: rows.length > LEADS_PAGE_SIZE ? page[page.length - 1].id : null,
  };
}
