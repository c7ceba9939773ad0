// Partners who build from the specification send its payloads as written (spec 3's field names: eventName
// and numeric ids on actions/collect, a lead without `about`, email_id on admin/verify, phone_1 on the one-time-code
// request). Each is accepted beside our own shape and stored as ours; bad input is still a 422 with the spec's
// message. Test files share one PostgreSQL database: every value here is this run's own.
import { desc, eq } from 'drizzle-orm';
import { POST as collectRoute } from '@/app/api/actions/collect/route';
import { POST as postLead } from '@/app/api/leads/route';
import { POST as verifyEmail } from '@/app/api/admin/verify/route';
import { POST as otpLoginRoute } from '@/app/api/auth/login/otpLogin/route';
import { leads, oneTimeCodes, outbox, systemEvents } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { CLIENT_ADDRESS_HEADER } from '@/lib/constants/server';
import { freshDb, makeFundraiser, makeUser } from '../factories';
import { call, closeDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TEAM_INBOX = `team.${RUN}@example.com`;
const mail = (tag: string) => `${tag}.${RUN}@example.com`;
let seq = 0;
/** each call from an address of this run alone, so per-address limits of other files and runs never meet ours */
const post = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: `spec-payloads-${RUN}-${++seq}` },
});
/** a phone number of this run alone: 9 then the run's last digits */
const phoneOfRun = (n: number) => `9${String(Date.now() + n).slice(-9)}`;

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

describe('POST /api/actions/collect: spec 3 system event as written', () => {
  const collect = (event: unknown) => call(collectRoute, '/api/actions/collect', {}, post(event));
  const eventsNamed = (name: string) => db.select().from(systemEvents).where(eq(systemEvents.event_name, name)).orderBy(desc(systemEvents.id));

  it('takes eventName, numeric ids and flat utm fields, and stores the event in our shape', async () => {
    const f = await makeFundraiser(db);
    const name = `partner_visit_${RUN}`;
    // spec 3 system event: eventName, event_type, event_type_id, page_name, info_1..info_4, referrer_page, device, entity_id, utm fields
    const res = await collect({
      eventName: name,
      event_type: 'fundraiser',
      event_type_id: f.id,
      page_name: 'story',
      info_1: 'A title',
      info_2: 500,
      info_3: 'whatsapp',
      info_4: null,
      referrer_page: 'https://partner.example/list',
      device: 'mobile',
      entity_id: f.id,
      utm_source: 'partner',
      utm_medium: 'app',
      utm_campaign: 'diwali',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { recorded: true } });
    const [row] = await eventsNamed(name);
    expect(row).toMatchObject({
      event_name: name,
      event_type: 'fundraiser',
      event_type_id: String(f.id),
      page_name: 'story',
      info_1: 'A title',
      info_2: '500',
      info_4: null,
      device: 'mobile',
      entity_id: String(f.id),
      utm: { utm_source: 'partner', utm_medium: 'app', utm_campaign: 'diwali' },
    });
  });

  it('still takes our own shape (event_name, text ids, one utm object)', async () => {
    const name = `our_visit_${RUN}`;
    const res = await collect({ event_name: name, event_type: 'fundraiser', event_type_id: '12', entity_id: '12', device: 'desktop', utm: { utm_source: 'newsletter' } });
    expect(res.status).toBe(201);
    const [row] = await eventsNamed(name);
    expect(row).toMatchObject({ event_name: name, event_type_id: '12', entity_id: '12', utm: { utm_source: 'newsletter' } });
  });

  it('refuses an event without a name, or with ids that are not whole numbers, with a 422 naming the field', async () => {
    const nameless = await collect({ event_type: 'fundraiser', event_type_id: 5 });
    expect(nameless.status).toBe(422);
    expect(nameless.body.error).toMatchObject({ code: 'validation_failed', message: 'event_name is required', fields: { event_name: 'event_name is required' } });
    const emptyName = await collect({ eventName: '' });
    expect(emptyName.status).toBe(422);
    expect(emptyName.body.error.fields.eventName).toBe('event_name is required');
    for (const [field, value] of [
      ['event_type_id', 1.5],
      ['entity_id', -3],
      ['entity_id', { id: 1 }],
    ] as const) {
      const bad = await collect({ eventName: `bad_${RUN}`, [field]: value });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields[field]).toBe('Please send an id as text or a whole number');
    }
    expect(await eventsNamed(`bad_${RUN}`)).toEqual([]);
  });
});

