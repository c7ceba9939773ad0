// Refunds from the desk: support asks (with a reason), through requestRefund, so totals, ledger, credit and receipts
// follow as for a refund the gateway started; finance releases or cancels the ones held because the money was paid out.
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { fundraisers, orders, refunds, users } from '../db/schema';
import { toMinor } from '../money';
import { cancelHeldRefund, releaseHeldRefund, requestRefund } from '../payments/refunds';
import { afterSettle } from '../payments/results';
import type { DeskRefundInput } from '../validation/desk';
import { recordStaffAction, type DeskActor } from './audit';

const refundFacts = (r: typeof refunds.$inferSelect) => ({ refund_id: r.refund_id, amount_minor: r.amount_minor, currency: r.currency, status: r.status, reason: r.reason, held_for_finance: r.held_for_finance, failure_reason: r.failure_reason });

/** Support's refund of part or all of a paid gift; held for finance when it would go below what was paid out. */
export async function deskRefund(db: Db, actor: DeskActor, orderId: string, input: DeskRefundInput, origin: string) {
  const answer = await requestRefund(db, orderId, toMinor(input.amount), {
    reason: input.reason,
    origin,
    requestedBy: actor.id,
    recorded: (tx, refund) =>
      recordStaffAction(tx, actor, { action: refund.held_for_finance ? 'refund.hold' : 'refund.request', recordKind: 'order', recordId: orderId, before: null, after: refundFacts(refund) }),
  });
  // the story's total moved: this server's pages go at once (the others heard the bus)
  await afterSettle(db, answer.outcome);
  const [row] = await db.select().from(refunds).where(eq(refunds.refund_id, answer.refundId));
  return { refund_id: answer.refundId, held: answer.held, status: row.status };
}

/** Finance lets a held refund go to the gateway. */
export async function releaseRefund(db: Db, actor: DeskActor, refundId: string, origin: string) {
  const outcome = await releaseHeldRefund(db, refundId, {
    origin,
    recorded: (tx, before, after) => recordStaffAction(tx, actor, { action: 'refund.release', recordKind: 'refund', recordId: refundId, before: refundFacts(before), after: refundFacts(after) }),
  });
  await afterSettle(db, outcome);
  const [row] = await db.select().from(refunds).where(eq(refunds.refund_id, refundId));
  return { refund_id: refundId, held: false, status: row.status };
}

/** Finance refuses a held refund, with the reason. */
export async function cancelRefund(db: Db, actor: DeskActor, refundId: string, reason: string) {
  const row = await cancelHeldRefund(db, refundId, reason, {
    recorded: (tx, before, after) => recordStaffAction(tx, actor, { action: 'refund.cancel', recordKind: 'refund', recordId: refundId, before: refundFacts(before), after: refundFacts(after) }),
  });
  return { refund_id: refundId, held: false, status: row.status };
}

/** Refunds waiting for finance, oldest first, with their gift and fundraiser. */
export async function heldRefunds(db: DbOrTx) {
  const rows = await db
    .select({ refund: refunds, orderId: orders.order_id, fundraiserTitle: fundraisers.title, raisedMinor: fundraisers.raised_minor, fundraiserCurrency: fundraisers.currency, requestedBy: users.full_name })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.order_id))
    .leftJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .leftJoin(users, eq(users.id, refunds.requested_by))
    .where(and(eq(refunds.held_for_finance, true), eq(refunds.status, 'pending')))
    .orderBy(refunds.created_at, desc(refunds.id));
  return rows.map((r) => ({ ...refundFacts(r.refund), created_at: r.refund.created_at, order_id: r.orderId, fundraiser_title: r.fundraiserTitle, raised_minor: r.raisedMinor, fundraiser_currency: r.fundraiserCurrency, requested_by: r.requestedBy }));
}
