// The SIP charge run (the sip.charge_due job and `npm run sip:charge-due`). Every running SIP whose date (or
// retry) has come is charged for its month through placeSipCharge; two runs at once, or one repeated, place each try
// once (its key is unique and tries are placed under the subscription's row lock), so no month is charged twice.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundraisers, orders, refunds, subscriptionLines, subscriptions } from '../db/schema';
import { acceptsDonations } from '../fundraisers/status';
import { SIP_CHARGE_BATCH, SIP_CHARGE_CONCURRENCY, SIP_DUPLICATE_LOOKBACK_DAYS, SIP_MISSED_PERIOD_GRACE_DAYS } from '../constants/sip';
import { DAY_MS } from '../constants/time';
import { ApiError } from '../http/errors';
import { reportError } from '../observability/report';
import { requestRefund } from '../payments/refunds';
import { NOT_RUNNING, NO_ACTIVE_MANDATE, placeSipChargeTry } from './charge';
import { lapseDueSql, mandatesOfSip, sipLapseCutoff } from './cover';
import { releaseMandate } from './mandate-release';
import { sendPreDebitNotices } from './pre-debit';
import { addSipMonths, afterSipCharge, awaitNewMandate, endSip, fundraiserEndedEmail, lapseSip, sipAttemptOf, sipPeriod, SIP_END_REASON, SIP_MONTH_ALREADY_PAID } from './settled';
import { isRunningSip, RUNNING_SIP_STATUS_FLAGS, SIP_STATUS } from './status';
import { orderTotalSql } from '../payments/order-total';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** failure_reason kept on a SIP whose mandate was not active when its month came */
export const SIP_MANDATE_INACTIVE = 'mandate_inactive';

export interface SipChargeRun {
  /** tries this run placed, and how they stood when it moved on (pending: the gateway answers later) */
  placed: number;
  succeeded: number;
  failed: number;
  pending: number;
  /** due subscriptions whose try another run (or an earlier one) had placed */
  alreadyPlaced: number;
  /** months not charged: the donor's skip, a pause that covered them, or too old to collect */
  skipped: number;
  /** SIPs sent to wait for a new mandate (none active) */
  awaitingMandate: number;
  errors: number;
  /** second payments for a month already paid, sent back */
  refundedDuplicates: number;
  /** SIPs for one fundraiser stopped because it no longer takes donations */
  ended: number;
  /** SIPs that waited past SIP_MANDATE_LAPSE_DAYS for a first mandate never authorised, lapsed before charging */
  lapsed: number;
}

const emptyRun = (): SipChargeRun => ({ placed: 0, succeeded: 0, failed: 0, pending: 0, alreadyPlaced: 0, skipped: 0, awaitingMandate: 0, errors: 0, refundedDuplicates: 0, ended: 0, lapsed: 0 });

/** A running SIP whose date, or whose retry, has come, and which no pause holds. */
const dueSql = (now: Date): SQL =>
  and(
    inArray(subscriptions.status_flag, [...RUNNING_SIP_STATUS_FLAGS]),
    lte(sql`coalesce(${subscriptions.next_retry_at}, ${subscriptions.next_payment_date})`, now),
    or(isNull(subscriptions.paused_until), lte(subscriptions.paused_until, now)),
  )!;

const isDue = (s: SubscriptionRow, now: Date) =>
  isRunningSip(s.status_flag) && (s.next_retry_at ?? s.next_payment_date) !== null && (s.next_retry_at ?? s.next_payment_date)! <= now && (!s.paused_until || s.paused_until <= now);

/**
 * The rules that move a due date on before it is charged, or null when it stands: a pause that has ended skips the
 * months it covered; a month more than the grace old is not collected any more (a missed month is charged once
 * within it); the month the donor chose to skip is skipped.
 */
export function calendarFor(s: SubscriptionRow, now: Date): Partial<SubscriptionRow> | null {
  if (!s.next_payment_date) return null;
  let next = s.next_payment_date;
  const set: Partial<SubscriptionRow> = {};
  if (s.paused_until && s.paused_until <= now) {
    while (next < s.paused_until) next = addSipMonths(next, s.month_interval);
    set.paused_until = null;
  }
  const oldest = new Date(now.getTime() - SIP_MISSED_PERIOD_GRACE_DAYS * DAY_MS);
  // a retry on its schedule stands: it is within days of its month
  if (!s.next_retry_at || next !== s.next_payment_date) while (next < oldest) next = addSipMonths(next, s.month_interval);
  if (s.skip_period && s.skip_period <= sipPeriod(next)) {
    if (s.skip_period === sipPeriod(next)) next = addSipMonths(next, s.month_interval);
    set.skip_period = null;
  }
  if (next.getTime() !== s.next_payment_date.getTime()) {
    // a new month starts afresh: no retry of the old one, and the old one is no longer missed
    Object.assign(set, { next_payment_date: next, retry_count: 0, next_retry_at: null, last_failure_reason: null, missed_period: null });
    if (s.status_flag === SIP_STATUS.paymentFailing) set.status_flag = SIP_STATUS.active;
  }
  return Object.keys(set).length ? set : null;
}

