// A medical fundraiser's proof. A hospital the list lacks is entered by name and city and stays out of the
// public list until a reviewer confirms it; the medical estimate and the beneficiary's ID are served to reviewers only
// (not a guest, not another campaigner, not the public media URL, not the sitemap); approval waits for both checks and
// the story then shows the hospital and "documents verified". Also 31.15: get_campaigns for an individual campaigner,
// and a field-sales agent's own draft carrying the agent's entity.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { POST as createRoute } from '@/app/api/campaigns/route';
import { GET as getRoute, PUT as putRoute } from '@/app/api/campaigns/[id]/route';
import { PUT as submitForReviewRoute } from '@/app/api/campaigns/[id]/publish/route';
import { POST as documentRoute } from '@/app/api/campaigns/[id]/documents/[kind]/route';
import { POST as decideRoute } from '@/app/api/reviews/[id]/route';
import { POST as confirmHospitalRoute } from '@/app/api/reviews/[id]/hospital/route';
import { POST as checkDocumentsRoute } from '@/app/api/reviews/[id]/documents/route';
import { GET as reviewerDocumentRoute } from '@/app/api/reviews/[id]/documents/[documentId]/route';
import { GET as hospitalsRoute } from '@/app/api/hospitals/route';
import { GET as dashboardRoute } from '@/app/api/dashboard/route';
import { GET as servedRoute } from '@/app/media/uploads/[name]/route';
import { GET as sitemapIndex } from '@/app/sitemap.xml/route';
import { GET as fundraiserSitemap } from '@/app/sitemaps/fundraisers/[file]/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { entityDetails, fundraiserDocuments, fundraiserMedia, fundraisers, hospitals, users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { resetMediaStoreForTests } from '@/lib/media/store';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { PROOF_MESSAGES } from '@/lib/fundraisers/proof';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { makeFundraiser, makeUser, referenceData } from '../factories';
import { signedIn } from '../helpers/auth';
import { call } from '../helpers/db';

// outside a Next server there is no incremental cache: cached reads go straight to the database
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => {}, revalidatePath: () => {} }));

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;
const run = Date.now().toString(36);
const REVIEWER_EMAIL = `proof-reviewer-${run}@example.com`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sahyog-proof-'));
  process.env.DATA_DIR = dataDir;
  process.env.REVIEWER_EMAILS = REVIEWER_EMAIL;
  resetEnvForTests();
  resetMediaStoreForTests();
  db = await getDb();
  await referenceData(db);
});
afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  delete process.env.REVIEWER_EMAILS;
  resetEnvForTests();
  resetMediaStoreForTests();
  rmSync(dataDir, { recursive: true, force: true });
  await closeDb();
});

type Auth = { authorization: string };
async function person(name: string, values: Partial<typeof users.$inferInsert> = {}) {
  const u = await makeUser(db, name);
  if (Object.keys(values).length) await db.update(users).set(values).where(eq(users.id, u.id));
  const { token } = await signedIn(db, u.id);
  return { ...u, auth: { authorization: `Bearer ${token}` } as Auth };
}
let desk: ReturnType<typeof person> | null = null;
/** The one reviewer (REVIEWER_EMAILS names a proven address), made on first use. */
const reviewer = () => (desk ??= person('Proof Reviewer', { email: REVIEWER_EMAIL, email_verified_at: new Date() }));

