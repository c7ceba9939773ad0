// A donor manages their own SIP in two taps, from the portfolio (signed in) or from a signed email link
// (lib/sip/links.ts): raise or lower the amount, pause for 1-3 months, resume, skip next month, change the payment
// method, cancel. Every rule runs on the locked subscription row, for its owner only, and never on a cancelled SIP;
// each change is confirmed by email in its transaction (emails.ts), mandates left paying nothing end after the commit
// (mandate-release.ts). A SIP shows nowhere but its owner's own pages (rendered per request), so nothing cached needs
// to expire; only the middleware's sip_state hint cookie follows a status change (queries.ts sipHintCookie).
import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { mandates, subscriptionLines, subscriptions } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { MAX_AMOUNT_MAJOR } from '../constants/giving';
import { SIP_MANDATE_HEADROOM, SIP_PAUSE_MONTHS_MAX, SIP_PAUSE_MONTHS_MIN, SIP_ROUNDING_STEP_MAJOR } from '../constants/sip';
import { formatMoney, toMinor } from '../money';
import { localizedPath } from '../i18n/locales';
import { createMandate } from '../payments/mandates';
import { gatewayNameFor, modeUnavailable } from '../payments/registry';
import { SIP_WELCOME_PATH } from '../payments/redirects';
import { subscriptionOf, subscriptionsOf, type SubscriptionItem } from '../portfolio/queries';
import { formatSipMinimum, isSipCause, isSipCurrency, roundSipAmount, SIP_CAUSE_LABELS, SIP_MESSAGES, sipMethodsFor, sipMinimumMajor, type SipPaymentMethod } from './rules';
import type { SipChange } from '../validation/sip-manage';
import { isLiveSip, SIP_STATUS } from './status';
import { giveUpPendingMandates, lockMandate, mandateLoadMinor, mandatesOfSip, recordMandateCover } from './cover';
import { addSipMonths, firstPaymentDateFrom } from './calendar';
import { sipPeriod } from './settled';
import { confirmSipChange } from './emails';
import { releaseMandate } from './mandate-release';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const SIP_MANAGE_ERRORS = {
  notFound: 'Subscription not found',
  cancelled: 'This SIP is cancelled and can no longer be changed',
  notHigher: 'The new monthly amount must be higher than the current one',
  /** spec 7 PUT increase pledge only raises: lowering is its own action */
  raiseOnly: 'Increase pledge only raises your monthly amount: the new amount must be higher than the current one. To lower it, use the lower action instead.',
  notLower: 'The new monthly amount must be lower than the current one',
  aboveMandate: (max: string) => `Your payment method allows at most ${max} a month. Please set up a new payment method to give more.`,
  aboveSharedMandate: (max: string, others: string) => `Your payment method allows at most ${max} a month, and your other SIPs on it take ${others}. Please set up a new payment method to give more.`,
  lapsed: 'This SIP did not start because its payment method was not authorised in time. Please start a new SIP.',
  changedMeanwhile: 'Your SIP changed meanwhile. Please try again.',
  notCoverable: 'Only your other SIPs in the same currency that are running, paused or waiting for a payment method can move with it',
  methodNotFound: 'Payment method not found',
  methodNotActive: 'This payment method is not active. Please choose another one, or set up a new one.',
  alreadyOnMethod: 'These SIPs are already paid by this payment method',
  overCap: (total: string, max: string) => `That comes to ${total} a month, more than the ${max} this payment method allows. Please choose fewer SIPs, or set up a new payment method.`,
  notRunning: 'Only a running SIP can be paused',
  notPaused: 'This SIP is not paused',
  needsMethod: 'This SIP needs a new payment method before it can restart. Please set one up.',
  cannotSkip: 'Only a running SIP with a payment scheduled can skip a month',
  pauseMonths: `Please choose a pause of ${SIP_PAUSE_MONTHS_MIN} to ${SIP_PAUSE_MONTHS_MAX} months`,
} as const;

const amountError = (message: string) => new ApiError('validation_failed', message, { amount: message });

// ---------- who may act ----------

/**
 * The signed-in owner of a SIP, or a signed link (lib/sip/links.ts) spent inside the same transaction as the change,
 * so a change that is refused leaves the link unused.
 */
