// The share preview (og:image) of a fundraiser: a 1200x630 JPEG made once per fundraiser image with sharp and
// kept on disk, because WhatsApp and Facebook show no SVG previews.
import 'server-only';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { env } from '../env';
import { SHARE_IMAGE_DIR_NAME, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_QUALITY, SHARE_IMAGE_WIDTH } from '../constants';
import { defaultFundraiserArt, demoArt } from './demo-art';

/** The picture behind a stored image path, as bytes sharp can read; null for one we cannot draw. */
function sourceOf(imagePath: string): Buffer | null {
  const demo = /^\/media\/demo\/(\d+)\/([\w-]+)\.svg$/.exec(imagePath);
  if (demo) {
    const art = demoArt(Number(demo[1]), demo[2]);
    return art ? Buffer.from(art) : null;
  }
  if (imagePath === '/media/default/fundraiser.svg') return Buffer.from(defaultFundraiserArt());
  return null;
}

/** The JPEG for this image path: read from disk when made before, else drawn, cropped to 1200x630 and stored. */
export async function shareImageFor(imagePath: string): Promise<Buffer | null> {
  const dir = path.resolve(env().DATA_DIR, SHARE_IMAGE_DIR_NAME);
  const file = path.join(dir, `${createHash('sha256').update(imagePath).digest('hex').slice(0, 32)}.jpg`);
  const made = await readFile(file).catch(() => null);
  if (made) return made;
  const source = sourceOf(imagePath);
  if (!source) return null;
  const jpeg = await sharp(source).resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: SHARE_IMAGE_QUALITY, mozjpeg: true }).toBuffer();
  await mkdir(dir, { recursive: true });
  // written aside and renamed: a reader never sees half a file
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, jpeg);
  await rename(partial, file);
  return jpeg;
}
