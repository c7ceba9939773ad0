// Rewards (spec 3, 7): the campaigner offers them, a donor picks one their amount qualifies for, and the
// reward is claimed when the payment settles. Claiming is one conditional UPDATE inside the settling transaction,
// so however many orders settle at once, no more are given than there are. A reward donors have chosen is never deleted:
// removing it retires it, offered to no one new and kept on the gifts that chose it.
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { carts, fundraiserMedia, fundraisers, rewards } from '../db/schema';
import { REWARDS_PER_FUNDRAISER_MAX } from '../constants/fundraisers';
import { toMajor, toMinor } from '../money';
import { convertMinor } from '../currency-rates';
import { ApiError, conflict, notFound } from '../http/errors';
import { assertManages, can } from '../permissions/can';
import { REWARD_MESSAGES, type RewardInput, type RewardUpdate } from '../validation/rewards';
import { PUBLISHED_FLAGS } from './status';
import { fundraiserChanged } from '../cache/invalidate';
import { refusePaymentDetails } from './screen-words';

export interface RewardView {
  id: number;
  fundraiser_id: number;
  title: string;
  description: string | null;
  currency: string;
  min_amount: number;
  quantity: number | null;
  claimed: number;
  /** null when there is no limit */
  left: number | null;
  /** the reward's picture (one of the fundraiser's uploads), or null */
  image: string | null;
  /** removed after donors chose it: no longer offered, still on their gifts */
  retired: boolean;
}

type RewardRow = typeof rewards.$inferSelect;
const viewOf = (r: RewardRow): RewardView => ({
  id: r.id,
  fundraiser_id: r.fundraiser_id,
  title: r.title,
  description: r.description,
  currency: r.currency,
  min_amount: toMajor(r.min_amount_minor),
  quantity: r.quantity,
  claimed: r.claimed,
  left: r.quantity === null ? null : Math.max(0, r.quantity - r.claimed),
  image: r.image_path,
  retired: r.retired_at !== null,
});

/** A reward's picture must be one this fundraiser uploaded (its path or one of its sizes): no outside or other fundraisers' URLs. */
async function ownImage(db: DbOrTx, fundraiserId: number, image: string | null | undefined): Promise<string | null | undefined> {
  if (image === undefined || image === null) return image;
  const [found] = await db
    .select({ id: fundraiserMedia.id })
    .from(fundraiserMedia)
    .where(and(eq(fundraiserMedia.fundraiser_id, fundraiserId), or(eq(fundraiserMedia.cdn_path, image), sql`exists (select 1 from jsonb_each_text(${fundraiserMedia.variants}) v where v.value = ${image})`)))
    .limit(1);
  if (!found) throw new ApiError('validation_failed', REWARD_MESSAGES.image, { image: REWARD_MESSAGES.image });
  return image;
}

/** The rewards on offer (what donors see); with retired ones too for the campaigner's own tools. */
export async function listRewards(db: DbOrTx, fundraiserId: number, opts: { withRetired?: boolean } = {}): Promise<RewardView[]> {
  const where = opts.withRetired ? eq(rewards.fundraiser_id, fundraiserId) : and(eq(rewards.fundraiser_id, fundraiserId), isNull(rewards.retired_at));
  return (await db.select().from(rewards).where(where).orderBy(asc(rewards.min_amount_minor), asc(rewards.id))).map(viewOf);
}

async function rewardOf(db: DbOrTx, fundraiserId: number, rewardId: number): Promise<RewardRow> {
  const [r] = await db.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.fundraiser_id, fundraiserId)));
  if (!r) throw notFound(REWARD_MESSAGES.notFound);
  return r;
}

export async function getReward(db: DbOrTx, fundraiserId: number, rewardId: number): Promise<RewardView> {
  return viewOf(await rewardOf(db, fundraiserId, rewardId));
}

export async function addReward(db: Db, user: { id: number }, fundraiserId: number, input: RewardInput): Promise<RewardView> {
  const added = await db.transaction(async (tx) => {
    await assertManages(tx, user, fundraiserId);
    // the story shows a reward's words to every donor
    refusePaymentDetails({ title: input.title, description: input.description }, REWARD_MESSAGES.paymentDetails);
    const [f] = await tx.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).for('update');
    // retired rewards are offered no more: they leave room for new ones
    const [{ n }] = await tx.select({ n: count() }).from(rewards).where(and(eq(rewards.fundraiser_id, fundraiserId), isNull(rewards.retired_at)));
    if (n >= REWARDS_PER_FUNDRAISER_MAX) throw conflict(`A fundraiser can offer at most ${REWARDS_PER_FUNDRAISER_MAX} rewards`);
    const [row] = await tx
      .insert(rewards)
      .values({ fundraiser_id: fundraiserId, title: input.title, description: input.description || null, currency: f.currency, min_amount_minor: toMinor(input.min_amount), quantity: input.quantity ?? null, image_path: (await ownImage(tx, fundraiserId, input.image)) ?? null })
      .returning();
    return viewOf(row);
  });
  // the story lists its rewards: every server shows the change at once
  await fundraiserChanged(db, fundraiserId);
  return added;
}

