// Leads (spec 3, 5, 7, 9): each lead form stores its lead with its utm fields and mails the team's inbox
// through the outbox; a message to a campaigner reaches the campaigner without the sender ever seeing their address;
// the referral form's messages; limits per address and the captcha; PUT by the creator or a reviewer only; the
// reviewers' list. Test files share one PostgreSQL database: every value here is this run's own.
import http from 'node:http';
import { and, eq, like } from 'drizzle-orm';
import { GET as listRoute, POST as postLead } from '@/app/api/leads/route';
import { PUT as putLead } from '@/app/api/leads/[id]/route';
import { POST as impactRoute } from '@/app/api/leads/impact/route';
import { POST as assistanceRoute } from '@/app/api/leads/assistance/route';
import { POST as referralRoute } from '@/app/api/leads/referral/route';
import { POST as contactCampaignerRoute } from '@/app/api/fundraisers/[id]/contact-campaigner/route';
import { leads, memberships, outbox } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { MEMBERSHIP } from '@/lib/permissions/can';
import { reviewerLeads } from '@/lib/leads/service';
import { LEADS_PAGE_SIZE } from '@/lib/constants/leads';
import { LEAD_LIMIT, CONTACT_CAMPAIGNER_LIMIT } from '@/lib/constants/security/limits';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { freshDb, makeFundraiser, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TEAM_INBOX = `team.${RUN}@example.com`;
const mail = (tag: string) => `${tag}.${RUN}@example.com`;
let seq = 0;
/** a client address of this run alone, so limits from other runs and files never meet ours */
const address = () => `lead-test-${RUN}-${++seq}`;

beforeAll(async () => {
  db = await freshDb();
  process.env.TEAM_INBOX = TEAM_INBOX;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.TEAM_INBOX;
  resetEnvForTests();
  await closeDb();
});

type Headers = Record<string, string>;
const init = (method: string, body: unknown, headers: Headers = {}) => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', 'x-sahyog-client-address': headers['x-sahyog-client-address'] ?? address(), ...headers },
});
const post = (body: unknown, headers?: Headers, query = '') => call(postLead, `/api/leads${query}`, {}, init('POST', body, headers));
const impact = (body: unknown, headers?: Headers) => call(impactRoute, '/api/leads/impact', {}, init('POST', body, headers));
const assistance = (body: unknown, headers?: Headers) => call(assistanceRoute, '/api/leads/assistance', {}, init('POST', body, headers));
const referral = (body: unknown, headers?: Headers) => call(referralRoute, '/api/leads/referral', {}, init('POST', body, headers));
const contactCampaigner = (id: number, body: unknown, headers?: Headers) => call(contactCampaignerRoute, `/api/fundraisers/${id}/contact-campaigner`, { id: String(id) }, init('POST', body, headers));
const put = (id: number, body: unknown, headers?: Headers, query = '') => call(putLead, `/api/leads/${id}${query}`, { id: String(id) }, init('PUT', body, headers));
const list = (headers: Headers, query = '') => call(listRoute, `/api/leads${query}`, {}, { method: 'GET', headers });

const person = (name: string) => signedInPerson(db, name);
async function reviewer() {
  const r = await person('Lead Reviewer');
  await db.insert(memberships).values({ user_id: r.id, scope: 'platform', scope_id: 0, role: MEMBERSHIP.reviewer.role });
  return r;
}
const leadByEmail = async (email: string) => (await db.select().from(leads).where(eq(leads.email, email)))[0];
const leadById = async (id: number) => (await db.select().from(leads).where(eq(leads.id, id)))[0];
/** the team's copies of messages that mention this text */
const teamMail = (text: string) => db.select().from(outbox).where(and(eq(outbox.recipient, TEAM_INBOX), like(outbox.body, `%${text}%`)));

