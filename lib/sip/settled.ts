// What a settled SIP month means for its subscription, applied in the very transaction that settles the charge
// (lib/payments/events.ts): paid moves the next date on; failed schedules a retry (lib/sip/retries.ts), pauses the SIP
// after the last one, or waits for a new mandate. Emails go through the outbox in the same transaction.
import { and, countDistinct, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { orders, subscriptions, users } from '../db/schema';
import { INDIA_EXTENSION } from '../constants/people';
import { SIP_MANDATE_LAPSE_DAYS, SIP_MISSED_PERIOD_GRACE_DAYS, SIP_PRE_DEBIT_MIN_NOTICE_MS } from '../constants/sip';
import { INDIA_TIME_ZONE } from '../constants/time';
import { SIP_PAGE_PATH, SIP_SUBSCRIBE_PATH } from '../routes';
import { enqueueMessage } from '../outbox/queue';
import { sipEmailLinks, withLinks } from './links';
import { formatMoney } from '../money';
import { localizedPath } from '../i18n/locales';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { nextStepAfterFailure, sipFailureReasonOf, SIP_FAILURE, type SipFailureReason } from './retries';
import { sipTranslator } from './translator';
import { isRunningSip, SIP_STATUS } from './status';
import { addSipMonths, paymentPeriod } from './calendar';

type OrderRow = typeof orders.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The month (YYYY-MM, India time) a charge date falls in, the period of the idempotency key. */
export const sipPeriod = (at: Date) => paymentPeriod(at);

export { addSipMonths };

/** Which try of its month an order is (0: the month's first debit), as placed by lib/sip/charge.ts. */
export const sipAttemptOf = (order: Pick<OrderRow, 'params'>): number => (typeof order.params?.attempt === 'number' ? order.params.attempt : 0);

/** failure_reason of a second successful payment for a month already paid (a late capture of an earlier try): the charge run sends it back. */
export const SIP_MONTH_ALREADY_PAID = 'sip_month_already_paid';

/**
 * Moves the order's subscription on from this outcome. Called once per real change of the order (applyGatewayEvent
 * logs every event once and moves an order only forward), under the subscription's row lock.
 */
export async function afterSipCharge(tx: Tx, ref: { order_id: string; kind?: string }): Promise<void> {
  // a caller holding the row says what kind of order it is: a gift or a premium has no subscription to read
  if (ref.kind !== undefined && ref.kind !== 'sip') return;
  const [order] = await tx.select().from(orders).where(eq(orders.order_id, ref.order_id));
  if (!order || order.kind !== 'sip' || !order.subscription_id || !order.period) return;
  if (order.status !== 'success' && order.status !== 'failed') return;
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, order.subscription_id)).for('update');
  if (!sub) return;
  const current = sub.next_payment_date ? sipPeriod(sub.next_payment_date) : null;
  const now = new Date();

  if (order.status === 'success') {
    const [paid] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.subscription_id, sub.id), eq(orders.period, order.period), eq(orders.status, 'success'), ne(orders.id, order.id)))
      .limit(1);
    if (paid) {
      // the money did arrive twice: the books say so, and the charge run refunds this one (refundDuplicateSipCharges)
      await tx.update(orders).set({ failure_reason: SIP_MONTH_ALREADY_PAID, updated_at: now }).where(eq(orders.id, order.id));
      return;
    }
    const onThisMonth = order.period === current;
    // a SIP chosen for a number of months ends by itself once that many are paid
    if (sub.tenure && onThisMonth && isRunningSip(sub.status_flag) && (await paidMonths(tx, sub.id)) >= sub.tenure) {
      await endSip(tx, sub, 'tenure_complete', origin(order), (d) => completedEmail(d, sub));
      return;
    }
    await tx
      .update(subscriptions)
      .set({
        // a late payment for a month already given up (paused, skipped past) is kept as a gift and moves nothing
        ...(onThisMonth ? { next_payment_date: addSipMonths(sub.next_payment_date!, sub.month_interval), retry_count: 0, next_retry_at: null, last_failure_reason: null } : {}),
        // a retry that is paid ends the failing state
        ...(onThisMonth && sub.status_flag === SIP_STATUS.paymentFailing ? { status_flag: SIP_STATUS.active } : {}),
        missed_period: sub.missed_period === order.period ? null : sub.missed_period,
        updated_at: now,
      })
      .where(eq(subscriptions.id, sub.id));
    return;
  }

  // a failure counts only for the try the subscription is on: a stale try's news, or one after the donor stopped it, changes nothing
  if (order.period !== current || !isRunningSip(sub.status_flag) || sipAttemptOf(order) !== sub.retry_count) return;
  const step = nextStepAfterFailure(order.failure_reason, sub.retry_count + 1, now);
  const reason = sipFailureReasonOf(order.failure_reason);
  const site = origin(order);
  if (step.action === 'retry') {
    // spec 4's status 4: the month is being tried again (the donor sees it, and may change the method meanwhile)
    await tx.update(subscriptions).set({ status_flag: SIP_STATUS.paymentFailing, retry_count: step.retryCount, next_retry_at: step.retryAt, last_failure_reason: reason, updated_at: now }).where(eq(subscriptions.id, sub.id));
    // a retry a day or more away is a debit of its own: its date and amount are told ahead, as before every debit
    if (step.retryAt.getTime() - now.getTime() >= SIP_PRE_DEBIT_MIN_NOTICE_MS) await retryNotice(tx, sub, order.period, reason, step.retryAt, site);
    return;
  }
  if (step.action === 'await_mandate') {
    await awaitNewMandate(tx, sub, { period: order.period, reason, failedTry: true, origin: site });
    return;
  }
  // spec 4's status 2: the month is given up, the next one is not debited until the donor resumes
  await tx
    .update(subscriptions)
    .set({ status_flag: SIP_STATUS.pausedByDonor, next_payment_date: addSipMonths(sub.next_payment_date!, sub.month_interval), retry_count: 0, next_retry_at: null, last_failure_reason: reason, updated_at: now })
    .where(eq(subscriptions.id, sub.id));
  await tellDonor(tx, sub, site, (d) => pausedEmail(d, sub, order.period!, reason));
}

