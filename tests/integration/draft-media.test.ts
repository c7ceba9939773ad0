// Media: a draft's cover, beneficiary and in-story images go in as multipart uploads, checked by spec 5
// (by content, not name), re-encoded without EXIF/GPS into the sizes pages use; only the draft's people; capped.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { POST as createRoute } from '@/app/api/campaigns/route';
import { POST as uploadRoute } from '@/app/api/campaigns/[id]/media/[kind]/route';
import { DELETE as deleteRoute } from '@/app/api/campaigns/[id]/media/item/[mediaId]/route';
import { POST as youtubeRoute } from '@/app/api/campaigns/[id]/youtube/route';
import { POST as discardRoute } from '@/app/api/users/drafts/discard/route';
import { GET as servedRoute } from '@/app/media/uploads/[name]/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { fundraiserMedia, fundraisers } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { mediaStore, resetMediaStoreForTests } from '@/lib/media/store';
import { hitRateLimit } from '@/lib/security/rate-limit';
import { youtubeVideoId, MEDIA_MESSAGES } from '@/lib/fundraisers/draft-media';
import { DRAFT_IMAGES_MAX } from '@/lib/constants/fundraisers';
import { UPLOADS_PER_HOUR, UPLOADS_WINDOW_MS } from '@/lib/constants/security/limits';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { referenceData } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sahyog-draft-media-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  db = await getDb();
  await referenceData(db);
});
afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  rmSync(dataDir, { recursive: true, force: true });
  await closeDb();
});

type Auth = { authorization: string };
const person = () => signedInPerson(db, 'Media Person');
async function draftOf(auth: Auth): Promise<number> {
  const r = await call(createRoute, '/api/campaigns', {}, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ parent_cause_id: 20 }) });
  return r.body.data.id;
}
const upload = (auth: Auth, id: number, kind: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  return call(uploadRoute, `/api/campaigns/${id}/media/${kind}`, { id: String(id), kind }, { method: 'POST', headers: auth, body: form });
};

/** A camera photo: 1600x1200 JPEG carrying GPS coordinates in its EXIF. */
const photoWithGps = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 52/1 40/1' } })
    .toBuffer()
    .then((b) => new Uint8Array(b));

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

it('a cover photo comes back in the sizes pages use, without its EXIF or GPS, served with nosniff', async () => {
  const me = await person();
  const id = await draftOf(me.auth);
  const original = await photoWithGps();
  expect((await sharp(original).metadata()).exif).toBeDefined();
  const r = await upload(me.auth, id, 'leaderboard', original, 'IMG_2041.jpg');
  expect(r.status).toBe(201);
  expect(r.body.data).toMatchObject({ kind: 'leaderboard', variants: { card: expect.any(String), story: expect.any(String), share: expect.any(String) } });
  for (const url of Object.values<string>(r.body.data.variants)) {
    const stored = await mediaStore().get(keyOf(url));
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.exif).toBeUndefined();
  }
  const share = await sharp((await mediaStore().get(keyOf(r.body.data.variants.share)))!.bytes).metadata();
  expect([share.width, share.height, share.format]).toEqual([1200, 630, 'jpeg']);
  const served = await servedRoute(new Request(`http://localhost${r.body.data.variants.card}`), { params: Promise.resolve({ name: keyOf(r.body.data.variants.card) }) });
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-type')).toBe('image/webp');
});

it('a new cover replaces the old one, files and all', async () => {
  const me = await person();
  const id = await draftOf(me.auth);
  const first = (await upload(me.auth, id, 'leaderboard', await photoWithGps(), 'a.jpg')).body.data;
  const second = (await upload(me.auth, id, 'leaderboard', await photoWithGps(), 'b.png')).body.data;
  const covers = await db.select().from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, id));
  expect(covers.map((c) => c.id)).toEqual([second.id]);
  expect(await mediaStore().get(keyOf(first.variants.story))).toBeNull();
});