describe('POST /api/leads: the contact-us form (spec 5 messages)', () => {
  it('stores a lead with the phone trimmed to its last 10 digits and its utm fields, and mails the team', async () => {
    const email = mail('asha');
    const { status, body } = await post({ name: "Asha D'Souza", email: email.toUpperCase(), phone: '+91 98765 43210', about: 'How do I start a fundraiser?', utm_source: 'newsletter', utm_medium: 'email' });
    expect(status).toBe(201);
    expect(body.data.id).toEqual(expect.any(Number));
    const row = await leadByEmail(email);
    expect(row).toMatchObject({ id: body.data.id, name: "Asha D'Souza", phone: '9876543210', extension: '+91', type: 'contact', page: 'contact-us', user_id: null, mail_to: TEAM_INBOX, utm: { utm_source: 'newsletter', utm_medium: 'email' } });
    const [copy] = await teamMail(email);
    expect(copy).toMatchObject({ channel: 'email', status: 'queued' });
    expect(copy.body).toContain('How do I start a fundraiser?');
    expect(copy.body).toContain('utm_source: newsletter');
  });

  it('answers bad fields with the spec messages and writes nothing', async () => {
    const email = mail('bad.fields');
    const { status, body } = await post({ name: 'R2D2', email: 'not-an-email', phone: '12', about: '' });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual({
      name: 'Please enter a valid name',
      email: 'Please enter a valid email',
      phone: 'Please enter a valid number',
      about: 'Field Required',
    });
    const long = await post({ name: 'A'.repeat(60), email, phone: '9876543210', about: 'x' });
    expect(long.body.error.fields.name).toBe('Maximum character limit exceeds');
    expect(await leadByEmail(email)).toBeUndefined();
  });

  it('limits messages per address', async () => {
    const ip = address();
    const statuses = [];
    for (let i = 0; i <= LEAD_LIMIT.max; i++) statuses.push((await post({ name: 'Ravi', email: mail(`ravi${i}`), phone: '9876543210', about: 'Hi' }, { 'x-sahyog-client-address': ip })).status);
    expect(statuses).toEqual([...Array(LEAD_LIMIT.max).fill(201), 429]);
    expect(await leadByEmail(mail(`ravi${LEAD_LIMIT.max}`))).toBeUndefined();
    // another address is not held back by that one
    expect((await post({ name: 'Ravi', email: mail('ravi.other'), phone: '9876543210', about: 'Hi' })).status).toBe(201);
  });
});

describe('the signup lead (spec 3: query_type want_to_raise_funds with cause, city and utm fields)', () => {
  const signupLead = (email: string) => ({ query_type: 'want_to_raise_funds', name: 'Meera Iyer', email, phone: '9876543210', cause: 'Medical', city: 'Chennai', about: 'My father needs surgery', utm: { utm_source: 'agent-7', utm_campaign: 'calling' } });

  it('stores the lead with its cause, city and utm, mails the team, and hands a signed-out sender its claim', async () => {
    const email = mail('meera');
    const { status, body } = await post(signupLead(email));
    expect(status).toBe(201);
    expect(body.data.lead_token).toEqual(expect.any(String));
    expect(await leadByEmail(email)).toMatchObject({ type: 'signup_lead', query_type: 'want_to_raise_funds', cause: 'Medical', city: 'Chennai', about: 'My father needs surgery', utm: { utm_source: 'agent-7', utm_campaign: 'calling' }, user_id: null });
    const [copy] = await teamMail(email);
    expect(copy.body).toContain('Cause: Medical');
    expect(copy.body).toContain('City: Chennai');
    expect(copy.body).toContain('utm_source: agent-7');
  });

  it('asks for the cause', async () => {
    const { status, body } = await post({ ...signupLead(mail('nocause')), cause: '' });
    expect(status).toBe(422);
    expect(body.error.fields.cause).toBe('Field Required');
  });

  it('with signup_access, is the new account\'s lead, and needs its session (401 otherwise, nothing stored)', async () => {
    const refused = await post(signupLead(mail('nosession')), {}, '?signup_access=1&showError=false');
    expect(refused.status).toBe(401);
    expect(await leadByEmail(mail('nosession'))).toBeUndefined();
    const account = await person('Fresh Signup');
    const { status, body } = await post(signupLead(mail('withsession')), account.auth, '?signup_access=1&showError=false');
    expect(status).toBe(201);
    expect(body.data.lead_token).toBeUndefined();
    expect((await leadByEmail(mail('withsession'))).user_id).toBe(account.id);
  });
});

