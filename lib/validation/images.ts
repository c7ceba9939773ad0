// spec 5's image rule, shared by every upload (profile picture, fundraiser cover, beneficiary and in-story images)
// and by the browser before it sends one. Plain TypeScript: no server code.
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '../constants/media';
import { imageKindOf } from '../media/image-type';

// spec 5, word for word (including the spelling of 'exeeds')
export const IMAGE_MESSAGES = {
  format: 'Unsupported file format',
  size: 'File size exeeds 10MB',
  missing: 'Please choose an image',
} as const;

/** 'photo.JPG' -> 'jpg'; '' when the name has no extension. */
export const extensionOf = (fileName: string) => (/\.([A-Za-z0-9]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();

/**
 * spec 5: jpg, jpeg, bmp, gif, png only, at most 10 MB, and the content must really be one of those
 * images. `head` is the start of the file. Returns the message to show, or null when the file is fine.
 */
export function imageFileProblem(file: { name: string; size: number }, head: Uint8Array): string | null {
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return IMAGE_MESSAGES.format;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.size;
  if (!imageKindOf(head)) return IMAGE_MESSAGES.format;
  return null;
}
