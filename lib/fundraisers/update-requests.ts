// "Ask for update" (spec 7): a signed-in visitor asks the campaigner for news. One open request per person
// and fundraiser (a unique index): asking again while it is open answers the same request. The campaigner sees the
// open ones on the dashboard; posting an update answers them all (lib/fundraisers/updates.ts) and emails the askers.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { updateRequests, users } from '../db/schema';
import { conflict } from '../http/errors';
import { assertManages, can } from '../permissions/can';
import { DASHBOARD_UPDATE_REQUESTS_LIMIT } from '../constants/dashboard';
import { UPDATE_REQUEST_MESSAGES, type UpdateRequestInput } from '../validation/dashboard';

export interface UpdateRequestView {
  id: number;
  fundraiser_id: number;
  message: string | null;
  created_at: string;
  answered_at: string | null;
}

type Row = typeof updateRequests.$inferSelect;
const viewOf = (r: Row): UpdateRequestView => ({
  id: r.id,
  fundraiser_id: r.fundraiser_id,
  message: r.message,
  created_at: r.created_at.toISOString(),
  answered_at: r.answered_at ? r.answered_at.toISOString() : null,
});

const openRequestOf = (fundraiserId: number, userId: number) => and(eq(updateRequests.fundraiser_id, fundraiserId), eq(updateRequests.user_id, userId), isNull(updateRequests.answered_at));

/**
 * The visitor's open request for news of this fundraiser, made now unless one is already open (`created` says which).
 * The caller has checked the fundraiser is one this visitor may read.
 */
export async function askForUpdate(db: DbOrTx, user: { id: number }, fundraiserId: number, input: UpdateRequestInput): Promise<{ request: UpdateRequestView; created: boolean }> {
  if (await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id: fundraiserId })) throw conflict(UPDATE_REQUEST_MESSAGES.ownFundraiser);
  // two clicks at once: the partial unique index lets one insert through, the other reads what it wrote
  const [made] = await db
    .insert(updateRequests)
    .values({ fundraiser_id: fundraiserId, user_id: user.id, message: input.message || null })
    .onConflictDoNothing({ target: [updateRequests.fundraiser_id, updateRequests.user_id], where: sql`answered_at is null` })
    .returning();
  if (made) return { request: viewOf(made), created: true };
  const [open] = await db.select().from(updateRequests).where(openRequestOf(fundraiserId, user.id));
  return { request: viewOf(open), created: false };
}

export interface OpenUpdateRequest {
  id: number;
  name: string;
  message: string | null;
  created_at: string;
}

/** The open requests of a fundraiser, newest first, for the people who run it. */
export async function openUpdateRequests(db: DbOrTx, user: { id: number }, fundraiserId: number, limit = DASHBOARD_UPDATE_REQUESTS_LIMIT): Promise<{ total: number; data: OpenUpdateRequest[] }> {
  await assertManages(db, user, fundraiserId);
  const open = and(eq(updateRequests.fundraiser_id, fundraiserId), isNull(updateRequests.answered_at));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(updateRequests).where(open),
    db
      .select({ id: updateRequests.id, name: users.full_name, message: updateRequests.message, created_at: updateRequests.created_at })
      .from(updateRequests)
      .innerJoin(users, eq(users.id, updateRequests.user_id))
      .where(open)
      .orderBy(desc(updateRequests.created_at), desc(updateRequests.id))
      .limit(limit),
  ]);
  return { total, data: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) };
}

/**
 * Inside the transaction that posts update `updateId`: answers every open request of the fundraiser with it, and
 * gives the askers' addresses (lower-cased, real ones only) that are not already in `alreadyEmailed`.
 */
export async function answerUpdateRequests(tx: DbOrTx, fundraiserId: number, updateId: number, alreadyEmailed: readonly string[]): Promise<string[]> {
  const answered = await tx
    .update(updateRequests)
    .set({ answered_at: new Date(), answer_update_id: updateId })
    .where(and(eq(updateRequests.fundraiser_id, fundraiserId), isNull(updateRequests.answered_at)))
    .returning({ user_id: updateRequests.user_id });
  if (!answered.length) return [];
  const askers = await tx
    .select({ email: users.email, dummy: users.is_dummy_email })
    .from(users)
    .where(inArray(users.id, answered.map((a) => a.user_id)));
  const seen = new Set(alreadyEmailed.map((e) => e.trim().toLowerCase()));
  const extra: string[] = [];
  for (const a of askers) {
    const email = a.email?.trim().toLowerCase();
    // phone-only accounts carry a placeholder address; the same address is emailed once
    if (!email || a.dummy || seen.has(email)) continue;
    seen.add(email);
    extra.push(email);
  }
  return extra;
}
