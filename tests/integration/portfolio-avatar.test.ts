import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { POST as avatarPost } from '@/app/api/users/me/avatar/route';
import { GET as avatarFile } from '@/app/media/avatars/[name]/route';
import { GET as uploadFile } from '@/app/media/uploads/[name]/route';
import { processImageUpload } from '@/lib/media/uploads';
import { resetMediaStoreForTests } from '@/lib/media/store';
import { GET as meGet } from '@/app/api/users/me/route';
import { users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { IMAGE_MAX_BYTES } from '@/lib/constants/media';
import type { Db } from '@/lib/db/client';
import { call, closeDb } from '../helpers/db';
import { freshDb } from '../factories';
import { signedIn } from '../helpers/auth';

// uploads go to a folder of this test file, not ./data
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-avatars-'));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;
resetEnvForTests();
resetMediaStoreForTests();

let db: Db;
let JPEG: Buffer;
let GIF: Buffer;
beforeAll(async () => {
  db = await freshDb();
  // avatars are decoded now, so these must be real pictures, not just the right first bytes
  JPEG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#e67e22' } }).jpeg().toBuffer();
  GIF = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2ecc71' } }).gif().toBuffer();
});
afterAll(async () => {
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// a real 1x1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
// 'BM', file size, reserved, pixel offset, then a 40-byte DIB header (1x1, 24 bits) and one padded row
const BMP = Buffer.concat([Buffer.from('BM'), Buffer.from([58, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0]), Buffer.alloc(24), Buffer.from([0, 0, 255, 0])]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

let seq = 0;
async function newUser() {
  const [u] = await db.insert(users).values({ full_name: 'Avatar Person', email: `avatar${++seq}-${Date.now()}@example.com` }).returning();
  return u;
}

async function upload(headers: Record<string, string>, name: string, bytes: Uint8Array, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  // a browser sends Origin with every upload from our page
  return call(avatarPost, '/api/users/me/avatar', {}, { method: 'POST', body: form, headers: { origin: 'http://localhost', ...headers } });
}

// new avatars are media uploads (/media/uploads/...); ones stored before that stay at /media/avatars/...
async function fetchAvatar(url: string) {
  const upload = url.startsWith('/media/uploads/');
  const name = url.replace(upload ? '/media/uploads/' : '/media/avatars/', '');
  const res = await (upload ? uploadFile : avatarFile)(new Request(`http://localhost${url}`), { params: Promise.resolve({ name }) });
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const storedFiles = () => ['avatars', 'uploads'].flatMap((dir) => (fs.existsSync(path.join(dataDir, dir)) ? fs.readdirSync(path.join(dataDir, dir)) : []));

describe('spec 5: avatar upload rules (POST users/me/avatar)', () => {
  it('a good PNG is stored under a random name as a 256 px WebP without metadata, set as the avatar, and served as image/webp', async () => {
    const me = await newUser();
    const { cookie } = await signedIn(db, me.id);
    const res = await upload({ cookie }, 'my photo.png', PNG, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.data.avatar).toMatch(/^\/media\/uploads\/[a-f0-9]{32}-avatar\.webp$/);
    expect(res.body.data.avatar).not.toContain('photo');
    const served = await fetchAvatar(res.body.data.avatar);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(served.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const me2 = await call(meGet, '/api/users/me', {}, { headers: { cookie } });
    expect(me2.body.data.avatar).toBe(res.body.data.avatar);
  });

  it('accepts jpg, jpeg, gif and bmp (any letter case), each stored as a WebP', async () => {
    const { cookie } = await signedIn(db, (await newUser()).id);
    for (const [name, bytes] of [
      ['a.jpg', JPEG],
      ['b.JPEG', JPEG],
      ['c.gif', GIF],
      ['d.bmp', BMP],
      // a real JPEG under a .png name is still a supported image
      ['e.png', JPEG],
    ] as const) {
      const res = await upload({ cookie }, name, bytes);
      expect([name, res.status]).toEqual([name, 201]);
      expect(res.body.data.avatar.endsWith('-avatar.webp')).toBe(true);
      expect((await fetchAvatar(res.body.data.avatar)).type).toBe('image/webp');
    }
  });

  it("refuses other extensions with 'Unsupported file format'", async () => {
    const { cookie } = await signedIn(db, (await newUser()).id);
    for (const name of ['photo.svg', 'photo.webp', 'photo.html', 'photo', 'photo.png.exe']) {
      const res = await upload({ cookie }, name, PNG);
      expect([name, res.status, res.body.error.fields]).toEqual([name, 422, { file: 'Unsupported file format' }]);
    }
  });

  it("refuses HTML (or any non-image) named .png with 'Unsupported file format', and stores nothing", async () => {
    const me = await newUser();
    const { cookie } = await signedIn(db, me.id);
    const before = storedFiles().length;
    for (const bytes of [HTML, Buffer.from('BM not really a bitmap at all'), Buffer.alloc(0)]) {
      const res = await upload({ cookie }, 'innocent.png', bytes, 'image/png');
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('Unsupported file format');
    }
    expect(storedFiles().length).toBe(before);
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row.avatar).toBeNull();
  });

  it("refuses more than 10 MB with 'File size exeeds 10MB' (word for word)", async () => {
    const { cookie } = await signedIn(db, (await newUser()).id);
    const justOver = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES + 1 - PNG.length)]);
    const res = await upload({ cookie }, 'big.png', justOver);
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ file: 'File size exeeds 10MB' });
    // far over: refused while reading, before the multipart body is parsed
    const huge = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const res2 = await upload({ cookie }, 'huge.png', huge);
    expect(res2.status).toBe(422);
    expect(res2.body.error.message).toBe('File size exeeds 10MB');
    // exactly 10 MB is allowed
    const atLimit = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES - PNG.length)]);
    expect((await upload({ cookie }, 'limit.png', atLimit)).status).toBe(201);
  });

  it('a new upload removes the previous file', async () => {
    const { cookie } = await signedIn(db, (await newUser()).id);
    const first = (await upload({ cookie }, 'one.png', PNG)).body.data.avatar;
    const second = (await upload({ cookie }, 'two.gif', GIF)).body.data.avatar;
    expect(second).not.toBe(first);
    expect((await fetchAvatar(first)).status).toBe(404);
    expect((await fetchAvatar(second)).status).toBe(200);
  });

  it('needs a session, a same-site request and a file field', async () => {
    expect((await upload({}, 'a.png', PNG)).status).toBe(401);
    const { cookie } = await signedIn(db, (await newUser()).id);
    expect((await upload({ cookie, 'sec-fetch-site': 'cross-site' }, 'a.png', PNG)).status).toBe(403);
    const empty = await call(avatarPost, '/x', {}, { method: 'POST', body: new FormData(), headers: { cookie, origin: 'http://localhost' } });
    expect(empty.status).toBe(422);
    const notMultipart = await call(avatarPost, '/x', {}, { method: 'POST', body: '{}', headers: { cookie, 'content-type': 'application/json' } });
    expect(notMultipart.status).toBe(400);
  });

  it("a phone photo's GPS position and camera data are not kept", async () => {
    const { cookie } = await signedIn(db, (await newUser()).id);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3498db' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload({ cookie }, 'IMG_0001.jpg', photo);
    expect(res.status).toBe(201);
    const served = await fetchAvatar(res.body.data.avatar);
    expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
    expect(served.bytes.includes('PhoneMaker')).toBe(false);
  });

  it('an avatar stored before the media pipeline is still served, and removed when a new one replaces it', async () => {
    const me = await newUser();
    const { cookie } = await signedIn(db, me.id);
    const legacy = `${'c'.repeat(32)}.png`;
    fs.mkdirSync(path.join(dataDir, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'avatars', legacy), PNG);
    await db.update(users).set({ avatar: `/media/avatars/${legacy}` }).where(eq(users.id, me.id));
    const old = await fetchAvatar(`/media/avatars/${legacy}`);
    expect([old.status, old.type, old.bytes.equals(PNG)]).toEqual([200, 'image/png', true]);
    expect((await upload({ cookie }, 'new.png', PNG)).status).toBe(201);
    expect((await fetchAvatar(`/media/avatars/${legacy}`)).status).toBe(404);
  });

  it('replacing an avatar leaves pictures that were not stored as an avatar alone', async () => {
    const me = await newUser();
    const { cookie } = await signedIn(db, me.id);
    // a fundraiser picture's URL in users.avatar (never set by the product, but not ours to delete as an avatar)
    const card = (await processImageUpload({ name: 'cause.jpg', bytes: JPEG }, 'leaderboard', me.id)).variants.card;
    await db.update(users).set({ avatar: card }).where(eq(users.id, me.id));
    expect((await upload({ cookie }, 'new.png', PNG)).status).toBe(201);
    expect((await fetchAvatar(card)).status).toBe(200);
  });

  it('the media route serves only names we generated', async () => {
    for (const name of ['../../etc/passwd', '..%2F..%2Fpglite', 'x.png', `${'a'.repeat(32)}.svg`, `${'a'.repeat(32)}.png`]) {
      const res = await avatarFile(new Request('http://localhost/media/avatars/x'), { params: Promise.resolve({ name }) });
      expect([name, res.status]).toEqual([name, 404]);
    }
  });
});
