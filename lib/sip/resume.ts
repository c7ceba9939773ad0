// A donor's pause (1-3 months, lib/sip/manage.ts pauseSip) ends by itself. The job runner calls this; it has
// no server-only imports, so every host of the job list can load it.
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mandates, subscriptions } from '../db/schema';
import { SIP_STATUS } from './status';

/**
 * Donor pauses whose paused_until has passed run again (status 1), or wait for a new payment method (status 5) when
 * their mandate no longer debits. Pauses after failed charges (no paused_until) are left to the donor. Answers how many
 * SIPs it restarted; one statement, so two instances running it at once restart each SIP once.
 */
export async function resumeDueSips(db: DbOrTx, now = new Date()): Promise<number> {
  const mandateActive = sql`exists (select 1 from ${mandates} where ${mandates.id} = ${subscriptions.mandate_id} and ${mandates.status} = 'active')`;
  const rows = await db
    .update(subscriptions)
    .set({
      status_flag: sql`(case when ${mandateActive} then ${SIP_STATUS.active} else ${SIP_STATUS.awaitingMandate} end)::smallint`,
      paused_until: null,
      // pauseSip moved the next payment past the pause; a SIP without one is due now, as a new one would be
      next_payment_date: sql`coalesce(${subscriptions.next_payment_date}, ${now.toISOString()}::timestamptz)`,
      updated_at: now,
    })
    .where(and(eq(subscriptions.status_flag, SIP_STATUS.pausedByDonor), isNotNull(subscriptions.paused_until), lte(subscriptions.paused_until, now)))
    .returning({ id: subscriptions.id });
  return rows.length;
}
