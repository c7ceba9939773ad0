import { eq } from 'drizzle-orm';
import { POST as postLead } from '@/app/api/leads/route';
import { leads } from '@/lib/db/schema';
import { call, closeDb, seededDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
beforeAll(async () => {
  db = await seededDb();
});
afterAll(closeDb);

const post = (body: unknown, ip = '10.1.0.1') => call(postLead, '/api/leads', {}, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': ip } });

describe('POST /api/leads (contact-us form, spec 5 messages)', () => {
  it('stores a lead with the phone trimmed to its last 10 digits', async () => {
    const { status } = await post({ name: "Asha D'Souza", email: 'Asha@Example.com', phone: '+91 98765 43210', about: 'How do I start a fundraiser?' });
    expect(status).toBe(201);
    // other test files share the PostgreSQL database (sign-ups write leads too): find this one by its email
    const [row] = await db.select().from(leads).where(eq(leads.email, 'asha@example.com'));
    expect(row).toMatchObject({ name: "Asha D'Souza", email: 'asha@example.com', phone: '9876543210', type: 'contact' });
  });

  it('answers bad fields with the spec messages and writes nothing', async () => {
    const before = (await db.select().from(leads)).length;
    const { status, body } = await post({ name: 'R2D2', email: 'not-an-email', phone: '12', about: '' });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual({
      name: 'Please enter a valid name',
      email: 'Please enter a valid email',
      phone: 'Please enter a valid number',
      about: 'Field Required',
    });
    const long = await post({ name: 'A'.repeat(60), email: 'a@b.co', phone: '9876543210', about: 'x' });
    expect(long.body.error.fields.name).toBe('Maximum character limit exceeds');
    expect((await db.select().from(leads)).length).toBe(before);
  });

  it('limits messages per address', async () => {
    const ok = { name: 'Ravi', email: 'ravi@example.com', phone: '9876543210', about: 'Hi' };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(ok, '10.1.0.9')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
