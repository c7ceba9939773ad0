// The share preview (og:image) of a fundraiser: a 1200x630 JPEG made once per fundraiser image with sharp and
// kept on disk, because WhatsApp and Facebook show no SVG previews.
import 'server-only';
import sharp from 'sharp';
import { SHARE_IMAGE_DIR_NAME, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_QUALITY, SHARE_IMAGE_WIDTH } from '../constants/media';
import { defaultFundraiserArt } from './default-art';
import { renderOnce } from './render-cache';
import { imageWork } from './image-work';

/** Draws the picture a stored image path names as SVG, or null: the demo's drawings come from demo/, passed by the route. */
export type DrawingOf = (imagePath: string) => string | null;

/** The picture behind a stored image path, as bytes sharp can read; null for one we cannot draw. */
function sourceOf(imagePath: string, drawingOf: DrawingOf): Buffer | null {
  if (imagePath === '/media/default/fundraiser.svg') return Buffer.from(defaultFundraiserArt());
  const art = drawingOf(imagePath);
  return art ? Buffer.from(art) : null;
}

/** The JPEG for this image path: read from disk when made before, else drawn, cropped to 1200x630 and stored. */
export async function shareImageFor(imagePath: string, drawingOf: DrawingOf): Promise<Buffer | null> {
  const source = sourceOf(imagePath, drawingOf);
  if (!source) return null;
  // keyed on the drawing itself: a new version of the art never serves an old preview; drawn by an image worker,
  // before any waiting upload
  return renderOnce(SHARE_IMAGE_DIR_NAME, source.toString('utf8'), 'jpg', () =>
    imageWork().run(() => sharp(source).resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: SHARE_IMAGE_QUALITY, mozjpeg: true }).toBuffer()),
  );
}