it('spec 5: an SVG or HTML renamed .png, a text name, and 11 MB are refused with the spec messages, nothing stored', async () => {
  const me = await person();
  const id = await draftOf(me.auth);
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
  for (const [bytes, name] of [[svg, 'cover.png'], [html, 'cover.png'], [await photoWithGps(), 'notes.txt']] as const) {
    const r = await upload(me.auth, id, 'beneficiary', bytes, name);
    expect(r.status).toBe(422);
    expect(r.body.error.fields.file).toBe('Unsupported file format');
  }
  const big = new Uint8Array(11 * 1024 * 1024);
  big.set(await photoWithGps());
  const r = await upload(me.auth, id, 'editor', big, 'big.jpg');
  expect(r.body.error.fields.file).toBe('File size exeeds 10MB');
  expect(await db.select().from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, id))).toEqual([]);
});

it("another user's token uploads nothing and deletes nothing", async () => {
  const owner = await person();
  const stranger = await person();
  const id = await draftOf(owner.auth);
  const mine = (await upload(owner.auth, id, 'editor', await photoWithGps(), 'x.jpg')).body.data;
  expect((await upload(stranger.auth, id, 'editor', await photoWithGps(), 'y.jpg')).status).toBe(404);
  const del = await call(deleteRoute, '/x', { id: String(id), mediaId: String(mine.id) }, { method: 'DELETE', headers: stranger.auth });
  expect(del.status).toBe(404);
  expect((await db.select().from(fundraiserMedia).where(eq(fundraiserMedia.fundraiser_id, id))).length).toBe(1);
  // the owner may
  expect((await call(deleteRoute, '/x', { id: String(id), mediaId: String(mine.id) }, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
  expect(await mediaStore().get(keyOf(mine.variants.card))).toBeNull();
});

it('caps the images of a draft and the uploads of a user per hour; a draft under review takes none', async () => {
  const me = await person();
  const id = await draftOf(me.auth);
  await db.insert(fundraiserMedia).values(Array.from({ length: DRAFT_IMAGES_MAX }, (_, i) => ({ fundraiser_id: id, kind: 'editor' as const, cdn_path: `/x/${i}`, position: i })));
  const full = await upload(me.auth, id, 'editor', await photoWithGps(), 'x.jpg');
  expect(full.status).toBe(409);
  expect(full.body.error.message).toBe(MEDIA_MESSAGES.tooMany);
  const other = await person();
  const hers = await draftOf(other.auth);
  for (let i = 0; i < UPLOADS_PER_HOUR; i++) await hitRateLimit(db, `upload:user:${other.id}`, { max: UPLOADS_PER_HOUR, windowMs: UPLOADS_WINDOW_MS });
  expect((await upload(other.auth, hers, 'editor', await photoWithGps(), 'x.jpg')).status).toBe(429);
  const third = await person();
  const reviewing = await draftOf(third.auth);
  await db.update(fundraisers).set({ status_flag: FUNDRAISER_STATUS.underReview }).where(eq(fundraisers.id, reviewing));
  expect((await upload(third.auth, reviewing, 'editor', await photoWithGps(), 'x.jpg')).status).toBe(409);
});

it('discarding a draft removes its stored images too', async () => {
  const me = await person();
  const id = await draftOf(me.auth);
  const cover = (await upload(me.auth, id, 'leaderboard', await photoWithGps(), 'c.jpg')).body.data;
  const r = await call(discardRoute, '/x', {}, { method: 'POST', headers: { 'content-type': 'application/json', ...me.auth }, body: JSON.stringify({ id }) });
  expect(r.status).toBe(200);
  for (const url of Object.values<string>(cover.variants)) expect(await mediaStore().get(keyOf(url))).toBeNull();
});

describe('YouTube', () => {
  it('accepts only real YouTube links and keeps the video id', async () => {
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ?t=3', 'https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://youtube.com/embed/dQw4w9WgXcQ']) {
      expect(youtubeVideoId(link)).toBe('dQw4w9WgXcQ');
    }
    for (const link of ['https://vimeo.com/123', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=short', 'https://www.youtube.com/@channel']) {
      expect(youtubeVideoId(link)).toBeNull();
    }
    const me = await person();
    const id = await draftOf(me.auth);
    const post = (url: string) => call(youtubeRoute, '/x', { id: String(id) }, { method: 'POST', headers: { 'content-type': 'application/json', ...me.auth }, body: JSON.stringify({ url }) });
    expect((await post('https://vimeo.com/123')).body.error.fields.url).toBe(MEDIA_MESSAGES.youtube);
    const ok = await post('https://youtu.be/dQw4w9WgXcQ');
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ kind: 'video', path: 'dQw4w9WgXcQ' });
  });
});
