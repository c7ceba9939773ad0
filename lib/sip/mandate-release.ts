// Ending a mandate at its bank once it pays no live SIP: after a cancellation, a move to another method, or a newer
// mandate taking over. A gateway call, so always after the change's commit.
import 'server-only';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mandates } from '../db/schema';
import { reportError } from '../observability/report';
import { mandateHandle } from '../payments/mandates';
import { gatewayFor } from '../payments/registry';
import { sipsPaidBy } from './cover';

/**
 * Cancels a mandate at its gateway (mandates.cancel) and here, unless a live SIP is still paid by it. A gateway that
 * fails is reported and left for reconciliation: the cancelled SIP is never charged again either way.
 */
export async function releaseMandate(db: Db, mandateId: number, ctx: { origin: string }, now = new Date()): Promise<boolean> {
  const [mandate] = await db.select().from(mandates).where(eq(mandates.id, mandateId));
  if (!mandate || mandate.status === 'cancelled' || mandate.status === 'failed') return false;
  // a live SIP on it, or one it is being authorised for, keeps it (a lapsed, ended or cancelled one does not)
  if ((await sipsPaidBy(db, mandate)) > 0) return false;
  const gateway = gatewayFor(mandate.gateway, ctx.origin);
  try {
    if (!gateway?.mandates) throw new Error(`Gateway ${mandate.gateway} is not configured: mandate ${mandate.id} stays active there`);
    await gateway.mandates.cancel(mandateHandle(mandate));
  } catch (error) {
    await reportError(error, { mandateId });
    return false;
  }
  await db
    .update(mandates)
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .where(and(eq(mandates.id, mandateId), inArray(mandates.status, ['created', 'active', 'paused'])));
  return true;
}

/**
 * After a newer mandate took over a donor's SIPs (a changed method, or one set up again): their older mandates in that
 * currency that pay no live SIP any more are ended at the bank too, so nothing is left that could debit them. The new
 * one too, when it pays nothing (its SIPs lapsed or were cancelled before the bank's yes, or no longer fit its cap).
 */
export async function releaseSupersededMandates(db: Db, mandateId: number, ctx: { origin: string }): Promise<number> {
  const [current] = await db.select().from(mandates).where(eq(mandates.id, mandateId));
  if (!current || current.status !== 'active') return 0;
  if (await releaseMandate(db, current.id, ctx)) return 1;
  const older = await db
    .select({ id: mandates.id })
    .from(mandates)
    .where(and(eq(mandates.user_id, current.user_id), eq(mandates.currency, current.currency), ne(mandates.id, current.id), inArray(mandates.status, ['created', 'active', 'paused'])));
  let released = 0;
  for (const m of older) if (await releaseMandate(db, m.id, ctx)) released++;
  return released;
}