export type SipActor = { userId: number; subscriptionId: number } | { viaLink: (tx: Tx) => Promise<number>; unspend: () => Promise<void> };

/** The subscription's mandate changed between reading it and locking the subscription: the change starts again. */
class MandateMovedMeanwhile extends Error {}
const MANDATE_LOCK_TRIES = 3;

/**
 * Locks the SIP for the actor and runs the change; another user's SIP answers exactly as a missing one. A change that
 * alters what a mandate pays locks that mandate's row first (`mandate`: the SIP's own, or one named), as the mandate's
 * events and the charge run do (lib/sip/cover.ts), so a raise and a move onto the same mandate wait for each other.
 */
async function act<R>(db: Db, actor: SipActor, change: (tx: Tx, sub: SubscriptionRow) => Promise<R>, opts: { mandate?: 'own' | number } = {}): Promise<R> {
  for (let tries = 1; ; tries++) {
    try {
      return await db.transaction(async (tx) => {
        const id = 'viaLink' in actor ? await actor.viaLink(tx) : actor.subscriptionId;
        let lockedMandate: number | null = null;
        if (opts.mandate === 'own') {
          const [seen] = await tx.select({ mandate_id: subscriptions.mandate_id }).from(subscriptions).where(eq(subscriptions.id, id));
          lockedMandate = seen?.mandate_id ?? null;
        } else if (opts.mandate !== undefined) lockedMandate = opts.mandate;
        if (lockedMandate !== null) await lockMandate(tx, lockedMandate);
        const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
        if (!sub || ('userId' in actor && sub.user_id !== actor.userId)) throw notFound(SIP_MANAGE_ERRORS.notFound);
        if (sub.status_flag === SIP_STATUS.cancelled) throw conflict(SIP_MANAGE_ERRORS.cancelled);
        if (sub.status_flag === SIP_STATUS.lapsed) throw conflict(SIP_MANAGE_ERRORS.lapsed);
        if (opts.mandate === 'own' && sub.mandate_id !== lockedMandate) throw new MandateMovedMeanwhile();
        return change(tx, sub);
      });
    } catch (error) {
      if (error instanceof MandateMovedMeanwhile && tries < MANDATE_LOCK_TRIES) continue;
      if (error instanceof MandateMovedMeanwhile) throw conflict(SIP_MANAGE_ERRORS.changedMeanwhile);
      throw error;
    }
  }
}

/** The SIP as its owner's pages and the API show it, after a change. */
async function viewOf(db: DbOrTx, sub: { id: number; user_id: number }): Promise<SubscriptionItem> {
  return (await subscriptionOf(db, sub.user_id, sub.id))!;
}

// ---------- amount ----------

/**
 * Splits a new monthly total over a SIP's causes in proportion to what each gave, in whole rounding steps (spec 5: each
 * cause's amount reads 00 or 50), the steps left over going to the largest remainders, earlier causes first on a tie.
 */
export function spreadSipTotal(weights: readonly number[], totalMinor: number, stepMinor: number): number[] {
  if (weights.length === 1) return [totalMinor];
  const units = Math.floor(totalMinor / stepMinor);
  // causes that gave nothing yet share equally
  const shares = weights.some((w) => w > 0) ? weights : weights.map(() => 1);
  const sum = shares.reduce((n, w) => n + w, 0);
  const exact = shares.map((w) => (w * units) / sum);
  const whole = exact.map(Math.floor);
  let left = units - whole.reduce((n, w) => n + w, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    whole[i]++;
    left--;
  }
  const spread = whole.map((u) => u * stepMinor);
  // a total that is not a whole number of steps (never, once rounded) keeps its odd part on the first cause
  spread[0] += totalMinor - units * stepMinor;
  return spread;
}

type Direction = 'raise' | 'lower';

