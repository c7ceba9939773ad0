// What a settled premium means for its policy, applied in the very transaction that settles the order and
// writes its ledger line (lib/payments/events.ts): the policy becomes paid and covered from that moment.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { insurancePolicies, orders } from '../db/schema';
import { coverEnd } from './plans';

/** failure_reason of a premium paid for a policy that another payment had already paid: kept on the books for a person to refund. */
export const INSURANCE_ALREADY_PAID = 'insurance_already_paid';

/**
 * Called once per order that becomes paid (applyGatewayEvent logs each event once and moves an order only forward).
 * Only a policy still waiting for its premium is paid and given cover: a second payment for it never extends the cover.
 */
export async function afterInsurancePremium(tx: Tx, order: typeof orders.$inferSelect): Promise<void> {
  if (order.kind !== 'insurance' || !order.insurance_policy_id) return;
  const [policy] = await tx.select().from(insurancePolicies).where(eq(insurancePolicies.id, order.insurance_policy_id)).for('update');
  if (!policy) return;
  const now = new Date();
  if (policy.status !== 'created') {
    // the money did arrive: the ledger says so, and the order says why the policy did not move
    await tx.update(orders).set({ failure_reason: INSURANCE_ALREADY_PAID, updated_at: now }).where(eq(orders.id, order.id));
    return;
  }
  await tx
    .update(insurancePolicies)
    .set({ status: 'paid', paid_at: now, covered_until: coverEnd(now, policy.frequency), updated_at: now })
    .where(and(eq(insurancePolicies.id, policy.id), eq(insurancePolicies.status, 'created')));
}