describe('POST /api/leads: spec 3 lead as written (no about)', () => {
  const send = (body: unknown) => call(postLead, '/api/leads', {}, post(body));
  const leadByEmail = async (email: string) => (await db.select().from(leads).where(eq(leads.email, email)))[0];

  it('takes the spec lead (name, email, extension, phone, page, mail_to, user_id); the server picks the inbox and the sender', async () => {
    const email = mail('spec.lead');
    const someoneElse = await makeUser(db, 'Not The Sender');
    const res = await send({ name: 'Kavya Menon', email, extension: '+971', phone: '50 123 4567', page: 'partner-app', mail_to: 'attacker@example.com', user_id: someoneElse.id });
    expect(res.status).toBe(201);
    const row = await leadByEmail(email);
    expect(row).toMatchObject({ id: res.body.data.id, name: 'Kavya Menon', extension: '+971', phone: '501234567', page: 'partner-app', about: null, type: 'contact', mail_to: TEAM_INBOX, user_id: null });
    // the team's copy goes to the team's inbox, never to the address the payload named
    const copies = await db.select().from(outbox).where(eq(outbox.recipient, 'attacker@example.com'));
    expect(copies.filter((m) => m.body.includes(email))).toEqual([]);
    const [copy] = (await db.select().from(outbox).where(eq(outbox.recipient, TEAM_INBOX))).filter((m) => m.body.includes(email));
    expect(copy.body).toContain('Kavya Menon');
  });

  it('takes the signup-lead variant as the spec lists it (type and mail_to among its fields)', async () => {
    const email = mail('spec.signup.lead');
    const res = await send({
      about: 'My mother needs a transplant',
      email,
      name: 'Imran Shaikh',
      page: 'start-fundraiser',
      phone: '9876543210',
      extension: '+91',
      query_type: 'want_to_raise_funds',
      type: 'signup',
      mail_to: 'someone@example.com',
      subject: 'Raise funds',
      cause: 'Medical',
      city: 'Pune',
      utm_source: 'partner',
    });
    expect(res.status).toBe(201);
    expect(await leadByEmail(email)).toMatchObject({ type: 'signup_lead', query_type: 'want_to_raise_funds', cause: 'Medical', city: 'Pune', mail_to: TEAM_INBOX, utm: { utm_source: 'partner' } });
  });

  it('still takes our contact form (with about)', async () => {
    const email = mail('our.lead');
    const res = await send({ name: 'Asha Rao', email, phone: '9876543210', about: 'How do I start?' });
    expect(res.status).toBe(201);
    expect(await leadByEmail(email)).toMatchObject({ about: 'How do I start?', page: 'contact-us' });
  });

  it('refuses bad fields with the spec messages and writes nothing', async () => {
    const email = mail('bad.spec.lead');
    const bad = await send({ name: 'R2D2', email: 'not-an-email', extension: '+91', phone: '12', page: 'x', mail_to: 'a@b.co', user_id: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ name: 'Please enter a valid name', email: 'Please enter a valid email', phone: 'Please enter a valid number' });
    const emptyAbout = await send({ name: 'Asha Rao', email, phone: '9876543210', about: '' });
    expect(emptyAbout.status).toBe(422);
    expect(emptyAbout.body.error.fields.about).toBe('Field Required');
    expect(await leadByEmail(email)).toBeUndefined();
  });
});

describe('POST /api/admin/verify: spec 3 email_id beside our email', () => {
  const check = (body: unknown) => call(verifyEmail, '/api/admin/verify', {}, post(body));

  it('answers exists for email_id as for email', async () => {
    const person = await makeUser(db, 'Email Id Person');
    expect((await check({ email_id: person.email })).body).toEqual({ data: { exists: true } });
    expect((await check({ email_id: mail('nobody') })).body).toEqual({ data: { exists: false } });
    expect((await check({ email: person.email.toUpperCase() })).body).toEqual({ data: { exists: true } });
  });

  it('refuses a bad email_id under its own name, and no email at all, with the spec 5 message', async () => {
    const bad = await check({ email_id: 'not-an-email' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual({ code: 'validation_failed', message: 'Please enter a valid email', fields: { email_id: 'Please enter a valid email' } });
    const none = await check({});
    expect(none.status).toBe(422);
    expect(none.body.error).toEqual({ code: 'validation_failed', message: 'Please enter a valid email', fields: { email: 'Please enter a valid email' } });
  });
});

describe('POST /api/auth/login/otpLogin: spec 3 phone_1 beside our contact', () => {
  const ask = (body: unknown) => call(otpLoginRoute, '/api/auth/login/otpLogin', {}, post(body));
  const lastMessageTo = async (recipient: string) => (await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1))[0];

  it('sends a code to phone_1 (spaces removed, spec 5: last 10 digits) with its extension', async () => {
    const phone = phoneOfRun(1);
    const res = await ask({ phone_1: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, extension: '+91' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ request_id: expect.any(String), sent_to: 'phone' });
    const [code] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.request_id, res.body.data.request_id));
    expect(code).toBeDefined();
    // A code to a phone goes to its E.164 number
    expect((await lastMessageTo(`+91${phone}`)).body).toMatch(/\d{6} is your/);
  });

  it('still sends to our contact field (a phone or an email)', async () => {
    const phone = phoneOfRun(2);
    expect((await ask({ contact: phone })).body.data.sent_to).toBe('phone');
    expect((await ask({ contact: mail('otp.contact') })).body.data.sent_to).toBe('email');
  });

  it('refuses a phone_1 that is not a mobile number, and a request naming nobody, with a 422', async () => {
    for (const phone_1 of ['12', 'someone@example.com', 9876543210]) {
      const bad = await ask({ phone_1 });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.phone_1).toBe('Please enter a valid number');
    }
    const none = await ask({ extension: '+91' });
    expect(none.status).toBe(422);
    expect(none.body.error.fields.contact).toBe('Please enter a valid email or mobile number');
  });
});