async function setAmount(tx: Tx, sub: SubscriptionRow, amountMajor: number, direction: Direction) {
  // spec 5: the monthly amount is rounded before anything is checked, as the donor saw it
  const totalMinor = toMinor(roundSipAmount(amountMajor));
  if (direction === 'raise' && totalMinor <= sub.amount_minor) throw amountError(SIP_MANAGE_ERRORS.notHigher);
  if (direction === 'lower' && totalMinor >= sub.amount_minor) throw amountError(SIP_MANAGE_ERRORS.notLower);
  const currency = sub.currency;
  if (!isSipCurrency(currency)) throw conflict(SIP_MESSAGES.currency);
  const ceiling = toMinor(MAX_AMOUNT_MAJOR[currency]);
  if (totalMinor > ceiling) throw amountError(SIP_MESSAGES.totalTooLarge(formatMoney(ceiling, currency, 'en')));
  if (direction === 'raise' && sub.mandate_id) {
    // the mandate's row is locked (act): no move onto it can slip in between this sum and the raise
    const [mandate] = await tx.select({ max: mandates.max_amount_minor }).from(mandates).where(eq(mandates.id, sub.mandate_id));
    const others = await mandateLoadMinor(tx, sub.mandate_id, [sub.id]);
    // the bank debits no more than the donor authorised, for all the SIPs the mandate pays together: more needs a new
    // mandate, not a failed charge next month
    if (mandate && others + totalMinor > mandate.max) {
      const max = formatMoney(mandate.max, currency, 'en');
      throw conflict(others ? SIP_MANAGE_ERRORS.aboveSharedMandate(max, formatMoney(others, currency, 'en')) : SIP_MANAGE_ERRORS.aboveMandate(max));
    }
  }
  const lines = await tx.select().from(subscriptionLines).where(eq(subscriptionLines.subscription_id, sub.id)).orderBy(subscriptionLines.id).for('update');
  const before = lines.length ? lines.map((l) => l.amount_minor) : [sub.amount_minor];
  const after = spreadSipTotal(before, totalMinor, toMinor(SIP_ROUNDING_STEP_MAJOR));
  const minimumMinor = toMinor(sipMinimumMajor(currency));
  after.forEach((amount, i) => {
    // spec 5: each cause meets the minimum, unless this SIP already gave no more than that (an older, smaller SIP may be raised)
    if (amount < minimumMinor && before[i] > amount) {
      const cause = lines[i]?.sip_cause ?? sub.sip_cause;
      throw amountError(SIP_MESSAGES.belowMinimum(isSipCause(cause) ? SIP_CAUSE_LABELS[cause] : cause, formatSipMinimum(currency)));
    }
  });
  for (const [i, line] of lines.entries()) {
    if (line.amount_minor !== after[i]) await tx.update(subscriptionLines).set({ amount_minor: after[i] }).where(eq(subscriptionLines.id, line.id));
  }
  // a pre-debit notice already sent named the old amount: the next one must name the new amount (the 24-hour rule)
  await tx.update(subscriptions).set({ amount_minor: totalMinor, pre_debit_period: null, updated_at: new Date() }).where(eq(subscriptions.id, sub.id));
  return sub;
}

/** spec 7 PUT increase pledge: a higher monthly amount, rounded, never above what the mandate may debit (409). A lower or
 *  equal amount is refused (422, pointing to the lower action): increasing a pledge never lowers it. */
export async function raisePledge(db: Db, actor: SipActor, amountMajor: number, ctx?: { origin: string }): Promise<{ change: 'raised'; subscription: SubscriptionItem }> {
  const sub = await act(
    db,
    actor,
    async (tx, sub) => {
      if (toMinor(roundSipAmount(amountMajor)) <= sub.amount_minor) throw amountError(SIP_MANAGE_ERRORS.raiseOnly);
      await setAmount(tx, sub, amountMajor, 'raise');
      await confirmSipChange(tx, sub.id, { kind: 'amount', oldMinor: sub.amount_minor }, ctx);
      return sub;
    },
    { mandate: 'own' },
  );
  return { change: 'raised', subscription: await viewOf(db, sub) };
}

/** A lower monthly amount, rounded, not below spec 9's minimum for any of its causes (PUT subscriptions/{id} action lower, or a signed link). */
export async function lowerPledge(db: Db, actor: SipActor, amountMajor: number, ctx?: { origin: string }): Promise<SubscriptionItem> {
  return viewOf(
    db,
    await act(db, actor, async (tx, sub) => {
      await setAmount(tx, sub, amountMajor, 'lower');
      await confirmSipChange(tx, sub.id, { kind: 'amount', oldMinor: sub.amount_minor }, ctx);
      return sub;
    }),
  );
}

// ---------- pause, resume, skip ----------

