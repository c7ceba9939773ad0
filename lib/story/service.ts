// Story rules that write or guard: PIN verification with its limit, comments, likes, visit events.
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { comments, fundraisers, systemEvents, updateLikes, updates, users } from '../db/schema';
import { enqueueMessage } from '../outbox/queue';
import { ApiError, notFound, rateLimited } from '../http/errors';
import { PIN_ATTEMPTS_MAX, PIN_ATTEMPTS_MAX_PER_FUNDRAISER, PIN_ATTEMPTS_WINDOW_MS, PIN_FUNDRAISER_LOCK_WINDOW_MS } from '../constants/security/limits';
import { clearRateLimit, hitRateLimit, isRateLimited } from '../security/rate-limit';
import { verifyPin } from '../fundraisers/pin';
import { hasPinAccess } from './pin-access';
import { publishedFundraiser } from './queries';
import { publishedSql } from '../fundraisers/status-sql';
import { trackingTitle } from '../validation/story';
import type { z } from 'zod';
import type { SystemEventSchema } from '../validation/story';

export const WRONG_PIN_MESSAGE = 'That PIN is not right. Please check it with the campaigner.';
export const PIN_LOCKED_MESSAGE = 'Too many wrong PINs. Please try again in 15 minutes.';
export const PIN_FUNDRAISER_LOCKED_MESSAGE = 'Too many wrong PINs have been tried for this fundraiser. Please try again later or ask the campaigner.';

/** The fundraiser, if this visitor may read its story, supporters and updates. */
export async function readableFundraiser(db: DbOrTx, request: Request, id: number) {
  const f = await publishedFundraiser(db, id);
  if (!f) throw notFound('Fundraiser not found');
  if (f.is_private && !(await hasPinAccess(request, id))) throw new ApiError('pin_required', 'This fundraiser is private: enter its PIN to see it');
  return f;
}

/** spec 2: a right PIN opens the story; wrong ones are limited per visitor and fundraiser. */
export async function checkStoryPin(db: DbOrTx, fundraiserId: number, pin: string, visitor: string): Promise<void> {
  const [f] = await db
    .select({ id: fundraisers.id, title: fundraisers.title, is_private: fundraisers.is_private, pin_hash: fundraisers.pin_hash, campaigner_id: fundraisers.campaigner_id })
    .from(fundraisers)
    .where(and(eq(fundraisers.id, fundraiserId), publishedSql()))
    .limit(1);
  if (!f) throw notFound('Fundraiser not found');
  if (!f.is_private) return;
  // the PIN is one secret: wrong tries from everyone together lock it for the window, whatever addresses they come from
  const fundraiserKey = `pin:fundraiser:${fundraiserId}`;
  const fundraiserLimit = { max: PIN_ATTEMPTS_MAX_PER_FUNDRAISER, windowMs: PIN_FUNDRAISER_LOCK_WINDOW_MS };
  if (await isRateLimited(db, fundraiserKey, fundraiserLimit)) throw rateLimited(PIN_FUNDRAISER_LOCKED_MESSAGE);
  const key = `pin:${fundraiserId}:${visitor}`;
  const attempt = await hitRateLimit(db, key, { max: PIN_ATTEMPTS_MAX, windowMs: PIN_ATTEMPTS_WINDOW_MS });
  if (!attempt.allowed) throw rateLimited(PIN_LOCKED_MESSAGE);
  if (!(await verifyPin(pin, f.pin_hash))) {
    const total = await hitRateLimit(db, fundraiserKey, fundraiserLimit);
    // the try that uses up the allowance locks the PIN: the campaigner hears of it once
    if (total.allowed && total.remaining === 0) await tellOwnerPinLocked(db, f);
    throw new ApiError('forbidden', WRONG_PIN_MESSAGE, { pin: WRONG_PIN_MESSAGE });
  }
  await clearRateLimit(db, key);
}

async function tellOwnerPinLocked(db: DbOrTx, f: { title: string; campaigner_id: number }): Promise<void> {
  const [owner] = await db.select({ email: users.email, name: users.full_name }).from(users).where(eq(users.id, f.campaigner_id)).limit(1);
  if (!owner?.email) return;
  const hours = Math.round(PIN_FUNDRAISER_LOCK_WINDOW_MS / 3_600_000);
  await enqueueMessage(db, {
    channel: 'email',
    recipient: owner.email,
    subject: `Your fundraiser's PIN was locked: ${f.title}`,
    body: `Hello ${owner.name},\n\n${PIN_ATTEMPTS_MAX_PER_FUNDRAISER} wrong PINs were tried for your private fundraiser "${f.title}", so its PIN is locked for everyone for ${hours} hour(s). If you did not expect this, consider changing the PIN and sharing it only with people you trust.`,
  });
}

export async function addComment(db: DbOrTx, input: { fundraiserId: number; updateId?: number; userId: number; body: string }) {
  if (input.updateId) {
    // an update held for review is not public: nobody comments on it
    const [u] = await db.select({ id: updates.id }).from(updates).where(and(eq(updates.id, input.updateId), eq(updates.fundraiser_id, input.fundraiserId), eq(updates.review_status, 'published'))).limit(1);
    if (!u) throw notFound('Update not found');
  }
  const [row] = await db
    .insert(comments)
    .values({ fundraiser_id: input.fundraiserId, update_id: input.updateId ?? null, user_id: input.userId, body: input.body })
    .returning();
  return row;
}

/** One like per person per update; liking twice changes nothing. */
export async function likeUpdate(db: DbOrTx, input: { fundraiserId: number; updateId: number; userId: number }): Promise<{ likes_count: number; liked: boolean }> {
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ id: updates.id }).from(updates).where(and(eq(updates.id, input.updateId), eq(updates.fundraiser_id, input.fundraiserId), eq(updates.review_status, 'published'))).limit(1);
    if (!u) throw notFound('Update not found');
    const inserted = await tx.insert(updateLikes).values({ update_id: input.updateId, user_id: input.userId }).onConflictDoNothing().returning();
    const [row] = inserted.length
      ? await tx.update(updates).set({ likes_count: sql`${updates.likes_count} + 1` }).where(eq(updates.id, input.updateId)).returning({ likes_count: updates.likes_count })
      : await tx.select({ likes_count: updates.likes_count }).from(updates).where(eq(updates.id, input.updateId));
    return { likes_count: row.likes_count, liked: true };
  });
}

export type SystemEventInput = z.infer<typeof SystemEventSchema>;

/** A tracking event; campaign visits keep the campaign title cut to 20 characters (spec 9). */
export async function recordSystemEvent(db: DbOrTx, e: SystemEventInput): Promise<void> {
  const isVisit = e.event_name === 'campaign_visit';
  await db.insert(systemEvents).values({
    event_name: e.event_name,
    event_type: e.event_type ?? null,
    event_type_id: e.event_type_id ?? null,
    page_name: e.page_name ?? null,
    info_1: isVisit && e.info_1 ? trackingTitle(e.info_1) : (e.info_1 ?? null),
    info_2: e.info_2 ?? null,
    info_3: e.info_3 ?? null,
    info_4: e.info_4 ?? null,
    referrer_page: e.referrer_page ?? null,
    device: e.device ?? null,
    entity_id: e.entity_id ?? null,
    utm: e.utm ?? null,
  });
}