describe('impact-page lead and lead for assistance', () => {
  it('stores an impact-page lead with its utm and mails the team', async () => {
    const email = mail('impact');
    expect((await impact({ name: 'Kiran Rao', email, phone: '9123456789', city: 'Pune', utm_source: 'impact-report' })).status).toBe(201);
    expect(await leadByEmail(email)).toMatchObject({ type: 'impact', page: 'impact', city: 'Pune', utm: { utm_source: 'impact-report' } });
    expect(await teamMail(email)).toHaveLength(1);
  });

  it('stores a lead for assistance; naming a fundraiser needs one the sender runs', async () => {
    const email = mail('assist');
    expect((await assistance({ name: 'Farah Khan', email, phone: '9123456789', about: 'Please help me write the story', utm_source: 'wizard' })).status).toBe(201);
    expect(await leadByEmail(email)).toMatchObject({ type: 'assistance', about: 'Please help me write the story', subject: null, utm: { utm_source: 'wizard' } });
    expect(await teamMail(email)).toHaveLength(1);

    const campaigner = await person('Assisted Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const stranger = await person('Assistance Stranger');
    const strangers = mail('assist.stranger');
    expect((await assistance({ name: 'Sam Roy', email: strangers, phone: '9123456789', about: 'Help', campaign_id: f.id }, stranger.auth)).status).toBe(404);
    expect((await assistance({ name: 'Sam Roy', email: strangers, phone: '9123456789', about: 'Help', campaign_id: f.id })).status).toBe(404);
    expect(await leadByEmail(strangers)).toBeUndefined();
    const owners = mail('assist.owner');
    expect((await assistance({ name: 'Farah Khan', email: owners, phone: '9123456789', about: 'Bank details?', campaign_id: f.id }, campaigner.auth)).status).toBe(201);
    expect(await leadByEmail(owners)).toMatchObject({ user_id: campaigner.id, subject: `Fundraiser ${f.id}: ${f.title}` });
  });
});

describe('the referral form (spec 2, 5, 9)', () => {
  const good = (email: string) => ({ name: 'Lakshmi Nair', email, phone: '9876501234', referral_option: 'heart_operation', hospitalisation_status: 'currently_hospitalised', city: 'Kochi', utm_source: 'hospital-desk' });

  it('stores the referral with its option, status and utm, and mails the team', async () => {
    const email = mail('referral');
    const { status, body } = await referral(good(email));
    expect(status).toBe(201);
    expect(await leadByEmail(email)).toMatchObject({ type: 'referral', cause: 'heart_operation', subject: 'currently_hospitalised', city: 'Kochi', utm: { utm_source: 'hospital-desk' } });
    const [copy] = await teamMail(email);
    expect(copy.body).toContain('Treatment: heart_operation');
    expect(copy.body).toContain('Hospitalisation: currently_hospitalised');
    expect(body.data.id).toEqual(expect.any(Number));
  });

  it("answers spec 5's name message and refuses options and statuses outside spec 9's lists, writing nothing", async () => {
    const email = mail('referral.bad');
    const badName = await referral({ ...good(email), name: 'L4kshmi' });
    expect(badName.status).toBe(422);
    expect(badName.body.error.fields.name).toBe('Please enter a valid name');
    expect((await referral({ ...good(email), name: 'A' })).body.error.fields.name).toBe('Please enter a valid name');
    const badChoice = await referral({ ...good(email), referral_option: 'cosmetic_surgery', hospitalisation_status: 'sometime' });
    expect(badChoice.status).toBe(422);
    expect(badChoice.body.error.fields).toEqual({ referral_option: 'Please choose one of the options', hospitalisation_status: 'Please choose one of the options' });
    const missing = await referral({ name: 'Lakshmi Nair', phone: '9876501234' });
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['hospitalisation_status', 'referral_option']);
    expect(await leadByEmail(email)).toBeUndefined();
  });
});

