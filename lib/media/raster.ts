// Raster pictures drawn from SVG with sharp: WebP at the widths pages ask for (phones download ~20 kB, not a 1200 px
// drawing). Drawn once, kept on disk.
import 'server-only';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../db/client';
import { fundraiserMedia } from '../db/schema';
import { IMAGE_CACHE_DIR_NAME, IMAGE_WEBP_QUALITY } from '../constants/media';
import { demoImagePath, type DemoImage } from './demo-images';
import { renderOnce } from './render-cache';
import { imageWork } from './image-work';

/** True when a fundraiser really has this demo picture: nobody makes us draw (and store) pictures of ids we never seeded. */
async function isStoredPicture(db: DbOrTx, image: DemoImage): Promise<boolean> {
  const [row] = await db
    .select({ id: fundraiserMedia.id })
    .from(fundraiserMedia)
    .where(and(eq(fundraiserMedia.fundraiser_id, image.id), eq(fundraiserMedia.cdn_path, demoImagePath(image.art, image.id, image.kind))))
    .limit(1);
  return row !== undefined;
}

/**
 * The WebP for a demo picture at the width asked for; null when there is no such picture. The drawing comes from demo/
 * (passed by the media route: lib/ holds no demo drawings).
 */
export async function demoImageWebp(db: DbOrTx, image: DemoImage, draw: (image: DemoImage) => string | null): Promise<Buffer | null> {
  const svg = draw(image);
  if (!svg) return null;
  // keyed on the drawing itself: a new version of the art never serves an old file, and ids with the same look share one
  return renderOnce(IMAGE_CACHE_DIR_NAME, `${image.width ?? 'full'}:${svg}`, 'webp', async () => {
    if (!(await isStoredPicture(db, image))) return null;
    // drawn by an image worker, before any waiting upload
    return imageWork().run(() => {
      const drawn = sharp(Buffer.from(svg));
      return (image.width ? drawn.resize({ width: image.width }) : drawn).webp({ quality: IMAGE_WEBP_QUALITY }).toBuffer();
    });
  });
}