export async function updateReward(db: Db, user: { id: number }, fundraiserId: number, rewardId: number, input: RewardUpdate): Promise<RewardView> {
  const updated = await db.transaction(async (tx) => {
    await assertManages(tx, user, fundraiserId);
    refusePaymentDetails({ title: input.title, description: input.description }, REWARD_MESSAGES.paymentDetails);
    const [current] = await tx.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.fundraiser_id, fundraiserId))).for('update');
    if (!current) throw notFound(REWARD_MESSAGES.notFound);
    if (input.quantity != null && input.quantity < current.claimed) throw new ApiError('validation_failed', REWARD_MESSAGES.belowClaimed, { quantity: REWARD_MESSAGES.belowClaimed });
    const [row] = await tx
      .update(rewards)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.min_amount !== undefined ? { min_amount_minor: toMinor(input.min_amount) } : {}),
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.image !== undefined ? { image_path: await ownImage(tx, fundraiserId, input.image) } : {}),
      })
      .where(eq(rewards.id, rewardId))
      .returning();
    return viewOf(row);
  });
  await fundraiserChanged(db, fundraiserId);
  return updated;
}

export type RewardRemoval = { deleted: true } | { deleted: false; retired: true; reward: RewardView };

/**
 * Removing a reward: one no cart ever chose is deleted; one that any cart or order names is retired instead,
 * offered to no one new and kept on the gifts that chose it. Its row is locked first, so a cart naming it at the same
 * moment either lands before (and the reward is retired) or finds it gone (and is told so).
 */
export async function deleteReward(db: Db, user: { id: number }, fundraiserId: number, rewardId: number): Promise<RewardRemoval> {
  const removal = await db.transaction(async (tx): Promise<RewardRemoval> => {
    await assertManages(tx, user, fundraiserId);
    const [r] = await tx.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.fundraiser_id, fundraiserId))).for('update');
    if (!r) throw notFound(REWARD_MESSAGES.notFound);
    const [chosen] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.reward_id, rewardId)).limit(1);
    if (!chosen && r.claimed === 0) {
      await tx.delete(rewards).where(eq(rewards.id, rewardId));
      return { deleted: true };
    }
    const [retired] = await tx.update(rewards).set({ retired_at: r.retired_at ?? new Date() }).where(eq(rewards.id, rewardId)).returning();
    return { deleted: false, retired: true, reward: viewOf(retired) };
  });
  await fundraiserChanged(db, fundraiserId);
  return removal;
}

/** A cart naming a reward its campaigner has removed. */
export const rewardRetired = () => new ApiError('validation_failed', REWARD_MESSAGES.retired, { reward_id: REWARD_MESSAGES.retired });

/**
 * A cart may name a reward of its fundraiser still on offer, not all given, and whose minimum the donation reaches
 * (compared in rupees, at the day's rates, when the currencies differ).
 */
export async function assertRewardFor(db: DbOrTx, fundraiserId: number, rewardId: number, donatedInrMinor: number, rates: Record<string, number>): Promise<void> {
  const [r] = await db.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.fundraiser_id, fundraiserId)));
  if (!r) throw new ApiError('validation_failed', REWARD_MESSAGES.notFound, { reward_id: REWARD_MESSAGES.notFound });
  if (r.retired_at) throw rewardRetired();
  const minInr = r.currency === 'INR' ? r.min_amount_minor : convertMinor(r.min_amount_minor, rates[r.currency], rates.INR);
  if (donatedInrMinor < minInr) throw new ApiError('validation_failed', REWARD_MESSAGES.tooSmall, { reward_id: REWARD_MESSAGES.tooSmall });
  if (r.quantity !== null && r.claimed >= r.quantity) throw new ApiError('validation_failed', REWARD_MESSAGES.soldOut, { reward_id: REWARD_MESSAGES.soldOut });
}

/** At settlement: takes one of the reward if any is left. False when the last one went to a payment that settled first. */
export async function claimReward(tx: DbOrTx, rewardId: number): Promise<boolean> {
  const taken = await tx
    .update(rewards)
    .set({ claimed: sql`${rewards.claimed} + 1` })
    .where(and(eq(rewards.id, rewardId), or(isNull(rewards.quantity), lt(rewards.claimed, rewards.quantity))))
    .returning({ id: rewards.id });
  return taken.length > 0;
}

/** Who may read a fundraiser's rewards: anyone once it is published (the story shows them), before that those who may see the draft. */
export async function assertMayReadRewards(db: DbOrTx, user: { id: number } | null, fundraiserId: number): Promise<void> {
  const [f] = await db.select({ status_flag: fundraisers.status_flag }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  if (!f) throw notFound('Fundraiser not found');
  if (PUBLISHED_FLAGS.includes(f.status_flag)) return;
  if (!(await can(db, user, 'fundraiser.view', { kind: 'fundraiser', id: fundraiserId }))) throw notFound('Fundraiser not found');
}