const pausedByDonor = (sub: SubscriptionRow) => sub.status_flag === SIP_STATUS.pausedByDonor && sub.paused_until !== null;

/** Pauses a running SIP (or changes a donor's pause) for 1-3 months: status 2 until paused_until, then resumeDueSips restarts it. */
export async function pauseSip(db: Db, actor: SipActor, months: number, now = new Date(), ctx?: { origin: string }): Promise<SubscriptionItem> {
  if (!Number.isInteger(months) || months < SIP_PAUSE_MONTHS_MIN || months > SIP_PAUSE_MONTHS_MAX) {
    throw new ApiError('validation_failed', SIP_MANAGE_ERRORS.pauseMonths, { months: SIP_MANAGE_ERRORS.pauseMonths });
  }
  return viewOf(
    db,
    await act(db, actor, async (tx, sub) => {
      if (sub.status_flag !== SIP_STATUS.active && !pausedByDonor(sub)) throw conflict(SIP_MANAGE_ERRORS.notRunning);
      const pausedUntil = addSipMonths(now, months);
      // the months inside the pause are not charged: the next payment is the first one after it
      const next = sub.next_payment_date ? firstPaymentDateFrom(sub.next_payment_date, pausedUntil, sub.month_interval) : null;
      await tx.update(subscriptions).set({ status_flag: SIP_STATUS.pausedByDonor, paused_until: pausedUntil, next_payment_date: next, updated_at: now }).where(eq(subscriptions.id, sub.id));
      await confirmSipChange(tx, sub.id, { kind: 'pause', until: pausedUntil }, ctx);
      return sub;
    }),
  );
}

/** Restarts a paused SIP now; one whose mandate no longer debits must get a new payment method first (409). */
export async function resumeSip(db: Db, actor: SipActor, now = new Date(), ctx?: { origin: string }): Promise<SubscriptionItem> {
  return viewOf(
    db,
    await act(db, actor, async (tx, sub) => {
      if (sub.status_flag !== SIP_STATUS.pausedByDonor) throw conflict(SIP_MANAGE_ERRORS.notPaused);
      const [mandate] = sub.mandate_id ? await tx.select({ status: mandates.status }).from(mandates).where(eq(mandates.id, sub.mandate_id)) : [];
      if (mandate?.status !== 'active') throw conflict(SIP_MANAGE_ERRORS.needsMethod);
      const next = sub.next_payment_date ? firstPaymentDateFrom(sub.next_payment_date, now, sub.month_interval) : now;
      await tx
        .update(subscriptions)
        .set({ status_flag: SIP_STATUS.active, paused_until: null, next_payment_date: next, retry_count: 0, next_retry_at: null, updated_at: now })
        .where(eq(subscriptions.id, sub.id));
      await confirmSipChange(tx, sub.id, { kind: 'resume' }, ctx);
      return sub;
    }),
  );
}

/** Skips the next payment: skip_period is the month of next_payment_date, which the charge run passes over. */
export async function skipNextMonth(db: Db, actor: SipActor, ctx?: { origin: string }): Promise<SubscriptionItem> {
  return viewOf(
    db,
    await act(db, actor, async (tx, sub) => {
      if (sub.status_flag !== SIP_STATUS.active || !sub.next_payment_date) throw conflict(SIP_MANAGE_ERRORS.cannotSkip);
      const period = sipPeriod(sub.next_payment_date);
      if (sub.skip_period !== period) {
        await tx.update(subscriptions).set({ skip_period: period, updated_at: new Date() }).where(eq(subscriptions.id, sub.id));
        await confirmSipChange(tx, sub.id, { kind: 'skip', date: sub.next_payment_date }, ctx);
      }
      return sub;
    }),
  );
}

// ---------- cancel ----------

/**
 * Cancels the SIP (status 3, cancelled_at, the donor's reason) and emails a confirmation in the SIP's language; its
 * mandate is cancelled at the gateway once no other live SIP is paid by it.
 */
