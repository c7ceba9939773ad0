// Uploaded pictures (fundraiser images, profile pictures): spec 5's rules on the name, the size and the bytes, then
// decoded and encoded again in the sizes the pages use. Nothing of the file survives but its pixels: no camera data,
// no GPS position, no name; every size is stored under one random id and served by /media/uploads/{key}.
import 'server-only';
import { randomBytes } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { ApiError } from '../http/errors';
import { readBodyCapped } from '../http/body';
import { IMAGE_MESSAGES, imageFileProblem } from '../validation/images';
import { imageKindOf, type ImageKind } from './image-type';
import {
  IMAGE_MAX_BYTES,
  IMAGE_SNIFF_BYTES,
  MEDIA_AVATAR_SIZE,
  MEDIA_CARD_WIDTH,
  MEDIA_JPEG_QUALITY,
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_SHARE_BACKGROUND,
  MEDIA_SHARE_HEIGHT,
  MEDIA_SHARE_WIDTH,
  MEDIA_STORY_WIDTH,
  MEDIA_UPLOAD_ID_BYTES,
  MEDIA_UPLOAD_URL_PREFIX,
  MEDIA_WEBP_QUALITY,
  MULTIPART_OVERHEAD_BYTES,
} from '../constants/media';
import { bmpSize, decodeBmp } from './bmp';
import { imageWork } from './image-work';
import { MEDIA_VARIANTS, PRIVATE_VARIANTS, isMediaKey, mediaStore, type MediaExtension, type MediaVariant } from './store';

export type ImagePurpose = 'leaderboard' | 'beneficiary' | 'editor' | 'avatar' | 'document' | 'proof';
/**
 * The sizes stored for a purpose: a profile picture is one square, a fundraiser picture a card, a story picture and a
 * share preview, a withdrawal's bill one readable picture.
 */
export type VariantOf<P extends ImagePurpose> = P extends 'avatar' ? 'avatar' : P extends 'document' ? 'story' : P extends 'proof' ? 'private' : 'card' | 'story' | 'share';

export interface UploadedImage<P extends ImagePurpose = ImagePurpose> {
  /** the random id every stored size of this upload is named by */
  id: string;
  /** the URL of each stored size (/media/uploads/{id}-{variant}.{ext}) */
  variants: Record<VariantOf<P>, string>;
  /** of the largest size stored: the story picture, or the avatar */
  width: number;
  height: number;
}

export const UPLOAD_MESSAGES = {
  ...IMAGE_MESSAGES,
  // not a spec message: a picture can be small on disk and still unpack to more pixels than we decode
  tooManyPixels: 'Image dimensions are too large',
} as const;

const fileError = (message: string) => new ApiError('validation_failed', message, { file: message });

const PURPOSE_VARIANTS: { [P in ImagePurpose]: readonly VariantOf<P>[] } = {
  leaderboard: ['card', 'story', 'share'],
  beneficiary: ['card', 'story', 'share'],
  editor: ['card', 'story', 'share'],
  avatar: ['avatar'],
  document: ['story'],
  // a medical estimate or an ID: one readable picture that no public URL serves
  proof: ['private'],
};

const VARIANT_FILES: Record<MediaVariant, { extension: MediaExtension; encode: (image: Sharp) => Sharp }> = {
  card: { extension: 'webp', encode: (image) => image.resize({ width: MEDIA_CARD_WIDTH }).webp({ quality: MEDIA_WEBP_QUALITY }) },
  story: { extension: 'webp', encode: (image) => image.resize({ width: MEDIA_STORY_WIDTH, withoutEnlargement: true }).webp({ quality: MEDIA_WEBP_QUALITY }) },
  share: {
    extension: 'jpg',
    encode: (image) => image.resize(MEDIA_SHARE_WIDTH, MEDIA_SHARE_HEIGHT, { fit: 'cover' }).flatten({ background: MEDIA_SHARE_BACKGROUND }).jpeg({ quality: MEDIA_JPEG_QUALITY, mozjpeg: true }),
  },
  avatar: { extension: 'webp', encode: (image) => image.resize(MEDIA_AVATAR_SIZE, MEDIA_AVATAR_SIZE, { fit: 'cover' }).webp({ quality: MEDIA_WEBP_QUALITY }) },
  private: { extension: 'webp', encode: (image) => image.resize({ width: MEDIA_STORY_WIDTH, withoutEnlargement: true }).webp({ quality: MEDIA_WEBP_QUALITY }) },
};