/** Applies calendarFor under the subscription's lock; answers the subscription as it now stands. */
async function moveCalendar(db: Db, id: number, now: Date): Promise<{ sub: SubscriptionRow; moved: boolean } | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!locked) return null;
    const set = calendarFor(locked, now);
    if (!set) return { sub: locked, moved: false };
    const [sub] = await tx.update(subscriptions).set({ ...set, updated_at: new Date() }).where(eq(subscriptions.id, id)).returning();
    return { sub, moved: true };
  });
}

async function chargeOne(db: Db, row: SubscriptionRow, ctx: { now: Date; origin: string }, run: SipChargeRun): Promise<void> {
  let sub = row;
  if (calendarFor(row, ctx.now)) {
    const moved = await moveCalendar(db, row.id, ctx.now);
    if (!moved) return;
    sub = moved.sub;
    if (!isDue(sub, ctx.now)) {
      if (moved.moved) run.skipped++;
      return;
    }
  }
  const period = sipPeriod(sub.next_payment_date!);
  // a SIP for one fundraiser stops with it: its money never goes to a fundraiser that ended or was taken down
  const closed = await closedFundraiserOf(db, sub, ctx.now);
  if (closed) {
    const stopped = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
      if (!locked || !isRunningSip(locked.status_flag)) return false;
      await endSip(tx, locked, SIP_END_REASON.fundraiserEnded, ctx.origin, (d) => fundraiserEndedEmail(d, locked, closed.title));
      return true;
    });
    if (stopped) run.ended++;
    return;
  }
  try {
    // the try the subscription is on: a run that read it before a failure moved it on finds that try, never a new one
    const { order, placed } = await placeSipChargeTry(db, sub.id, period, { origin: ctx.origin, attempt: sub.retry_count, now: ctx.now });
    if (placed) {
      run.placed++;
      if (order.status === 'success') run.succeeded++;
      else if (order.status === 'failed') run.failed++;
      else run.pending++;
      return;
    }
    run.alreadyPlaced++;
    // a try failed without its subscription hearing (reconciliation expired it): it follows now; afterSipCharge ignores a try already counted
    if (order.status === 'failed' && sipAttemptOf(order) === sub.retry_count) await db.transaction((tx) => afterSipCharge(tx, order));
  } catch (error) {
    // the donor paused or cancelled it since this run read it: nothing to charge
    if (error instanceof ApiError && error.message === NOT_RUNNING) return;
    if (error instanceof ApiError && error.message === NO_ACTIVE_MANDATE) {
      const waiting = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
        if (!locked || !isRunningSip(locked.status_flag)) return false;
        await awaitNewMandate(tx, locked, { period, reason: SIP_MANDATE_INACTIVE, failedTry: false, origin: ctx.origin });
        return true;
      });
      if (waiting) run.awaitingMandate++;
      return;
    }
    run.errors++;
    await reportError(error, { task: 'sip.charge_due', subscriptionId: sub.id, period });
  }
}

/** The fundraiser this SIP gives to that no longer takes donations, if any (a SIP for causes has none). */
async function closedFundraiserOf(db: Db, sub: SubscriptionRow, now: Date): Promise<{ title: string } | null> {
  const aimed = await db
    .select({ title: fundraisers.title, status_flag: fundraisers.status_flag, end_date: fundraisers.end_date })
    .from(fundraisers)
    .where(
      or(
        sub.fundraiser_id ? eq(fundraisers.id, sub.fundraiser_id) : sql`false`,
        inArray(fundraisers.id, db.select({ id: subscriptionLines.fundraiser_id }).from(subscriptionLines).where(and(eq(subscriptionLines.subscription_id, sub.id), isNotNull(subscriptionLines.fundraiser_id)))),
      ),
    );
  return aimed.find((f) => !acceptsDonations(f, now)) ?? null;
}

/** Runs fn over items with at most `size` at once. */
async function inParallel<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/**
 * Charges every due SIP (at most `limit`, oldest id first) for its month. `subscriptionIds` narrows the run to those
 * (a SIP charged by hand, and tests on a shared database).
 */
