import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { POST as avatarPost } from '@/app/api/users/me/avatar/route';
import { GET as avatarFile } from '@/app/media/avatars/[name]/route';
import { GET as meGet } from '@/app/api/users/me/route';
import { users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { IMAGE_MAX_BYTES } from '@/lib/constants';
import type { Db } from '@/lib/db/client';
import { call, closeDb, seededDb } from '../helpers/db';
import { signedIn } from '../helpers/auth';

// uploads go to a folder of this test file, not ./data
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-avatars-'));
process.env.DATA_DIR = dataDir;
resetEnvForTests();

let db: Db;
beforeAll(async () => {
  db = await seededDb();
});
afterAll(async () => {
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// a real 1x1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from([0x3b])]);
// 'BM', file size, reserved, pixel offset, then a 40-byte DIB header
const BMP = Buffer.concat([Buffer.from('BM'), Buffer.from([58, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]), Buffer.alloc(40)]);
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

async function fetchAvatar(url: string) {
  const name = url.replace('/media/avatars/', '');
  const res = await avatarFile(new Request(`http://localhost${url}`), { params: Promise.resolve({ name }) });
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const storedFiles = () => (fs.existsSync(path.join(dataDir, 'avatars')) ? fs.readdirSync(path.join(dataDir, 'avatars')) : []);

describe('spec 5: avatar upload rules (POST users/me/avatar)', () => {
  it("a good PNG is stored under a random name, set as the avatar, and served as image/png", async () => {
    const me = await newUser();
    const { cookie } = await signedIn(db, me.id);
    const res = await upload({ cookie }, 'my photo.png', PNG, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.data.avatar).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.png$/);
    expect(res.body.data.avatar).not.toContain('photo');
    const served = await fetchAvatar(res.body.data.avatar);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.bytes.equals(PNG)).toBe(true);
    const me2 = await call(meGet, '/api/users/me', {}, { headers: { cookie } });
    expect(me2.body.data.avatar).toBe(res.body.data.avatar);
  });

  it('accepts jpg, jpeg, gif and bmp (any letter case), each stored as the kind its bytes are', async () => {
    const { cookie } = await signedIn(db, (await newUser()).id);
    for (const [name, bytes, kind] of [
      ['a.jpg', JPEG, 'jpg'],
      ['b.JPEG', JPEG, 'jpg'],
      ['c.gif', GIF, 'gif'],
      ['d.bmp', BMP, 'bmp'],
      // a real JPEG under a .png name is still a supported image
      ['e.png', JPEG, 'jpg'],
    ] as const) {
      const res = await upload({ cookie }, name, bytes);
      expect([name, res.status]).toEqual([name, 201]);
      expect(res.body.data.avatar.endsWith(`.${kind}`)).toBe(true);
      expect((await fetchAvatar(res.body.data.avatar)).type).toBe({ jpg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp' }[kind]);
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

  it('the media route serves only names we generated', async () => {
    for (const name of ['../../etc/passwd', '..%2F..%2Fpglite', 'x.png', `${'a'.repeat(32)}.svg`, `${'a'.repeat(32)}.png`]) {
      const res = await avatarFile(new Request('http://localhost/media/avatars/x'), { params: Promise.resolve({ name }) });
      expect([name, res.status]).toEqual([name, 404]);
    }
  });
});