// the format sharp must find in bytes whose signature said this kind (BMP is decoded by lib/media/bmp.ts)
const SHARP_FORMATS: Record<Exclude<ImageKind, 'bmp'>, string> = { png: 'png', jpg: 'jpeg', gif: 'gif' };

const UPLOAD_ID = new RegExp(`^[a-f0-9]{${MEDIA_UPLOAD_ID_BYTES * 2}}$`);

type EncodedVariant = { variant: MediaVariant; data: Buffer; width: number; height: number };

const keyOf = (id: string, variant: MediaVariant) => `${id}-${variant}.${VARIANT_FILES[variant].extension}`;

const tooManyPixels = (size: { width?: number; height?: number }) => (size.width ?? 0) * (size.height ?? 0) > MEDIA_MAX_INPUT_PIXELS;

/** The picture's size from its header alone, before any pixel is unpacked: refused when it is no image or has too many pixels. */
async function pictureSize(bytes: Uint8Array, kind: ImageKind): Promise<{ width: number; height: number }> {
  if (kind === 'bmp') {
    const size = bmpSize(bytes);
    if (!size) throw fileError(UPLOAD_MESSAGES.format);
    if (tooManyPixels(size)) throw fileError(UPLOAD_MESSAGES.tooManyPixels);
    return size;
  }
  // the header only (no pixels yet), read without sharp's own limit so a too-large picture gets its own message
  const header = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  // bytes that start like a PNG but that sharp reads as something else are no PNG
  if (!header?.width || !header.height || header.format !== SHARP_FORMATS[kind]) throw fileError(UPLOAD_MESSAGES.format);
  if (tooManyPixels(header)) throw fileError(UPLOAD_MESSAGES.tooManyPixels);
  return { width: header.width, height: header.height };
}

