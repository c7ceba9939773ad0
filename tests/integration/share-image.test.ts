// Share previews: WhatsApp and Facebook show no SVG, so a public story's og:image is a 1200x630 JPEG made once and kept on disk.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { GET as media } from '@/app/media/[...path]/route';
import { fundraisers } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { SHARE_IMAGE_DIR_NAME, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@/lib/constants';
import { shareImagePath } from '@/lib/routes';
import { storyImage } from '@/lib/seo/story-meta';
import { closeDb, seededDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;
beforeAll(async () => {
  db = await seededDb();
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