/** The site a SIP month was charged from (its emails' links point there). */
const origin = (order: OrderRow) => (typeof order.params?.site_origin === 'string' ? order.params.site_origin : null);

/** Months of this SIP paid once each (a month paid twice is refunded and counts once). */
async function paidMonths(tx: Tx, subscriptionId: number): Promise<number> {
  const [{ n }] = await tx.select({ n: countDistinct(orders.period) }).from(orders).where(and(eq(orders.subscription_id, subscriptionId), eq(orders.status, 'success')));
  return n;
}

/** cancel_reason of a SIP that ended by itself (status 6) */
export const SIP_END_REASON = { tenureComplete: 'tenure_complete', fundraiserEnded: 'fundraiser_ended' } as const;

/** Ends a SIP by itself (status 6): nothing more is debited, the donor is told why and how to go on giving. */
export async function endSip(tx: Tx, sub: SubscriptionRow, reason: (typeof SIP_END_REASON)[keyof typeof SIP_END_REASON], site: string | null, write: (d: SipDonor) => Promise<{ subject: string; body: string }>): Promise<void> {
  const now = new Date();
  await tx
    .update(subscriptions)
    .set({ status_flag: SIP_STATUS.completed, cancel_reason: reason, cancelled_at: now, next_payment_date: null, retry_count: 0, next_retry_at: null, paused_until: null, skip_period: null, updated_at: now })
    .where(eq(subscriptions.id, sub.id));
  await tellDonor(tx, sub, site, write);
}

/** cancel_reason of a SIP that lapsed (status 7): no mandate for it was authorised in time */
export const SIP_LAPSE_REASON = 'mandate_not_authorised';

/**
 * A SIP whose first mandate was not authorised within SIP_MANDATE_LAPSE_DAYS lapses (status 7): nothing is
 * ever debited for it, however late an authorisation comes, and the donor is told how to start again.
 */
export async function lapseSip(tx: Tx, sub: SubscriptionRow, site: string | null): Promise<void> {
  const now = new Date();
  await tx
    .update(subscriptions)
    .set({ status_flag: SIP_STATUS.lapsed, cancel_reason: SIP_LAPSE_REASON, cancelled_at: now, next_payment_date: null, retry_count: 0, next_retry_at: null, paused_until: null, skip_period: null, missed_period: null, updated_at: now })
    .where(eq(subscriptions.id, sub.id));
  await tellDonor(tx, sub, site, (d) => lapsedEmail(d, sub));
}