describe('contact campaigner (spec 7)', () => {
  it("delivers the message to the campaigner's email through the outbox; nothing the sender gets names it", async () => {
    const campaigner = await makeUser(db, 'Contacted Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const email = mail('supporter');
    const res = await contactCampaigner(f.id, { name: 'Vikram Shah', email, phone: '9988776655', about: 'Can I donate medicines instead?', utm_source: 'story-page' });
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body).toLowerCase()).not.toContain(campaigner.email.toLowerCase());
    expect(Object.keys(res.body.data)).toEqual(['id']);
    const [toCampaigner] = await db.select().from(outbox).where(eq(outbox.recipient, campaigner.email));
    expect(toCampaigner.subject).toContain(f.title);
    expect(toCampaigner.body).toContain('Can I donate medicines instead?');
    expect(toCampaigner.body).toContain(email);
    const lead = await leadByEmail(email);
    expect(lead).toMatchObject({ id: res.body.data.id, type: 'contact_campaigner', page: `/stories/${f.custom_tag}`, utm: { utm_source: 'story-page' } });
    expect(await teamMail(email)).toHaveLength(1);

    // its creator reading it back (PUT) still never sees the address: the message is refused as already delivered
    const sender = await person('Signed Supporter');
    const own = await contactCampaigner(f.id, { name: 'Vikram Shah', email: mail('supporter.signed'), about: 'Hello' }, sender.auth);
    expect(own.status).toBe(201);
    const change = await put(own.body.data.id, { about: 'Changed' }, sender.auth);
    expect(change.status).toBe(409);
    expect(JSON.stringify(change.body).toLowerCase()).not.toContain(campaigner.email.toLowerCase());
  });

  it('reaches only fundraisers whose story the sender may read, and is limited per address', async () => {
    const draft = await makeFundraiser(db, { status_flag: FUNDRAISER_STATUS.draft });
    const message = { name: 'Vikram Shah', email: mail('limits'), about: 'Hello' };
    expect((await contactCampaigner(draft.id, message)).status).toBe(404);
    const privateOne = await makeFundraiser(db, { is_private: true });
    expect((await contactCampaigner(privateOne.id, message)).status).toBe(403);
    expect(await leadByEmail(mail('limits'))).toBeUndefined();

    const f = await makeFundraiser(db);
    const ip = address();
    const statuses = [];
    for (let i = 0; i <= CONTACT_CAMPAIGNER_LIMIT.max; i++) statuses.push((await contactCampaigner(f.id, { ...message, email: mail(`limit${i}`) }, { 'x-sahyog-client-address': ip })).status);
    expect(statuses).toEqual([...Array(CONTACT_CAMPAIGNER_LIMIT.max).fill(201), 429]);
  });
});

describe('captcha on lead forms, when a provider is configured', () => {
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'human-token' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.CAPTCHA_SECRET = 'captcha-secret';
    process.env.CAPTCHA_SITE_KEY = 'captcha-site-key';
    process.env.CAPTCHA_VERIFY_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.CAPTCHA_SECRET;
    delete process.env.CAPTCHA_SITE_KEY;
    delete process.env.CAPTCHA_VERIFY_URL;
    resetEnvForTests();
    server.close();
  });

  it('refuses a lead without a passing response and takes one with it', async () => {
    const email = mail('captcha');
    const lead = { name: 'Nisha Patel', email, phone: '9876543210', referral_option: 'medicines', hospitalisation_status: 'not_required' };
    const none = await referral(lead);
    expect(none.status).toBe(422);
    expect(none.body.error.fields.captcha_response).toBe('Please complete the captcha');
    expect((await referral({ ...lead, captcha_response: 'bot-token' })).status).toBe(422);
    expect(await leadByEmail(email)).toBeUndefined();
    expect((await referral({ ...lead, captcha_response: 'human-token' })).status).toBe(201);
    expect(await leadByEmail(email)).toBeDefined();
  });
});