const send = (method: string, auth: Auth | null, body?: unknown) => ({ method, headers: { 'content-type': 'application/json', ...(auth ?? {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const create = (auth: Auth, body: unknown) => call(createRoute, '/api/campaigns', {}, send('POST', auth, body));
const read = (auth: Auth, id: number) => call(getRoute, `/api/campaigns/${id}`, { id: String(id) }, send('GET', auth));
const save = (auth: Auth, id: number, body: unknown) => call(putRoute, `/api/campaigns/${id}`, { id: String(id) }, send('PUT', auth, body));
const submitForReview = (auth: Auth, id: number) => call(submitForReviewRoute, `/api/campaigns/${id}/publish`, { id: String(id) }, send('PUT', auth));
const decide = (auth: Auth, id: number, body: unknown) => call(decideRoute, `/api/reviews/${id}`, { id: String(id) }, send('POST', auth, body));
const confirmHospital = (auth: Auth, id: number) => call(confirmHospitalRoute, `/api/reviews/${id}/hospital`, { id: String(id) }, send('POST', auth, {}));
const checkDocuments = (auth: Auth, id: number) => call(checkDocumentsRoute, `/api/reviews/${id}/documents`, { id: String(id) }, send('POST', auth, {}));
const hospitalSearch = async (q: string) => (await call(hospitalsRoute, `/api/hospitals?q=${encodeURIComponent(q)}`, {}, { method: 'GET' })).body.data as { id: number; name: string }[];
const documentAs = (auth: Auth | null, id: number, documentId: number) =>
  reviewerDocumentRoute(new Request(`http://localhost/api/reviews/${id}/documents/${documentId}`, { headers: auth ?? {} }), { params: Promise.resolve({ id: String(id), documentId: String(documentId) }) });

const jpeg = (colour: string) => sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } }).jpeg().toBuffer();
async function uploadDocument(auth: Auth, id: number, kind: string) {
  const form = new FormData();
  form.append('file', new Blob([(await jpeg(kind === 'medical_estimate' ? '#ffffff' : '#dbeafe')) as BlobPart]), `${kind}.jpg`);
  return call(documentRoute, `/api/campaigns/${id}/documents/${kind}`, { id: String(id), kind }, { method: 'POST', headers: auth, body: form });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
const NEW_HOSPITAL = { new_hospital_name: `Sunrise Care Hospital ${run}`, new_hospital_city: 'Nashik' };

/** A medical draft saved step by step, its hospital entered by hand, with a cover (the upload tests cover the cover). */
async function medicalDraft(auth: Auth, title: string, hospital: { new_hospital_name: string; new_hospital_city: string } = NEW_HOSPITAL): Promise<number> {
  const id = (await create(auth, { parent_cause_id: 20 })).body.data.id as number;
  for (const step of [
    { step: 'cause', parent_cause_id: 20, cause_id: 4 },
    { step: 'beneficiary', beneficiary_name: 'Suresh Patil', beneficiary_relation: 'father', beneficiary_age: 61 },
    { step: 'medical', disease_id: 1, ...hospital, hospitalisation_status: 'currently_hospitalised' },
    { step: 'story', title, story: '<p>My father Suresh needs a bypass surgery this month and we cannot meet the cost alone.</p>' },
    { step: 'goal', goal: 300000, currency: 'INR', end_date: inDays(40) },
  ]) {
    const r = await save(auth, id, step);
    expect(r.status).toBe(200);
  }
  await db.insert(fundraiserMedia).values({ fundraiser_id: id, kind: 'leaderboard', cdn_path: '/media/uploads/0123456789abcdef0123456789abcdef-story.webp', upload_id: '0123456789abcdef0123456789abcdef' });
  return id;
}

describe('a hospital the list lacks', () => {
  it('is kept on the draft but offered to no one else until a reviewer confirms it; then it joins the list', async () => {
    const anita = await person('Anita Patil');
    const other = await person('Other Campaigner');
    const desk = await reviewer();
    const id = await medicalDraft(anita.auth, `Bypass surgery for my father ${run}`);
    const draft = (await read(anita.auth, id)).body.data;
    expect(draft.hospital).toMatchObject({ name: NEW_HOSPITAL.new_hospital_name, city: 'Nashik', confirmed: false });
    expect(draft.city).toBe('Nashik');
    const hospitalId = draft.hospital.id as number;

    // not in the public list or its search, and nobody else may name it
    expect((await hospitalSearch('Sunrise Care')).map((h) => h.id)).not.toContain(hospitalId);
    expect((await hospitalSearch('Nashik')).map((h) => h.id)).not.toContain(hospitalId);
    const otherDraft = (await create(other.auth, { parent_cause_id: 20 })).body.data.id;
    const refused = await save(other.auth, otherDraft, { hospital_id: hospitalId });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.hospital_id).toBe(PROOF_MESSAGES.hospital);
    // the campaigner's own wizard may save it again
    expect((await save(anita.auth, id, { hospital_id: hospitalId })).status).toBe(200);
    // entering the same name and city again reuses the row
    expect((await save(anita.auth, id, NEW_HOSPITAL)).body.data.hospital.id).toBe(hospitalId);

    // the story would not name it either (a published fundraiser on an unconfirmed hospital)
    const stray = await makeFundraiser(db, { hospital_id: hospitalId, hospital_name: NEW_HOSPITAL.new_hospital_name });
    expect((await fundraiserById(db, stray.id))!.hospital_name).toBeNull();

    // only a reviewer confirms
    expect((await confirmHospital(anita.auth, id)).status).toBe(404);
    const confirmed = await confirmHospital(desk.auth, id);
    expect(confirmed.status).toBe(200);
    const [row] = await db.select().from(hospitals).where(eq(hospitals.id, hospitalId));
    expect(row).toMatchObject({ confirmed: true, confirmed_by: desk.id, suggested_by: anita.id });
    expect((await hospitalSearch('Sunrise Care')).map((h) => h.id)).toContain(hospitalId);
    expect((await save(other.auth, otherDraft, { hospital_id: hospitalId })).status).toBe(200);
    expect((await fundraiserById(db, stray.id))!.hospital_name).toBe(NEW_HOSPITAL.new_hospital_name);
  });

  it('asks for both the name and the city', async () => {
    const me = await person('Half Hospital');
    const id = (await create(me.auth, { parent_cause_id: 20 })).body.data.id;
    const r = await save(me.auth, id, { new_hospital_name: 'Only A Name Hospital' });
    expect(r.status).toBe(422);
    expect(r.body.error.fields.new_hospital_city).toBe(PROOF_MESSAGES.newHospitalCity);
  });
});

describe('the medical estimate and the beneficiary’s ID', () => {
  it('are needed for review, served to reviewers only, never by the public media URL or in the sitemap; approval waits for the checks; the story shows the proof', async () => {
    const anita = await person('Anita Proof');
    const other = await person('Nosy Campaigner');
    const desk = await reviewer();
    const title = `Heart surgery for Suresh ${run}`;
    const hospital = { new_hospital_name: `Godavari Heart Centre ${run}`, new_hospital_city: 'Nanded' };
    const id = await medicalDraft(anita.auth, title, hospital);

    // sent for review without them: both asked for
    const early = await submitForReview(anita.auth, id);
    expect(early.status).toBe(422);
    expect(early.body.error.fields).toMatchObject({ medical_estimate: expect.any(String), beneficiary_id: expect.any(String) });

    // a stranger cannot add to her draft
    expect((await uploadDocument(other.auth, id, 'medical_estimate')).status).toBe(404);
    const estimate = await uploadDocument(anita.auth, id, 'medical_estimate');
    expect(estimate.status).toBe(201);
    const idCard = await uploadDocument(anita.auth, id, 'beneficiary_id');
    expect(idCard.status).toBe(201);
    // no address comes back, and the draft lists them without one
    expect(JSON.stringify(estimate.body)).not.toMatch(/\/media\/|upload_id|\/api\//);
    const [stored] = await db.select().from(fundraiserDocuments).where(eq(fundraiserDocuments.id, estimate.body.data.id));
    const draftJson = JSON.stringify((await read(anita.auth, id)).body.data);
    expect(draftJson).not.toContain(stored.upload_id);
    expect((await read(anita.auth, id)).body.data.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['beneficiary_id', 'medical_estimate']);

    // the public media route serves no size of it, by any name
    for (const variant of ['private.webp', 'story.webp', 'card.webp', 'share.jpg']) {
      const r = await servedRoute(new Request(`http://localhost/media/uploads/${stored.upload_id}-${variant}`), { params: Promise.resolve({ name: `${stored.upload_id}-${variant}` }) });
      expect(r.status).toBe(404);
    }
    // a guest, another campaigner and the campaigner herself are told it does not exist; a reviewer sees the picture
    expect((await documentAs(null, id, stored.id)).status).toBe(404);
    expect((await documentAs(other.auth, id, stored.id)).status).toBe(404);
    expect((await documentAs(anita.auth, id, stored.id)).status).toBe(404);
    const seen = await documentAs(desk.auth, id, stored.id);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/webp');
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await seen.arrayBuffer())).metadata()).format).toBe('webp');
    // another fundraiser's id does not open it
    expect((await documentAs(desk.auth, id + 100_000, stored.id)).status).toBe(404);

    expect((await submitForReview(anita.auth, id)).status).toBe(200);
    // approval waits for the hospital and the documents
    const blocked = await decide(desk.auth, id, { decision: 'approve' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toContain(PROOF_MESSAGES.hospitalUnconfirmed);
    expect(blocked.body.error.message).toContain(PROOF_MESSAGES.documentsUnchecked);
    expect((await checkDocuments(anita.auth, id)).status).toBe(404);
    expect((await checkDocuments(desk.auth, id)).status).toBe(200);
    expect((await decide(desk.auth, id, { decision: 'approve' })).status).toBe(409);
    expect((await confirmHospital(desk.auth, id)).status).toBe(200);
    const approved = await decide(desk.auth, id, { decision: 'approve' });
    expect(approved.status).toBe(200);

    // the story: the hospital and "documents verified"
    const story = (await fundraiserById(db, id))!;
    expect(story).toMatchObject({ hospital_name: hospital.new_hospital_name, hospital_city: 'Nanded', documents_verified: true });
    expect(JSON.stringify(story)).not.toContain(stored.upload_id);

    // the sitemap lists the story, never a document
    const index = await (await sitemapIndex(new Request('http://localhost/sitemap.xml'))).text();
    const files = [...index.matchAll(/<loc>[^<]*\/sitemaps\/fundraisers\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    const maps = await Promise.all(files.map(async (file) => (await fundraiserSitemap(new Request(`http://localhost/sitemaps/fundraisers/${file}`), { params: Promise.resolve({ file }) })).text()));
    const all = maps.join('\n');
    expect(all).toContain(`/stories/${approved.body.data.custom_tag}`);
    expect(all).not.toContain(stored.upload_id);
    expect(all).not.toMatch(/\/api\/reviews\/|-private\./);
  });

  it('a reviewer marks documents checked only on a fundraiser under review that has both', async () => {
    const anita = await person('Anita One Document');
    const desk = await reviewer();
    const id = await medicalDraft(anita.auth, `One document only ${run}`);
    await uploadDocument(anita.auth, id, 'medical_estimate');
    expect((await checkDocuments(desk.auth, id)).status).toBe(409);
    // one sent for review before documents were asked for
    await db.update(fundraisers).set({ status_flag: FUNDRAISER_STATUS.underReview, submitted_at: new Date() }).where(eq(fundraisers.id, id));
    const r = await checkDocuments(desk.auth, id);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(PROOF_MESSAGES.documentsMissing);
    const [row] = await db.select().from(fundraisers).where(eq(fundraisers.id, id));
    expect(row.documents_checked_at).toBeNull();
  });
});

describe('dashboard data and field sales', () => {
  it('get_campaigns returns an individual campaigner’s three running fundraisers', async () => {
    const me = await person('Individual Three');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeFundraiser(db, { campaigner_id: me.id }));
    const r = await call(dashboardRoute, '/api/dashboard?task=get_campaigns&count=50', {}, send('GET', me.auth));
    expect(r.status).toBe(200);
    expect(r.body.data.ngo_active_campaigns).toBe(0);
    expect(r.body.data.tax_benefit).toBe(false);
    expect(r.body.data.campaigns.map((c: { id: number }) => c.id).sort()).toEqual(made.map((f) => f.id).sort());
    expect(r.body.data.campaigns.every((c: { stage: string }) => c.stage === 'running')).toBe(true);
    // someone else's are not hers
    const stranger = await person('Stranger Dashboard');
    expect((await call(dashboardRoute, '/api/dashboard?task=get_campaigns', {}, send('GET', stranger.auth))).body.data.campaigns).toEqual([]);
  });

  it('a draft a field-sales agent starts without naming a beneficiary account still carries the agent’s entity', async () => {
    const agent = await person('Field Agent Own', { is_fos: true });
    const r = await create(agent.auth, { parent_cause_id: 20 });
    expect(r.status).toBe(201);
    const [row] = await db.select().from(fundraisers).where(eq(fundraisers.id, r.body.data.id));
    expect(row.creator_entity_details_id).not.toBeNull();
    const [entity] = await db.select().from(entityDetails).where(eq(entityDetails.id, row.creator_entity_details_id!));
    expect(entity.user_id).toBe(agent.id);
    expect(row.status_flag).toBe(FUNDRAISER_STATUS.draft);
    // an ordinary campaigner's draft has none
    const plain = await person('Plain Campaigner');
    const mine = await create(plain.auth, { parent_cause_id: 20 });
    expect(mine.body.data.creator_entity_details_id).toBeNull();
  });
});
