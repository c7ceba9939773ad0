// What a mandate's news means for the SIPs it pays, applied in the same transaction as the mandate event,
// which holds the mandate's row. A mandate pays only the SIPs it was authorised for (lib/sip/cover.ts);
// no other SIP of the donor rides it unasked, and what it pays a month never passes its cap.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mandateSubscriptions, mandates, subscriptions } from '../db/schema';
import { giveUpPendingMandates, sipLapseCutoff, wasEverAuthorised } from './cover';
import { askForPaymentMethod, lapseSip } from './settled';
import { confirmSipChange } from './emails';
import { LIVE_SIP_STATUS_FLAGS, SIP_STATUS } from './status';

type MandateRow = typeof mandates.$inferSelect;

/** `mandate` is its row as it was before this event (its status then, its credential then). */
export async function onMandateMoved(tx: Tx, mandate: MandateRow, status: string, now = new Date()): Promise<void> {
  if (status === 'active') {
    await takeUpSips(tx, mandate, now);
    return;
  }
  if (status === 'cancelled' || status === 'paused') {
    // nothing can be debited any more: the SIPs wait, and their donor is asked how to pay them (a new method, or one
    // they already use); none moves to another mandate by itself
    const stopped = await tx
      .update(subscriptions)
      .set({ status_flag: SIP_STATUS.awaitingMandate, updated_at: now })
      .where(and(eq(subscriptions.mandate_id, mandate.id), inArray(subscriptions.status_flag, [SIP_STATUS.active, SIP_STATUS.paymentFailing])))
      .returning();
    for (const sub of stopped) await askForPaymentMethod(tx, sub);
  }
}

/**
 * The mandate is active: the SIPs it pays start (those that waited for it), and, the first time, the SIPs it was
 * authorised for move onto it, as far as its cap allows (one that no longer fits, after a raise, stays where it was).
 * A SIP that waited for its first mandate past SIP_MANDATE_LAPSE_DAYS lapses instead, unless the donor had authorised
 * this one at the provider in time (an e-mandate's bank answers days later).
 */
async function takeUpSips(tx: Tx, mandate: MandateRow, now: Date): Promise<void> {
  const firstTime = mandate.status === 'created';
  const chosen = firstTime ? (await tx.select({ id: mandateSubscriptions.subscription_id }).from(mandateSubscriptions).where(eq(mandateSubscriptions.mandate_id, mandate.id))).map((r) => r.id) : [];
  const candidates = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.user_id, mandate.user_id),
        eq(subscriptions.currency, mandate.currency),
        inArray(subscriptions.status_flag, [...LIVE_SIP_STATUS_FLAGS]),
        or(eq(subscriptions.mandate_id, mandate.id), chosen.length ? inArray(subscriptions.id, chosen) : sql`false`),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .for('update');
  const cutoff = sipLapseCutoff(now);
  const authorisedInTime = mandate.created_at > cutoff || mandate.gateway_token !== null;
  const on: typeof candidates = [];
  const moving: typeof candidates = [];
  for (const sub of candidates) {
    if (firstTime && !authorisedInTime && sub.status_flag === SIP_STATUS.awaitingMandate && sub.created_at <= cutoff && !(await wasEverAuthorised(tx, sub, mandate.id))) {
      await lapseSip(tx, sub, null);
      continue;
    }
    (sub.mandate_id === mandate.id ? on : moving).push(sub);
  }
  let load = on.reduce((n, s) => n + s.amount_minor, 0);
  const taken = [...on];
  for (const sub of moving) {
    if (load + sub.amount_minor > mandate.max_amount_minor) continue;
    load += sub.amount_minor;
    taken.push(sub);
  }
  const moved = taken.filter((s) => s.mandate_id !== mandate.id).map((s) => s.id);
  if (moved.length) await tx.update(subscriptions).set({ mandate_id: mandate.id, updated_at: now }).where(inArray(subscriptions.id, moved));
  // at its first authorisation, other mandates set up for these SIPs and never authorised are given up (released with
  // the replaced ones: lib/payments/results.ts); a mandate the bank resumes leaves a change under way alone
  if (firstTime) await giveUpPendingMandates(tx, taken.map((s) => s.id), mandate.id);
  // those that waited for a mandate start now: the next charge run takes their month (a missed one too, lib/sip/charge-due.ts)
  const waiting = taken.filter((s) => s.status_flag === SIP_STATUS.awaitingMandate).map((s) => s.id);
  if (waiting.length) {
    await tx
      .update(subscriptions)
      .set({ status_flag: SIP_STATUS.active, next_payment_date: sql`coalesce(${subscriptions.next_payment_date}, now())`, updated_at: now })
      .where(inArray(subscriptions.id, waiting));
    // the donor hears that the SIP started (its first authorised method) or runs again (a new one)
    for (const sub of taken.filter((s) => s.status_flag === SIP_STATUS.awaitingMandate)) {
      await confirmSipChange(tx, sub.id, { kind: (await wasEverAuthorised(tx, sub, mandate.id)) ? 'resume' : 'start' });
    }
  }
}
