// What a mandate's news means for the SIPs it pays (issue 14), applied in the same transaction as the mandate event.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mandates, subscriptions } from '../db/schema';
import { SIP_STATUS } from './status';

type MandateRow = typeof mandates.$inferSelect;

const LIVE = [SIP_STATUS.active, SIP_STATUS.paymentFailing, SIP_STATUS.awaitingMandate, SIP_STATUS.pausedByDonor];

export async function onMandateMoved(tx: Tx, mandate: MandateRow, status: string): Promise<void> {
  const now = new Date();
  if (status === 'active') {
    // the newest authorised mandate is the donor's payment method: their SIPs in its currency move to it (a new SIP, a
    // changed method, or one set up again after the bank revoked the old one)
    await tx
      .update(subscriptions)
      .set({ mandate_id: mandate.id, updated_at: now })
      .where(and(eq(subscriptions.user_id, mandate.user_id), eq(subscriptions.currency, mandate.currency), inArray(subscriptions.status_flag, LIVE), sql`${subscriptions.mandate_id} is distinct from ${mandate.id}`));
    // those that waited for a mandate start now: the next charge run takes their month (a missed one too, lib/sip/charge-due.ts)
    await tx
      .update(subscriptions)
      .set({ status_flag: SIP_STATUS.active, next_payment_date: sql`coalesce(${subscriptions.next_payment_date}, now())`, updated_at: now })
      .where(and(eq(subscriptions.mandate_id, mandate.id), eq(subscriptions.status_flag, SIP_STATUS.awaitingMandate)));
    return;
  }
  if (status === 'cancelled' || status === 'paused') {
    // nothing can be debited any more: the SIPs wait for a new method (the donor is asked for one)
    await tx
      .update(subscriptions)
      .set({ status_flag: SIP_STATUS.awaitingMandate, updated_at: now })
      .where(and(eq(subscriptions.mandate_id, mandate.id), inArray(subscriptions.status_flag, [SIP_STATUS.active, SIP_STATUS.paymentFailing])));
  }
}