/**
 * The bank stopped (cancelled or paused) the mandate that paid this SIP, now waiting (status 5): the donor is
 * asked how to pay it (a new method, or one they already use), never moved onto another mandate unasked.
 */
export async function askForPaymentMethod(tx: Tx, sub: SubscriptionRow): Promise<void> {
  await tellDonor(tx, sub, null, (d) => methodStoppedEmail(d, sub));
}

/**
 * Nothing can be debited for this SIP until the donor sets up a new mandate (theirs was revoked or expired, or is not
 * active): status 5, the month kept as missed (charged once if a new mandate comes within the grace), and an email.
 */
export async function awaitNewMandate(tx: Tx, sub: SubscriptionRow, o: { period: string; reason: string; failedTry: boolean; origin: string | null }): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status_flag: SIP_STATUS.awaitingMandate,
      missed_period: o.period,
      // the next try of this month (under the new mandate) gets a key of its own
      retry_count: o.failedTry ? sub.retry_count + 1 : sub.retry_count,
      next_retry_at: null,
      last_failure_reason: o.reason,
      updated_at: new Date(),
    })
    .where(eq(subscriptions.id, sub.id));
  await tellDonor(tx, sub, o.origin, (d) => newMandateEmail(d, sub, o.period));
}

export interface SipDonor {
  name: string;
  email: string | null;
  /** as the outbox's SMS sender takes it: 10 Indian digits, or the international form */
  phone: string | null;
  manageLink: string;
  /** where a new SIP starts (after one ended) */
  restartLink: string;
}

/** The subscriber as SIP messages address them; a placeholder email address gets no email. */
export async function sipDonorOf(db: DbOrTx, sub: Pick<SubscriptionRow, 'user_id' | 'locale'>, origin: string | null): Promise<SipDonor | null> {
  const [u] = await db.select({ name: users.full_name, email: users.email, dummy: users.is_dummy_email, phone: users.phone_1, extension: users.extension }).from(users).where(eq(users.id, sub.user_id));
  if (!u) return null;
  const phone = u.phone ? (u.extension && u.extension !== INDIA_EXTENSION ? `${u.extension}${u.phone}` : u.phone) : null;
  const site = origin ?? mainSiteOrigin(siteConfig());
  return { name: u.name, email: u.dummy ? null : u.email, phone, manageLink: `${site}${localizedPath(sub.locale, SIP_PAGE_PATH)}`, restartLink: `${site}${localizedPath(sub.locale, SIP_SUBSCRIBE_PATH)}` };
}

async function tellDonor(tx: Tx, sub: SubscriptionRow, origin: string | null, write: (d: SipDonor) => Promise<{ subject: string; body: string }>) {
  const donor = await sipDonorOf(tx, sub, origin);
  if (!donor?.email) return;
  const message = await write(donor);
  // every SIP email carries its signed one-tap links (set up a new method, cancel…) for the SIP as it now stands
  await enqueueMessage(tx, { channel: 'email', recipient: donor.email, subject: message.subject, body: withLinks(message.body, await sipEmailLinks(tx, sub.id, origin ?? mainSiteOrigin(siteConfig()))) });
}

// each locale's own month names and digits, as the portfolio writes dates
const DATE_LOCALE: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN', te: 'te-IN', ar: 'ar', ur: 'ur-PK' };

/** The Intl locale SIP emails write dates in. */
export const sipDateLocale = (locale: string) => DATE_LOCALE[locale] ?? DATE_LOCALE.en;

/** "November 2026" for 2026-11 (in the locale's words when one is given). */
export const sipMonthLabel = (period: string, locale = 'en') =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString(sipDateLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });

const FAILURE_REASONS: readonly string[] = Object.values(SIP_FAILURE);
const isFailureReason = (reason: string): reason is SipFailureReason => FAILURE_REASONS.includes(reason);

/** The SIP's translator (messages/*.json, SipManage.email) and what its amount, month and reason read as. */
async function sipEmailWords(sub: SubscriptionRow, period: string, reason?: string) {
  const { locale, t, words, digits } = await sipTranslator(sub.locale);
  return {
    t,
    words,
    digits,
    amount: digits(formatMoney(sub.amount_minor, sub.currency, locale, { exact: true })),
    month: words(sipMonthLabel(period, locale)),
    // a reason we have no words for is shown as stored
    reason: reason === undefined ? '' : isFailureReason(reason) ? t(`failure.${reason}`) : words(reason),
  };
}

