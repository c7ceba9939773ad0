// Pictures: the per-cause pictures (the demo's) as WebP at the widths pages ask for, and share previews (WhatsApp and
// Facebook show no SVG) as a 1200x630 JPEG; both drawn once and kept on disk.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { GET as media } from '@/app/media/[...path]/route';
import { causes, fundraiserMedia, fundraisers } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { IMAGE_CACHE_DIR_NAME, SHARE_IMAGE_DIR_NAME, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@/lib/constants/media';
import { parseDemoImage, responsiveSrcSet } from '@/lib/media/demo-images';
import { shareImagePath } from '@/lib/routes';
import { storyImage } from '@/lib/seo/story-meta';
import { closeDb } from '../helpers/db';
import { addCausePicture, freshDb, makeFundraiser, makePrivateFundraiser } from '../factories';
import type { Db } from '@/lib/db/client';

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;
beforeAll(async () => {
  db = await freshDb();
  // a public story with its cause's picture, a private one, and an animal welfare one pictured by its cause
  const [animals] = await db.select().from(causes).where(eq(causes.slug, 'animals'));
  await addCausePicture(db, await makeFundraiser(db));
  await addCausePicture(db, await makePrivateFundraiser(db, '4321'));
  await addCausePicture(db, await makeFundraiser(db, { cause_id: animals.id, parent_cause_id: animals.parent_id ?? animals.id }));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sahyog-og-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
});
afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  resetEnvForTests();
  await rm(dataDir, { recursive: true, force: true });
  await closeDb();
});

const get = (p: string) => media(new Request(`http://localhost${p}`), { params: Promise.resolve({ path: p.split('/').slice(2) }) });

test('a public story gets a 1200x630 JPEG preview, drawn once and then read from disk', async () => {
  const [f] = await db.select().from(fundraisers).where(and(eq(fundraisers.is_private, false), eq(fundraisers.status_flag, 1))).orderBy(fundraisers.id).limit(1);
  const first = await get(shareImagePath(f.id));
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toBe('image/jpeg');
  const bytes = Buffer.from(await first.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]);
  const stored = await readdir(path.join(dataDir, SHARE_IMAGE_DIR_NAME));
  expect(stored.filter((n) => n.endsWith('.jpg'))).toHaveLength(1);
  expect(stored.some((n) => n.endsWith('.part'))).toBe(false);
  const again = Buffer.from(await (await get(shareImagePath(f.id))).arrayBuffer());
  expect(again.equals(bytes)).toBe(true);
});

test('no preview for a private story or an unknown one, and the page keeps its own picture for a private story', async () => {
  const [priv] = await db.select().from(fundraisers).where(eq(fundraisers.is_private, true)).limit(1);
  expect((await get(shareImagePath(priv.id))).status).toBe(404);
  expect((await get('/media/og/999999999.jpg')).status).toBe(404);
  expect((await get('/media/og/1.png')).status).toBe(404);
  const images = { leaderboard: { cdn_path: '/media/demo/1/leaderboard.svg', width: 1200, height: 675 }, theater: null, widget: null };
  expect(storyImage('https://sahyog.example', { id: 7, images, is_private: true })).toEqual({ url: 'https://sahyog.example/media/demo/1/leaderboard.svg', width: 1200, height: 675 });
  expect(storyImage('https://sahyog.example', { id: 7, images, is_private: false })).toEqual({ url: 'https://sahyog.example/media/og/7.jpg', width: 1200, height: 630 });
});

test('fundraisers with a cause picture are pictured by their cause, as WebP at the widths of the srcset and nothing else', async () => {
  const [animal] = await db
    .select({ id: fundraisers.id, cdn_path: fundraiserMedia.cdn_path })
    .from(fundraisers)
    .innerJoin(causes, eq(causes.id, fundraisers.cause_id))
    .innerJoin(fundraiserMedia, and(eq(fundraiserMedia.fundraiser_id, fundraisers.id), eq(fundraiserMedia.kind, 'leaderboard')))
    .where(and(eq(causes.slug, 'animals'), like(fundraiserMedia.cdn_path, '/media/demo/%')))
    .orderBy(fundraisers.id)
    .limit(1);
  expect(animal.cdn_path).toBe(`/media/demo/animals/${animal.id}/leaderboard.webp`);
  const full = await get(animal.cdn_path);
  expect([full.status, full.headers.get('content-type')]).toEqual([200, 'image/webp']);
  expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 675 });
  const small = await get(`/media/demo/animals/${animal.id}/leaderboard-480w.webp`);
  const smallBytes = Buffer.from(await small.arrayBuffer());
  expect(await sharp(smallBytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 270 });
  expect(smallBytes.length).toBeLessThan(40_000);
  expect(responsiveSrcSet(animal.cdn_path)).toBe(
    [240, 480, 800].map((w) => `/media/demo/animals/${animal.id}/leaderboard-${w}w.webp ${w}w`).concat(`${animal.cdn_path} 1200w`).join(', '),
  );
  // widths outside the srcset, ids never seeded, causes never drawn: nothing drawn, nothing stored
  const before = await readdir(path.join(dataDir, IMAGE_CACHE_DIR_NAME));
  for (const p of [`/media/demo/animals/${animal.id}/leaderboard-500w.webp`, `/media/demo/animals/${animal.id}/leaderboard-1200w.webp`, '/media/demo/animals/99999999/leaderboard.webp', `/media/demo/astrology/${animal.id}/leaderboard.webp`, `/media/demo/cancer/${animal.id}/leaderboard.webp`]) {
    expect([p, (await get(p)).status]).toEqual([p, 404]);
  }
  expect(await readdir(path.join(dataDir, IMAGE_CACHE_DIR_NAME))).toEqual(before);
  expect(parseDemoImage('/media/demo/animals/1/widget-800w.webp')).toBeNull(); // a 600 px picture has no 800 px version
  expect(responsiveSrcSet('/media/demo/animals/1/widget.webp')).toBe('/media/demo/animals/1/widget-240w.webp 240w, /media/demo/animals/1/widget-480w.webp 480w, /media/demo/animals/1/widget.webp 600w');
  expect(responsiveSrcSet('https://cdn.example/x.jpg')).toBeUndefined();
});