export async function chargeDueSubscriptions(db: Db, opts: { now?: Date; origin: string; limit?: number; subscriptionIds?: number[] }): Promise<SipChargeRun> {
  const now = opts.now ?? new Date();
  const run = emptyRun();
  const only = opts.subscriptionIds ? inArray(subscriptions.id, opts.subscriptionIds.length ? opts.subscriptionIds : [0]) : undefined;
  // a SIP whose mandate was never authorised in time lapses before anything is charged
  run.lapsed = await lapseUnauthorisedSips(db, { now, origin: opts.origin, subscriptionIds: opts.subscriptionIds });
  let cursor = 0;
  let seen = 0;
  for (;;) {
    const room = opts.limit === undefined ? SIP_CHARGE_BATCH : Math.min(SIP_CHARGE_BATCH, opts.limit - seen);
    if (room <= 0) break;
    const page = await db
      .select()
      .from(subscriptions)
      .where(and(dueSql(now), gt(subscriptions.id, cursor), only))
      .orderBy(asc(subscriptions.id))
      .limit(room);
    if (!page.length) break;
    cursor = page[page.length - 1].id;
    seen += page.length;
    await inParallel(page, SIP_CHARGE_CONCURRENCY, (sub) => chargeOne(db, sub, { now, origin: opts.origin }, run));
  }
  run.refundedDuplicates = await refundDuplicateSipCharges(db, { now, origin: opts.origin, subscriptionIds: opts.subscriptionIds });
  return run;
}

/**
 * SIPs still waiting for a first mandate SIP_MANDATE_LAPSE_DAYS after they were set up (none of their
 * mandates authorised, none set up since, none waiting for the bank's word) lapse (status 7): never charged, the donor
 * told, and their mandates that pay nothing else cancelled at the gateway so a late authorisation debits nothing.
 */
export async function lapseUnauthorisedSips(db: Db, opts: { now: Date; origin: string; subscriptionIds?: number[] }): Promise<number> {
  const due = lapseDueSql(sipLapseCutoff(opts.now));
  const only = opts.subscriptionIds ? inArray(subscriptions.id, opts.subscriptionIds.length ? opts.subscriptionIds : [0]) : undefined;
  const rows = await db.select({ id: subscriptions.id }).from(subscriptions).where(and(due, only)).orderBy(asc(subscriptions.id)).limit(SIP_CHARGE_BATCH);
  let lapsed = 0;
  for (const { id } of rows) {
    const mandateIds = await db.transaction(async (tx) => {
      // still due under the lock: a mandate that went active meanwhile started it instead
      const [locked] = await tx.select().from(subscriptions).where(and(eq(subscriptions.id, id), due)).for('update');
      if (!locked) return null;
      await lapseSip(tx, locked, opts.origin);
      return mandatesOfSip(tx, locked);
    });
    if (!mandateIds) continue;
    lapsed++;
    for (const mandateId of mandateIds) await releaseMandate(db, mandateId, { origin: opts.origin }, opts.now);
  }
  return lapsed;
}

/**
 * A month paid twice (an earlier try's late capture after a retry was paid) is marked by afterSipCharge; the second
 * payment goes back to the donor in full, so each month keeps exactly one.
 */
export async function refundDuplicateSipCharges(db: Db, opts: { now: Date; origin: string; subscriptionIds?: number[] }): Promise<number> {
  const heldBack = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.order_id, orders.id), inArray(refunds.status, ['pending', 'processed'])));
  const twice = await db
    .select({ order_id: orders.order_id, amount: orderTotalSql() })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'success'),
        gt(orders.created_at, new Date(opts.now.getTime() - SIP_DUPLICATE_LOOKBACK_DAYS * DAY_MS)),
        eq(orders.kind, 'sip'),
        eq(orders.failure_reason, SIP_MONTH_ALREADY_PAID),
        notExists(heldBack),
        opts.subscriptionIds ? inArray(orders.subscription_id, opts.subscriptionIds.length ? opts.subscriptionIds : [0]) : undefined,
      ),
    );
  let refunded = 0;
  for (const o of twice) {
    try {
      await requestRefund(db, o.order_id, o.amount, { reason: SIP_MONTH_ALREADY_PAID, origin: opts.origin });
      refunded++;
    } catch (error) {
      // the next run tries again (a failed refund holds nothing back)
      await reportError(error, { task: 'sip.charge_due', orderId: o.order_id });
    }
  }
  return refunded;
}

/** The job's whole pass: notices of the debits 24-48 hours away first, then the debits due now. */
export async function runSipChargeDue(db: Db, opts: { now?: Date; origin: string; limit?: number; subscriptionIds?: number[] }): Promise<SipChargeRun & { notices: number }> {
  const now = opts.now ?? new Date();
  const { sent } = await sendPreDebitNotices(db, { now, origin: opts.origin, subscriptionIds: opts.subscriptionIds });
  return { notices: sent, ...(await chargeDueSubscriptions(db, { ...opts, now })) };
}