async function pausedEmail(d: SipDonor, sub: SubscriptionRow, period: string, reason: string) {
  const { t, words, digits, amount, month, reason: why } = await sipEmailWords(sub, period, reason);
  return {
    subject: t('pausedSubject'),
    body: [
      t('greeting', { name: words(d.name) }),
      '',
      t('pausedBody', { amount, month, reason: why }),
      t('pausedStopped'),
      t('pausedResume', { link: digits(d.manageLink) }),
      '',
      t('signoff'),
    ].join('\n'),
  };
}

async function newMandateEmail(d: SipDonor, sub: SubscriptionRow, period: string) {
  const { t, words, digits, amount, month } = await sipEmailWords(sub, period);
  return {
    subject: t('newMandateSubject'),
    body: [
      t('greeting', { name: words(d.name) }),
      '',
      t('newMandateBody', { amount, month }),
      t('newMandateLink', { link: digits(d.manageLink) }),
      t('newMandateGrace', { days: SIP_MISSED_PERIOD_GRACE_DAYS, month }),
      '',
      t('signoff'),
    ].join('\n'),
  };
}

async function lapsedEmail(d: SipDonor, sub: SubscriptionRow) {
  const { t, words, digits, amount } = await sipEmailWords(sub, sipPeriod(new Date()));
  return {
    subject: t('lapsedSubject'),
    body: [t('greeting', { name: words(d.name) }), '', t('lapsedBody', { amount, days: SIP_MANDATE_LAPSE_DAYS }), t('lapsedRestart', { link: digits(d.restartLink) }), '', t('signoff')].join('\n'),
  };
}

async function methodStoppedEmail(d: SipDonor, sub: SubscriptionRow) {
  const { t, words, digits, amount } = await sipEmailWords(sub, sipPeriod(new Date()));
  return {
    subject: t('methodStoppedSubject'),
    body: [t('greeting', { name: words(d.name) }), '', t('methodStoppedBody', { amount }), t('methodStoppedLink', { link: digits(d.manageLink) }), '', t('signoff')].join('\n'),
  };
}

/** The thank-you when a SIP's chosen months are all paid. */
export async function completedEmail(d: SipDonor, sub: SubscriptionRow) {
  const { t, words, digits, amount } = await sipEmailWords(sub, sipPeriod(new Date()));
  return {
    subject: t('completedSubject'),
    body: [t('greeting', { name: words(d.name) }), '', t('completedBody', { amount, months: String(sub.tenure ?? 0) }), t('restart', { link: digits(d.restartLink) }), '', t('signoff')].join('\n'),
  };
}

/** The notice when the one fundraiser a SIP gave to has ended. */
export async function fundraiserEndedEmail(d: SipDonor, sub: SubscriptionRow, title: string) {
  const { t, words, digits, amount } = await sipEmailWords(sub, sipPeriod(new Date()));
  return {
    subject: t('fundraiserEndedSubject'),
    body: [t('greeting', { name: words(d.name) }), '', t('fundraiserEndedBody', { amount, title: words(title) }), t('restart', { link: digits(d.restartLink) }), '', t('signoff')].join('\n'),
  };
}

/** The notice of a retry (email with the SIP's links, and SMS): when the month will be tried again, for how much, and why it failed. */
async function retryNotice(tx: Tx, sub: SubscriptionRow, period: string, reason: string, at: Date, site: string | null): Promise<void> {
  const donor = await sipDonorOf(tx, sub, site);
  if (!donor) return;
  const { t, words, digits, amount, month, reason: why } = await sipEmailWords(sub, period, reason);
  const date = words(at.toLocaleDateString(sipDateLocale(sub.locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: INDIA_TIME_ZONE }));
  const link = digits(donor.manageLink);
  if (donor.email) {
    const body = [t('greeting', { name: words(donor.name) }), '', t('retryBody', { amount, month, reason: why, date }), t('preDebitChange', { link }), '', t('signoff')].join('\n');
    await enqueueMessage(tx, { channel: 'email', recipient: donor.email, subject: t('retrySubject', { amount, date }), body: withLinks(body, await sipEmailLinks(tx, sub.id, site ?? mainSiteOrigin(siteConfig()))) });
  }
  if (donor.phone) await enqueueMessage(tx, { channel: 'sms', recipient: donor.phone, body: t('retrySms', { amount, date, link }) });
}