export async function cancelSip(db: Db, actor: SipActor, reason: string | null, ctx: { origin: string }, now = new Date()): Promise<SubscriptionItem> {
  const sub = await act(db, actor, async (tx, sub) => {
    await tx
      .update(subscriptions)
      .set({ status_flag: SIP_STATUS.cancelled, cancelled_at: now, cancel_reason: reason, paused_until: null, next_payment_date: null, next_retry_at: null, updated_at: now })
      .where(eq(subscriptions.id, sub.id));
    // written in the same transaction: the confirmation leaves exactly when the cancellation holds
    await confirmSipChange(tx, sub.id, { kind: 'cancel', reason }, ctx);
    return sub;
  });
  // its mandate, and any set up for it and not yet authorised, end once they pay no live SIP
  for (const mandateId of await mandatesOfSip(db, sub)) await releaseMandate(db, mandateId, ctx);
  return viewOf(db, sub);
}

// ---------- payment method ----------

/**
 * The donor's other SIPs they chose to move with this one: their own, in its currency, live; locked for
 * the change. Anything else named is refused (422), never silently left out.
 */
async function chosenSips(tx: Tx, sub: SubscriptionRow, ids: readonly number[] | undefined): Promise<SubscriptionRow[]> {
  const wanted = [...new Set(ids ?? [])].filter((id) => id !== sub.id);
  if (!wanted.length) return [];
  const rows = await tx.select().from(subscriptions).where(inArray(subscriptions.id, wanted)).orderBy(asc(subscriptions.id)).for('update');
  const fits = rows.filter((r) => r.user_id === sub.user_id && r.currency === sub.currency && isLiveSip(r.status_flag));
  if (fits.length !== wanted.length) throw new ApiError('validation_failed', SIP_MANAGE_ERRORS.notCoverable, { also: SIP_MANAGE_ERRORS.notCoverable });
  return fits;
}

/**
 * Starts a new mandate for the SIP, and for the donor's other SIPs they chose on the method-change page (`also`), and
 * answers where the donor authorises it. Its cap covers them all together (SIP_MANDATE_HEADROOM times their monthly
 * total). Nothing else changes now: when the mandate's event says active, lib/sip/mandate-events.ts moves exactly these
 * SIPs to it, and the old mandates, paid by no live SIP any more, are released. A signed link changes its one SIP only.
 */
export async function changePaymentMethod(
  db: Db,
  actor: SipActor,
  input: { method: SipPaymentMethod; vpa?: string; also?: number[] },
  ctx: { origin: string },
): Promise<{ authoriseUrl: string; mandate_id: number; subscription: SubscriptionItem; covers: number[] }> {
  const { sub, covered } = await act(db, actor, async (tx, sub) => ({ sub, covered: [sub, ...(await chosenSips(tx, sub, 'viaLink' in actor ? [] : input.also))] }));
  try {
    // UPI AutoPay and e-mandates are Indian rails: other currencies give by card (as on the subscribe page)
    if (!sipMethodsFor(sub.currency).includes(input.method)) throw modeUnavailable();
    const gateway = gatewayNameFor(sub.currency, input.method === 'CARD' ? 'Emandate' : input.method);
    if (!gateway) throw modeUnavailable();
    const totalMinor = covered.reduce((n, s) => n + s.amount_minor, 0);
    const returnUrl = `${ctx.origin}${localizedPath(sub.locale, SIP_WELCOME_PATH)}?${new URLSearchParams({ subscription: String(sub.id) })}`;
    const { mandate, authoriseUrl } = await createMandate(
      db,
      { userId: sub.user_id, gateway, method: input.method, maxAmountMinor: totalMinor * SIP_MANDATE_HEADROOM, currency: sub.currency, vpa: input.vpa },
      { origin: ctx.origin, returnUrl },
    );
    const covers = covered.map((s) => s.id);
    await recordMandateCover(db, mandate.id, covers);
    return { authoriseUrl, mandate_id: mandate.id, subscription: await viewOf(db, sub), covers };
  } catch (error) {
    // nothing was set up: a signed link stays usable for another try
    if ('viaLink' in actor) await actor.unspend();
    throw error;
  }
}

/**
 * The donor moves this SIP, and the others they chose (`also`), onto a payment method they already use (an
 * active mandate of theirs in its currency), by name on the method-change page. Refused (409) when the monthly total
 * of all the SIPs it would then pay passes its cap. SIPs waiting for a method start; mandates left paying nothing end.
 */