/** The picture ready to be resized (a BMP is decoded here, the others by libvips as the resize runs). */
function decoded(bytes: Uint8Array, kind: ImageKind): Sharp {
  if (kind === 'bmp') {
    const pixels = decodeBmp(bytes);
    if (!pixels) throw fileError(UPLOAD_MESSAGES.format);
    return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
  }
  // the pixel limit again for the decoder itself; rotate() turns the picture the way its EXIF orientation says
  return sharp(bytes, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

// the least every fundraiser size needs: as wide as the widest (story, share) and as high as the share preview
const SHRUNK_WIDTH = Math.max(MEDIA_CARD_WIDTH, MEDIA_STORY_WIDTH, MEDIA_SHARE_WIDTH);
const SHRUNK_HEIGHT = MEDIA_SHARE_HEIGHT;

/**
 * Every size `variants` asks for. With several, the upload is decoded once, shrunk to the least they all need (never
 * enlarged) and kept as raw pixels for each size to start from (rather than each size decoding the whole upload
 * again, three times the work). One size at a time: one picture's work is one core's.
 */
async function encodeVariants(bytes: Uint8Array, kind: ImageKind, variants: readonly MediaVariant[]): Promise<EncodedVariant[]> {
  let source = decoded(bytes, kind);
  if (variants.length > 1) {
    const { data, info } = await source
      .resize(SHRUNK_WIDTH, SHRUNK_HEIGHT, { fit: 'outside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    source = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  const encoded: EncodedVariant[] = [];
  for (const variant of variants) {
    // sharp writes no metadata unless asked (no withMetadata/keepExif here): EXIF, GPS and comments stay behind
    const { data, info } = await VARIANT_FILES[variant].encode(source.clone()).toBuffer({ resolveWithObject: true });
    encoded.push({ variant, data, width: info.width, height: info.height });
  }
  return encoded;
}

/** The `file` field of a multipart upload, read with spec 5's size cap (a larger body is refused as it streams in). */
export async function uploadedFile(request: Request): Promise<File> {
  const body = await readBodyCapped(request, IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, () => fileError(UPLOAD_MESSAGES.size));
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new ApiError('bad_request', 'Please send the image as multipart/form-data in a field named file');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw fileError(UPLOAD_MESSAGES.missing);
  return file;
}

/**
 * spec 5: checks an uploaded picture (jpg, jpeg, bmp, gif or png by name and by content, at most 10 MB), then stores
 * it again in the sizes `purpose` needs, without metadata. Throws a 422 ApiError with the spec's message for the `file`
 * field; a 429 when the server's image work is full, or holds as many of this account's uploads as it may.
 */
export async function processImageUpload<P extends ImagePurpose>(file: { name: string; bytes: Uint8Array }, purpose: P, account: number | string): Promise<UploadedImage<P>> {
  const problem = imageFileProblem({ name: file.name, size: file.bytes.byteLength }, file.bytes.subarray(0, IMAGE_SNIFF_BYTES));
  if (problem) throw fileError(problem);
  const kind = imageKindOf(file.bytes) as ImageKind;
  const { width, height } = await pictureSize(file.bytes, kind);
  const variants = PURPOSE_VARIANTS[purpose] as readonly MediaVariant[];
  let encoded: EncodedVariant[];
  try {
    encoded = await imageWork().run(() => encodeVariants(file.bytes, kind, variants), { account: String(account), pixels: width * height });
  } catch (e) {
    // a refusal (429), or a BMP whose pixels do not decode
    if (e instanceof ApiError) throw e;
    // damaged pixel data after a readable header
    throw fileError(UPLOAD_MESSAGES.format);
  }
  const id = randomBytes(MEDIA_UPLOAD_ID_BYTES).toString('hex');
  const store = mediaStore();
  try {
    await Promise.all(encoded.map((e) => store.put(keyOf(id, e.variant), new Uint8Array(e.data))));
  } catch (e) {
    await deleteImageUpload(id).catch(() => {});
    throw e;
  }
  const largest = encoded.find((e) => e.variant === 'story' || e.variant === 'avatar' || e.variant === 'private') ?? encoded[0];
  return {
    id,
    variants: Object.fromEntries(encoded.map((e) => [e.variant, `${MEDIA_UPLOAD_URL_PREFIX}${keyOf(id, e.variant)}`])) as Record<VariantOf<P>, string>,
    width: largest.width,
    height: largest.height,
  };
}

/** The stored bytes of one size of an upload, for routes that decide themselves who may see it; null when there are none. */
export async function readImageUpload(id: string, variant: MediaVariant): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  return UPLOAD_ID.test(id) ? mediaStore().get(keyOf(id, variant)) : null;
}

/** Removes every stored size of an upload; an id that is none of ours is left alone. */
export async function deleteImageUpload(id: string): Promise<void> {
  if (!UPLOAD_ID.test(id)) return;
  const store = mediaStore();
  await Promise.all(MEDIA_VARIANTS.map((variant) => store.delete(keyOf(id, variant))));
}

/** The upload id behind one of our /media/uploads URLs (of this variant, when given); null for any other URL. */
export function uploadIdOf(url: string | null | undefined, variant?: MediaVariant): string | null {
  if (!url?.startsWith(MEDIA_UPLOAD_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_UPLOAD_URL_PREFIX.length);
  if (!isMediaKey(key)) return null;
  const [id, rest] = key.split('-');
  return !variant || rest.startsWith(`${variant}.`) ? id : null;
}

/** GET /media/uploads/{key}: the stored bytes with the type of their key; 404 for anything else. */
export async function uploadResponse(key: string): Promise<Response> {
  // a private size (a fundraiser's proof) is read only through the route that checks who asks
  const isPrivate = PRIVATE_VARIANTS.some((v) => key.includes(`-${v}.`));
  const stored = isMediaKey(key) && !isPrivate ? await mediaStore().get(key) : null;
  if (!stored) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'X-Content-Type-Options': 'nosniff' } });
  return new Response(new Uint8Array(stored.bytes), {
    headers: {
      'Content-Type': stored.contentType,
      // a new upload gets a new id, so a key's bytes never change
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
}
