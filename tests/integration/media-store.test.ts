// The MediaStore contract (issue "Media"): every store, on disk or in an S3-compatible bucket, keeps only keys we
// generated and serves each with the type its extension names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskMediaStore, S3MediaStore, mediaStore, resetMediaStoreForTests, type MediaStore } from '@/lib/media/store';
import { resetEnvForTests } from '@/lib/env';
import { startS3StandIn, type S3StandIn } from '../helpers/s3-standin';

const BUCKET = 'sahyog-media';
const ACCESS_KEY_ID = 'AKIASTANDIN000000001';
const SECRET = 'standin-secret-key-0000000000000000000000';

const id = (n: number) => n.toString(16).padStart(32, '0');
const bytesOf = (text: string) => new TextEncoder().encode(text);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-media-store-'));
let s3: S3StandIn;
const s3Stores: S3MediaStore[] = [];
beforeAll(async () => {
  s3 = await startS3StandIn({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID });
});
afterAll(async () => {
  s3Stores.forEach((s) => s.destroy());
  resetMediaStoreForTests();
  await s3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Backend {
  store: MediaStore;
  /** every name the backing storage holds, wherever it is (outside the store's own folder or prefix too) */
  held(): string[];
}

const listAll = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.relative(tmp, path.join(d.parentPath, d.name)));

const backends: [string, () => Backend][] = [
  ['DiskMediaStore', () => ({ store: new DiskMediaStore(path.join(tmp, 'disk', 'uploads')), held: () => listAll(tmp) })],
  [
    'S3MediaStore',
    () => {
      const store = new S3MediaStore({ bucket: BUCKET, region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET, forcePathStyle: true });
      s3Stores.push(store);
      return { store, held: () => [...s3.objects.keys()] };
    },
  ],
];

describe.each(backends)('MediaStore contract: %s', (_name, make) => {
  let backend: Backend;
  beforeAll(() => {
    backend = make();
  });

  it('put, get and delete round trip the bytes', async () => {
    const key = `${id(1)}-card.webp`;
    await backend.store.put(key, bytesOf('card bytes'));
    const got = await backend.store.get(key);
    expect(got && Buffer.from(got.bytes).toString()).toBe('card bytes');
    expect(got?.contentType).toBe('image/webp');
    await backend.store.delete(key);
    expect(await backend.store.get(key)).toBeNull();
  });

  it("serves the type the key's extension names, whatever the bytes are", async () => {
    await backend.store.put(`${id(2)}-share.jpg`, bytesOf('jpeg'));
    await backend.store.put(`${id(2)}-story.webp`, bytesOf('webp'));
    expect((await backend.store.get(`${id(2)}-share.jpg`))?.contentType).toBe('image/jpeg');
    expect((await backend.store.get(`${id(2)}-story.webp`))?.contentType).toBe('image/webp');
  });

  it('a new put under the same key replaces the bytes', async () => {
    const key = `${id(3)}-avatar.webp`;
    await backend.store.put(key, bytesOf('first'));
    await backend.store.put(key, bytesOf('second'));
    expect(Buffer.from((await backend.store.get(key))!.bytes).toString()).toBe('second');
  });

  it('refuses keys it did not generate: get finds nothing, put and delete throw, and nothing is written anywhere', async () => {
    const before = backend.held();
    const foreign = ['../x', 'a.svg', '../../etc/passwd', `${id(4)}-card.svg`, `${id(4)}-card.html`, `${id(4)}-other.webp`, `${'ab'.repeat(16).toUpperCase()}-card.webp`, `../${id(4)}-card.webp`, `${id(4)}-card.webp/../x`, `${id(4)}-card.webp\n`, ''];
    for (const key of foreign) {
      expect([key, await backend.store.get(key)]).toEqual([key, null]);
      await expect(backend.store.put(key, bytesOf('<svg onload=alert(1)>'))).rejects.toThrow();
      await expect(backend.store.delete(key)).rejects.toThrow();
    }
    expect(backend.held()).toEqual(before);
  });

  it('get of a key never stored is null; delete of it is fine', async () => {
    expect(await backend.store.get(`${id(5)}-card.webp`)).toBeNull();
    await expect(backend.store.delete(`${id(5)}-card.webp`)).resolves.toBeUndefined();
  });
});

describe('DiskMediaStore', () => {
  it('writes aside and renames: only the finished file is left, under the folder it was given', async () => {
    const root = path.join(tmp, 'atomic');
    const store = new DiskMediaStore(root);
    await store.put(`${id(6)}-story.webp`, bytesOf('x'.repeat(100_000)));
    expect(fs.readdirSync(root)).toEqual([`${id(6)}-story.webp`]);
    expect(fs.readFileSync(path.join(root, `${id(6)}-story.webp`)).length).toBe(100_000);
  });
});

describe('S3MediaStore', () => {
  it('signs every request with the access key id, and keeps objects under uploads/ with the content type of their key', async () => {
    const store = new S3MediaStore({ bucket: BUCKET, endpoint: s3.endpoint, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET, forcePathStyle: true });
    s3Stores.push(store);
    await store.put(`${id(7)}-share.jpg`, bytesOf('jpeg'));
    expect(s3.objects.get(`${BUCKET}/uploads/${id(7)}-share.jpg`)?.contentType).toBe('image/jpeg');
    expect(s3.requests.at(-1)).toEqual({ method: 'PUT', path: `/${BUCKET}/uploads/${id(7)}-share.jpg`, authorized: true });
  });

  it('a store with other credentials is refused by the bucket', async () => {
    const store = new S3MediaStore({ bucket: BUCKET, endpoint: s3.endpoint, accessKeyId: 'AKIASOMEONEELSE00001', secretAccessKey: SECRET, forcePathStyle: true });
    s3Stores.push(store);
    await expect(store.put(`${id(8)}-card.webp`, bytesOf('x'))).rejects.toThrow();
    expect(s3.objects.has(`${BUCKET}/uploads/${id(8)}-card.webp`)).toBe(false);
  });

  it('refuses a key id without its secret (or the other way round)', () => {
    expect(() => new S3MediaStore({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
});

describe('mediaStore(): S3 when S3_BUCKET is set, else DATA_DIR/uploads', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['DATA_DIR', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_REGION']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    resetEnvForTests();
    resetMediaStoreForTests();
  });

  it('stores on disk under DATA_DIR/uploads without S3_BUCKET, the same store every call', async () => {
    process.env.DATA_DIR = path.join(tmp, 'data');
    delete process.env.S3_BUCKET;
    resetEnvForTests();
    resetMediaStoreForTests();
    const store = mediaStore();
    expect(store).toBeInstanceOf(DiskMediaStore);
    expect(mediaStore()).toBe(store);
    await store.put(`${id(9)}-card.webp`, bytesOf('disk'));
    expect(fs.readdirSync(path.join(tmp, 'data', 'uploads'))).toEqual([`${id(9)}-card.webp`]);
  });

  it('stores in the bucket with S3_BUCKET and the S3_* settings', async () => {
    Object.assign(process.env, { S3_BUCKET: BUCKET, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET, S3_FORCE_PATH_STYLE: '1', S3_REGION: 'auto' });
    resetEnvForTests();
    resetMediaStoreForTests();
    const store = mediaStore();
    expect(store).toBeInstanceOf(S3MediaStore);
    await store.put(`${id(10)}-avatar.webp`, bytesOf('s3'));
    expect(s3.objects.get(`${BUCKET}/uploads/${id(10)}-avatar.webp`)?.bytes.toString()).toBe('s3');
  });
});