export async function moveToMandate(
  db: Db,
  actor: SipActor,
  input: { mandate_id: number; also?: number[] },
  ctx: { origin: string },
  now = new Date(),
): Promise<{ subscription: SubscriptionItem; subscriptions: SubscriptionItem[] }> {
  const { sub, previous } = await act(
    db,
    actor,
    async (tx, sub) => {
      const [target] = await tx.select().from(mandates).where(eq(mandates.id, input.mandate_id));
      if (!target || target.user_id !== sub.user_id) throw notFound(SIP_MANAGE_ERRORS.methodNotFound);
      if (target.status !== 'active' || target.currency !== sub.currency) throw conflict(SIP_MANAGE_ERRORS.methodNotActive);
      const moving = [sub, ...(await chosenSips(tx, sub, input.also))].filter((s) => s.mandate_id !== target.id);
      if (!moving.length) throw conflict(SIP_MANAGE_ERRORS.alreadyOnMethod);
      // the mandate's row is locked (act): this sum and the move hold against a raise or another move onto it
      const totalMinor = (await mandateLoadMinor(tx, target.id, moving.map((s) => s.id))) + moving.reduce((n, s) => n + s.amount_minor, 0);
      if (totalMinor > target.max_amount_minor) {
        throw conflict(SIP_MANAGE_ERRORS.overCap(formatMoney(totalMinor, sub.currency, 'en'), formatMoney(target.max_amount_minor, sub.currency, 'en')));
      }
      const ids = moving.map((s) => s.id);
      await tx.update(subscriptions).set({ mandate_id: target.id, updated_at: now }).where(inArray(subscriptions.id, ids));
      // those waiting for a method start under this one: the next charge run takes their month (a missed one too)
      await tx
        .update(subscriptions)
        .set({ status_flag: SIP_STATUS.active, next_payment_date: sql`coalesce(${subscriptions.next_payment_date}, ${now.toISOString()}::timestamptz)`, updated_at: now })
        .where(and(inArray(subscriptions.id, ids), eq(subscriptions.status_flag, SIP_STATUS.awaitingMandate)));
      await recordMandateCover(tx, target.id, ids);
      // mandates set up for them and not yet authorised are given up: the donor chose this one instead
      const pending = await giveUpPendingMandates(tx, ids, target.id);
      return { sub, previous: [...new Set([...moving.flatMap((s) => (s.mandate_id ? [s.mandate_id] : [])), ...pending])] };
    },
    { mandate: input.mandate_id },
  );
  // the methods they left, paid by nothing now, end at their banks (after the commit: a gateway call)
  for (const mandateId of previous) await releaseMandate(db, mandateId, ctx, now);
  // the page shows every SIP that moved, not only this one
  return { subscription: await viewOf(db, sub), subscriptions: await subscriptionsOf(db, sub.user_id) };
}

// ---------- PUT subscriptions/{id} ----------

export interface SipChangeOutcome {
  action: SipChange['action'];
  subscription: SubscriptionItem;
  /** change_method: where the donor authorises the new mandate, and the SIPs it is set up for */
  authoriseUrl?: string;
  mandate_id?: number;
  covers?: number[];
  /** use_mandate: every SIP of the donor after the move (others may have moved with it) */
  subscriptions?: SubscriptionItem[];
}

/** One change the signed-in owner asked for (PUT subscriptions/{id}), by its action. */
export async function applySipChange(db: Db, actor: SipActor, change: SipChange, ctx: { origin: string }, now = new Date()): Promise<SipChangeOutcome> {
  switch (change.action) {
    case 'lower':
      return { action: change.action, subscription: await lowerPledge(db, actor, change.amount, ctx) };
    case 'pause':
      return { action: change.action, subscription: await pauseSip(db, actor, change.months, now, ctx) };
    case 'resume':
      return { action: change.action, subscription: await resumeSip(db, actor, now, ctx) };
    case 'skip':
      return { action: change.action, subscription: await skipNextMonth(db, actor, ctx) };
    case 'cancel':
      return { action: change.action, subscription: await cancelSip(db, actor, change.reason, ctx, now) };
    case 'change_method':
      return { action: change.action, ...(await changePaymentMethod(db, actor, change, ctx)) };
    case 'use_mandate':
      return { action: change.action, ...(await moveToMandate(db, actor, change, ctx, now)) };
  }
}
