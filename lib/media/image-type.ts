// spec 5: an image is recognised by its first bytes, not by its name (a renamed HTML page is no PNG).
// Plain TypeScript: the profile form runs the same check in the browser before uploading; the server again (lib/media/uploads).

export type ImageKind = 'png' | 'jpg' | 'gif' | 'bmp';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const BMP = [0x42, 0x4d];
// a BMP's header size field (bytes 14-17) is one of the DIB header sizes; "BM" alone is too weak a sign
const BMP_DIB_HEADER_SIZES = [12, 40, 52, 56, 64, 108, 124];

/** The image kind the bytes really are, or null when they are no image we accept. */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, BMP) && bytes.length >= 18) {
    const dib = bytes[14] | (bytes[15] << 8) | (bytes[16] << 16) | (bytes[17] << 24);
    if (BMP_DIB_HEADER_SIZES.includes(dib)) return 'bmp';
  }
  return null;
}

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};