describe('PUT /api/leads/{id} (spec 7 lead update)', () => {
  it('its creator updates it and the team hears of it; another user gets 404 and nothing changes', async () => {
    const creator = await person('Lead Creator');
    const email = mail('creator');
    const made = await post({ query_type: 'want_to_raise_funds', name: 'Arjun Mehta', email, phone: '9876543210', cause: 'Medical' }, creator.auth);
    const id = made.body.data.id;
    const before = await leadById(id);

    const other = await person('Lead Stranger');
    const refused = await put(id, { city: 'Nowhere', name: 'Someone Else' }, other.auth);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('not_found');
    expect((await put(id, { city: 'Nowhere' })).status).toBe(401);
    expect(await leadById(id)).toEqual(before);
    expect((await put(999_999_999, { city: 'Nowhere' }, other.auth)).status).toBe(404);

    const { status, body } = await put(id, { city: 'Jaipur', cause: 'Education', utm_source: 'follow-up' }, creator.auth, '?signup_access=1&showError=false');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id, city: 'Jaipur', cause: 'Education', name: 'Arjun Mehta', utm: { utm_source: 'follow-up' } });
    expect(body.data).not.toHaveProperty('mail_to');
    expect(await leadById(id)).toMatchObject({ city: 'Jaipur', cause: 'Education', user_id: creator.id });
    expect((await teamMail(email)).map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining(`Lead #${id} updated`)]));
  });

  it('a reviewer may update any lead; bad fields and empty updates are refused', async () => {
    const email = mail('reviewed');
    const made = await referral({ name: 'Geeta Das', email, phone: '9876543210', referral_option: 'medicines', hospitalisation_status: 'discharged' });
    const r = await reviewer();
    expect((await put(made.body.data.id, { hospitalisation_status: 'within_6_months' }, r.auth)).body.data).toMatchObject({ referral_option: 'medicines', hospitalisation_status: 'within_6_months' });
    expect((await put(made.body.data.id, { cause: 'anything' }, r.auth)).status).toBe(422);
    expect((await put(made.body.data.id, { referral_option: 'cosmetic' }, r.auth)).body.error.fields.referral_option).toBe('Please choose one of the options');
    expect((await put(made.body.data.id, { name: 'G3eta' }, r.auth)).body.error.fields.name).toBe('Please enter a valid name');
    expect((await put(made.body.data.id, {}, r.auth)).status).toBe(422);
    expect(await leadByEmail(email)).toMatchObject({ name: 'Geeta Das', cause: 'medicines', subject: 'within_6_months' });
  });

  it('with signup_access, the account just signed up claims the lead it sent signed out (its lead_token), once', async () => {
    const email = mail('claim');
    const made = await post({ query_type: 'want_to_raise_funds', name: 'Neha Joshi', email, phone: '9876543210', cause: 'Animals' });
    const { id, lead_token } = made.body.data;
    const newcomer = await person('Neha Joshi');
    // without signup_access, or with another lead's token, the lead is not theirs
    expect((await put(id, { city: 'Indore', lead_token }, newcomer.auth)).status).toBe(404);
    const otherLead = await post({ name: 'Other Person', email: mail('claim.other'), phone: '9876543210', about: 'Hi' });
    expect((await put(id, { city: 'Indore', lead_token: otherLead.body.data.lead_token }, newcomer.auth, '?signup_access=1')).status).toBe(404);
    expect((await leadById(id)).user_id).toBeNull();

    const claimed = await put(id, { city: 'Indore', lead_token }, newcomer.auth, '?signup_access=1');
    expect(claimed.status).toBe(200);
    expect(await leadById(id)).toMatchObject({ user_id: newcomer.id, city: 'Indore' });
    // the token is spent: someone else holding it gets nothing
    const late = await person('Late Claimer');
    expect((await put(id, { city: 'Bhopal', lead_token }, late.auth, '?signup_access=1')).status).toBe(404);
    expect((await leadById(id)).city).toBe('Indore');
  });
});

describe("the reviewers' list of leads", () => {
  it('lists leads newest first with their utm source, 50 a page with a cursor; others are refused', async () => {
    const r = await reviewer();
    const first = await post({ name: 'List One', email: mail('list1'), phone: '9876543210', about: 'First', utm_source: 'first-source' });
    const second = await impact({ name: 'List Two', email: mail('list2'), phone: '9876543210', utm: { utm_source: 'second-source' } });
    const newest = second.body.data.id;

    const page = await list(r.auth, `?before=${newest + 1}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const [top, next] = page.body.data.leads;
    expect(top).toMatchObject({ id: newest, type: 'impact', name: 'List Two', email: mail('list2'), utm_source: 'second-source', page: 'impact' });
    expect(page.body.data.leads.find((l: { id: number }) => l.id === first.body.data.id)).toMatchObject({ type: 'contact', utm_source: 'first-source' });
    expect(next.id).toBeLessThan(top.id);
    expect(top).not.toHaveProperty('mail_to');

    // a full page: 50, and the cursor to the rest
    const rows = await db.insert(leads).values(Array.from({ length: LEADS_PAGE_SIZE + 5 }, (_, i) => ({ name: `Bulk ${i}`, email: mail(`bulk${i}`), type: 'contact' }))).returning({ id: leads.id });
    const after = Math.max(...rows.map((row) => row.id)) + 1;
    const full = await reviewerLeads(db, r, { before: after });
    expect(full.leads).toHaveLength(LEADS_PAGE_SIZE);
    expect(full.leads.map((l) => l.id)).toEqual([...full.leads.map((l) => l.id)].sort((a, b) => b - a));
    expect(full.next_before).toBe(full.leads[LEADS_PAGE_SIZE - 1].id);
    const rest = await reviewerLeads(db, r, { before: full.next_before! });
    expect(rest.leads[0].id).toBeLessThan(full.next_before!);

    const stranger = await person('Not A Reviewer');
    expect((await list(stranger.auth)).status).toBe(404);
    expect((await list({})).status).toBe(401);
    await expect(reviewerLeads(db, stranger)).rejects.toMatchObject({ code: 'not_found' });
    await expect(reviewerLeads(db, null)).rejects.toMatchObject({ code: 'not_found' });
  });
});
