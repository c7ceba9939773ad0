// A draft's pictures and video: the cover (leaderboard, one), beneficiary and in-story (editor) images,
// re-encoded without metadata by lib/media/uploads; a YouTube link kept as its video id. Only the draft's people.
import 'server-only';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundraiserMedia } from '../db/schema';
import { DRAFT_IMAGES_MAX } from '../constants/fundraisers';
import { UPLOADS_PER_HOUR, UPLOADS_WINDOW_MS } from '../constants/security/limits';
import { YOUTUBE_VIDEO_ID_PATTERN } from '../validation/drafts';
import { ApiError, notFound, rateLimited } from '../http/errors';
import { hitRateLimit } from '../security/rate-limit';
import { deleteImageUpload, processImageUpload } from '../media/uploads';
import { changeableFundraiser } from './changeable';
import type { DraftMedia } from './draft-view';
import { fundraiserStage } from './status';
import { fundraiserChanged } from '../cache/invalidate';

export const DRAFT_IMAGE_KINDS = ['leaderboard', 'beneficiary', 'editor'] as const;
export type DraftImageKind = (typeof DRAFT_IMAGE_KINDS)[number];

export const MEDIA_MESSAGES = {
  tooMany: `A fundraiser can hold at most ${DRAFT_IMAGES_MAX} images`,
  youtube: 'Please enter a YouTube video link',
  uploads: 'Too many uploads, please try again in a while',
} as const;

const viewOf = (m: typeof fundraiserMedia.$inferSelect): DraftMedia => ({ id: m.id, kind: m.kind, display_type_1: m.display_type_1, path: m.cdn_path, file_name: m.file_name, variants: m.variants ?? null });

/** A live fundraiser's pages show its new pictures at once, on every server (media edited from the dashboard). */
async function expireIfLive(db: Db, fundraiserId: number, live: boolean): Promise<void> {
  if (live) await fundraiserChanged(db, fundraiserId);
}

/** Checks who and how much before the bytes are decoded: the draft's people, the hourly upload limit, the image cap. */
async function assertMayUpload(db: Db, user: { id: number }, fundraiserId: number, kind: DraftImageKind): Promise<void> {
  await changeableFundraiser(db, user, fundraiserId);
  const limit = await hitRateLimit(db, `upload:user:${user.id}`, { max: UPLOADS_PER_HOUR, windowMs: UPLOADS_WINDOW_MS });
  if (!limit.allowed) throw rateLimited(MEDIA_MESSAGES.uploads);
  // a new cover replaces the old one, so it never counts against the cap
  if (kind === 'leaderboard') return;
  const [{ n }] = await db.select({ n: count() }).from(fundraiserMedia).where(and(eq(fundraiserMedia.fundraiser_id, fundraiserId), ne(fundraiserMedia.kind, 'video')));
  if (n >= DRAFT_IMAGES_MAX) throw new ApiError('conflict', MEDIA_MESSAGES.tooMany, { file: MEDIA_MESSAGES.tooMany });
}

/**
 * Stores an uploaded image on the draft; a new cover replaces the previous one (row and files). The file is read
 * only once who, how often and how many are checked, so a stranger's 10 MB is never even received.
 */
export async function addDraftImage(db: Db, user: { id: number }, fundraiserId: number, kind: DraftImageKind, readFile: () => Promise<{ name: string; bytes: Uint8Array }>): Promise<DraftMedia> {
  await assertMayUpload(db, user, fundraiserId, kind);
  const image = await processImageUpload(await readFile(), kind, user.id);
  let replaced: (string | null)[] = [];
  try {
    const [row, live] = await db.transaction(async (tx) => {
      const f = await changeableFundraiser(tx, user, fundraiserId);
      if (kind === 'leaderboard') {
        const old = await tx.delete(fundraiserMedia).where(and(eq(fundraiserMedia.fundraiser_id, fundraiserId), eq(fundraiserMedia.kind, 'leaderboard'))).returning({ upload_id: fundraiserMedia.upload_id });
        replaced = old.map((o) => o.upload_id);
      }
      const [{ n }] = await tx.select({ n: count() }).from(fundraiserMedia).where(and(eq(fundraiserMedia.fundraiser_id, fundraiserId), eq(fundraiserMedia.kind, kind)));
      const [inserted] = await tx
        .insert(fundraiserMedia)
        .values({ fundraiser_id: fundraiserId, kind, cdn_path: image.variants.story, file_name: null, display_type_1: kind, width: image.width, height: image.height, upload_id: image.id, variants: image.variants, position: n })
        .returning();
      return [inserted, fundraiserStage(f) === 'running'] as const;
    });
    for (const id of replaced) if (id) await deleteImageUpload(id);
    await expireIfLive(db, fundraiserId, live);
    return viewOf(row);
  } catch (e) {
    // the draft changed hands or stage meanwhile: the stored files are nobody's
    await deleteImageUpload(image.id);
    throw e;
  }
}

/** DELETE media: the row, then its files. */
export async function removeDraftMedia(db: Db, user: { id: number }, fundraiserId: number, mediaId: number): Promise<void> {
  const [uploadId, live] = await db.transaction(async (tx) => {
    const f = await changeableFundraiser(tx, user, fundraiserId);
    const [gone] = await tx.delete(fundraiserMedia).where(and(eq(fundraiserMedia.id, mediaId), eq(fundraiserMedia.fundraiser_id, fundraiserId))).returning({ upload_id: fundraiserMedia.upload_id });
    if (!gone) throw notFound('Media not found');
    return [gone.upload_id, fundraiserStage(f) === 'running'] as const;
  });
  if (uploadId) await deleteImageUpload(uploadId);
  await expireIfLive(db, fundraiserId, live);
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);

/** The video id of a real YouTube watch, short, shorts or embed link; null for anything else. */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (url.hostname.toLowerCase() === 'youtu.be') id = parts[0];
  else if (parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') id = parts[1];
  return id && YOUTUBE_VIDEO_ID_PATTERN.test(id) ? id : null;
}

/** POST youtube video: kept as the video id (one per draft; a new link replaces it). */
export async function setDraftVideo(db: Db, user: { id: number }, fundraiserId: number, link: string): Promise<DraftMedia> {
  const id = youtubeVideoId(link);
  if (!id) throw new ApiError('validation_failed', MEDIA_MESSAGES.youtube, { url: MEDIA_MESSAGES.youtube });
  const [row, live] = await db.transaction(async (tx) => {
    const f = await changeableFundraiser(tx, user, fundraiserId);
    await tx.delete(fundraiserMedia).where(and(eq(fundraiserMedia.fundraiser_id, fundraiserId), eq(fundraiserMedia.kind, 'video')));
    const [inserted] = await tx.insert(fundraiserMedia).values({ fundraiser_id: fundraiserId, kind: 'video', cdn_path: id, display_type_1: 'youtube' }).returning();
    return [inserted, fundraiserStage(f) === 'running'] as const;
  });
  await expireIfLive(db, fundraiserId, live);
  return viewOf(row);
}
