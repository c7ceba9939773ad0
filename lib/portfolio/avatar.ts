// POST users/me/avatar: spec 5 image rules on the name, the size and the bytes; the picture is decoded and stored again
// as a 256 px square without its metadata (lib/media/uploads.ts), served by /media/uploads/{id}-avatar.webp.
// Avatars uploaded before that live under DATA_DIR/avatars and are still served by /media/avatars/{name}.
import 'server-only';
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { env } from '../env';
import { notFound } from '../http/errors';
import { deleteImageUpload, processImageUpload, uploadIdOf } from '../media/uploads';
import { AVATAR_DIR_NAME, AVATAR_NAME_BYTES, AVATAR_URL_PREFIX } from '../constants/media';
import { IMAGE_CONTENT_TYPES, type ImageKind } from '../media/image-type';

const avatarDir = () => path.resolve(env().DATA_DIR, AVATAR_DIR_NAME);

// only names we generated: hex, then the detected kind; anything else (../, other files) is not ours
const AVATAR_NAME = new RegExp(`^[a-f0-9]{${AVATAR_NAME_BYTES * 2}}\\.(png|jpg|gif|bmp)$`);

/** Checks the file by spec 5, stores it without metadata, points users.avatar at it and removes the previous upload. */
export async function replaceAvatar(db: DbOrTx, userId: number, file: File): Promise<{ avatar: string }> {
  const upload = await processImageUpload({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, 'avatar', userId);
  const url = upload.variants.avatar;
  let previous: string | null = null;
  try {
    const [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
    if (!before) throw notFound('User not found');
    previous = before.avatar;
    await db.update(users).set({ avatar: url, updated_at: new Date() }).where(eq(users.id, userId));
  } catch (e) {
    await deleteImageUpload(upload.id).catch(() => {});
    throw e;
  }
  await removeStoredAvatar(previous);
  return { avatar: url };
}

/** Deletes an avatar we stored (an upload's avatar size, or an older /media/avatars file); other URLs (social profile pictures, demo art) are left alone. */
export async function removeStoredAvatar(url: string | null): Promise<void> {
  const uploadId = uploadIdOf(url, 'avatar');
  if (uploadId) return deleteImageUpload(uploadId).catch(() => {});
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_NAME.test(name)) return;
  await unlink(path.join(avatarDir(), name)).catch(() => {});
}

/** GET /media/avatars/{name} (avatars stored before the media pipeline): the stored bytes with the type we detected, never the uploader's. */
export async function avatarResponse(name: string): Promise<Response> {
  const missing = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  if (!AVATAR_NAME.test(name)) return missing();
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(avatarDir(), name));
  } catch {
    return missing();
  }
  const kind = name.slice(name.lastIndexOf('.') + 1) as ImageKind;
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': IMAGE_CONTENT_TYPES[kind],
      // a new upload gets a new name, so a name's bytes never change
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
}
