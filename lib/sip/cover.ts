// Which SIPs a mandate pays, and how much it may take in a month. A mandate pays the SIPs it was authorised
// for (mandate_subscriptions: the SIP it was set up for, or those the donor chose on the method-change page) and those
// the donor moved onto it by name; the monthly amounts of the live SIPs it pays never add up to more than its
// max_amount_minor. Whatever changes that sum (a raise, a move, its activation, a charge) locks the mandate's row first,
// then the subscriptions', as a mandate event does, so two changes of one mandate's sum wait for each other.
import { and, eq, inArray, ne, notInArray, sql, sum, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { mandateSubscriptions, mandates, subscriptions } from '../db/schema';
import { SIP_MANDATE_LAPSE_DAYS } from '../constants/sip';
import { DAY_MS } from '../constants/time';
import { LIVE_SIP_STATUS_FLAGS, SIP_STATUS } from './status';

type MandateRow = typeof mandates.$inferSelect;

/** The mandate's row, locked for the rest of the transaction (or undefined when there is none). */
export async function lockMandate(tx: Tx, mandateId: number): Promise<MandateRow | undefined> {
  const [m] = await tx.select().from(mandates).where(eq(mandates.id, mandateId)).for('update');
  return m;
}

/** The monthly amounts of the live SIPs a mandate pays, leaving out those named. */
export async function mandateLoadMinor(db: DbOrTx, mandateId: number, except: readonly number[] = []): Promise<number> {
  const [{ total }] = await db
    .select({ total: sum(subscriptions.amount_minor).mapWith(Number) })
    .from(subscriptions)
    .where(and(eq(subscriptions.mandate_id, mandateId), inArray(subscriptions.status_flag, [...LIVE_SIP_STATUS_FLAGS]), except.length ? notInArray(subscriptions.id, [...except]) : undefined));
  return total ?? 0;
}

/** Records that a mandate is authorised for these SIPs (a repeated choice is recorded once). */
export async function recordMandateCover(db: DbOrTx, mandateId: number, subscriptionIds: readonly number[]): Promise<void> {
  if (!subscriptionIds.length) return;
  await db
    .insert(mandateSubscriptions)
    .values(subscriptionIds.map((subscription_id) => ({ mandate_id: mandateId, subscription_id })))
    .onConflictDoNothing();
}

/** The mandates set up for a SIP: the one it is on, and every one it was authorised for. */
export async function mandatesOfSip(db: DbOrTx, sub: { id: number; mandate_id: number | null }): Promise<number[]> {
  const linked = await db.select({ id: mandateSubscriptions.mandate_id }).from(mandateSubscriptions).where(eq(mandateSubscriptions.subscription_id, sub.id));
  return [...new Set([...(sub.mandate_id ? [sub.mandate_id] : []), ...linked.map((l) => l.id)])];
}

/**
 * These SIPs now have the mandate named: the ones set up for them and not yet authorised are given up (their records
 * removed), so nothing is left waiting to move them again; answers those mandates, for releaseMandate after the commit.
 */
export async function giveUpPendingMandates(tx: Tx, subscriptionIds: readonly number[], keptMandateId: number): Promise<number[]> {
  if (!subscriptionIds.length) return [];
  const pending = await tx
    .select({ id: mandateSubscriptions.mandate_id })
    .from(mandateSubscriptions)
    .innerJoin(mandates, eq(mandates.id, mandateSubscriptions.mandate_id))
    .where(and(inArray(mandateSubscriptions.subscription_id, [...subscriptionIds]), eq(mandates.status, 'created'), ne(mandates.id, keptMandateId)));
  const ids = [...new Set(pending.map((p) => p.id))];
  if (ids.length) await tx.delete(mandateSubscriptions).where(and(inArray(mandateSubscriptions.subscription_id, [...subscriptionIds]), inArray(mandateSubscriptions.mandate_id, ids)));
  return ids;
}

/** The day before which a SIP still waiting for its first mandate lapses. */
export const sipLapseCutoff = (now: Date) => new Date(now.getTime() - SIP_MANDATE_LAPSE_DAYS * DAY_MS);

// a mandate of this SIP: the one it is on, or one set up for it
const mandateOfSip = sql`(${mandates.id} = ${subscriptions.mandate_id} or exists (select 1 from ${mandateSubscriptions} where ${mandateSubscriptions.mandate_id} = ${mandates.id} and ${mandateSubscriptions.subscription_id} = ${subscriptions.id}))`;
// the mandate was authorised by the donor once (it may have been cancelled or paused by the bank since)
const authorised = sql`(${mandates.authorised_at} is not null or ${mandates.status} in ('active', 'paused'))`;

/**
 * A SIP waiting for its first mandate past the lapse: set up before the cutoff, the mandate it is on never authorised,
 * and no mandate set up for it still under way (set up after the cutoff, as the donor tries again, or authorised at the
 * provider and waiting for the bank's word).
 */
export function lapseDueSql(cutoff: Date): SQL {
  const at = cutoff.toISOString();
  const underWay = sql`(${mandates.status} = 'created' and (${mandates.created_at} > ${at}::timestamptz or ${mandates.gateway_token} is not null))`;
  return and(
    eq(subscriptions.status_flag, SIP_STATUS.awaitingMandate),
    sql`${subscriptions.created_at} <= ${at}::timestamptz`,
    sql`not exists (select 1 from ${mandates} where (${mandates.id} = ${subscriptions.mandate_id} and ${authorised}) or (${mandateOfSip} and ${underWay}))`,
  )!;
}

/** True when the SIP is on a mandate other than the one named that the donor once authorised (the SIP ran before). */
export async function wasEverAuthorised(db: DbOrTx, sub: { mandate_id: number | null }, exceptMandateId: number): Promise<boolean> {
  if (!sub.mandate_id || sub.mandate_id === exceptMandateId) return false;
  const [row] = await db.select({ id: mandates.id }).from(mandates).where(and(eq(mandates.id, sub.mandate_id), authorised));
  return Boolean(row);
}

/** The live SIPs a mandate pays, or, for one not yet authorised, the live SIPs it was set up for. */
export async function sipsPaidBy(db: DbOrTx, mandate: Pick<MandateRow, 'id' | 'status'>): Promise<number> {
  const live = inArray(subscriptions.status_flag, [...LIVE_SIP_STATUS_FLAGS]);
  const on = eq(subscriptions.mandate_id, mandate.id);
  const chosen = sql`exists (select 1 from ${mandateSubscriptions} where ${mandateSubscriptions.mandate_id} = ${mandate.id} and ${mandateSubscriptions.subscription_id} = ${subscriptions.id})`;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(subscriptions)
    .where(and(live, mandate.status === 'created' ? sql`(${on} or ${chosen})` : on));
  return n;
}
