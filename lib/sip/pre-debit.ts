// The Indian recurring-payment rule: every mandate debit is announced to the donor, by email and SMS when
// they have a phone, at least 24 hours before it, with its amount and date. One notice per subscription per month:
// pre_debit_period records the month whose notice went out, set in the same transaction as the messages.
import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';
import { SIP_CHARGE_BATCH, SIP_PRE_DEBIT_MAX_NOTICE_MS, SIP_PRE_DEBIT_MIN_NOTICE_MS } from '../constants/sip';
import { INDIA_TIME_ZONE } from '../constants/time';
import { enqueueMessage } from '../outbox/queue';
import { sipEmailLinks, withLinks } from './links';
import { formatMoney } from '../money';
import { isPaymentDueSoon, SIP_STATUS } from './status';
import { sipDateLocale, sipDonorOf, sipPeriod, type SipDonor } from './settled';
import { sipTranslator } from './translator';

type SubscriptionRow = typeof subscriptions.$inferSelect;

// the month of a next payment date, as sipPeriod computes it, for the database
const periodSql = sql`to_char(${subscriptions.next_payment_date} at time zone ${sql.raw(`'${INDIA_TIME_ZONE}'`)}, 'YYYY-MM')`;

/** A debit's date as the notice states it: India's calendar day, in the SIP's language. */
const debitDay = (at: Date, locale: string) => at.toLocaleDateString(sipDateLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: INDIA_TIME_ZONE });

/**
 * Sends the notice of every debit due between 24 and 48 hours from now that has not had one (a run every hour sees each
 * debit in that window; a second run sends nothing). Skipped months and debits inside a pause get none.
 */
export async function sendPreDebitNotices(db: Db, opts: { now: Date; origin: string; subscriptionIds?: number[] }): Promise<{ sent: number }> {
  const from = new Date(opts.now.getTime() + SIP_PRE_DEBIT_MIN_NOTICE_MS);
  const to = new Date(opts.now.getTime() + SIP_PRE_DEBIT_MAX_NOTICE_MS);
  const conditions: SQL[] = [
    eq(subscriptions.status_flag, SIP_STATUS.active),
    gt(subscriptions.next_payment_date, from),
    lte(subscriptions.next_payment_date, to),
    sql`${subscriptions.pre_debit_period} is distinct from ${periodSql}`,
    sql`${subscriptions.skip_period} is distinct from ${periodSql}`,
    or(isNull(subscriptions.paused_until), lte(subscriptions.paused_until, subscriptions.next_payment_date))!,
  ];
  if (opts.subscriptionIds) conditions.push(inArray(subscriptions.id, opts.subscriptionIds.length ? opts.subscriptionIds : [0]));
  let sent = 0;
  let cursor = 0;
  for (;;) {
    const page = await db
      .select()
      .from(subscriptions)
      .where(and(...conditions, gt(subscriptions.id, cursor)))
      .orderBy(asc(subscriptions.id))
      .limit(SIP_CHARGE_BATCH);
    if (!page.length) break;
    cursor = page[page.length - 1].id;
    for (const sub of page) if (await sendNotice(db, sub, opts.origin)) sent++;
  }
  return { sent };
}

/** Marks the month's notice sent and writes it, together; false when another run was first. */
async function sendNotice(db: Db, sub: SubscriptionRow, origin: string): Promise<boolean> {
  const period = sipPeriod(sub.next_payment_date!);
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(subscriptions)
      .set({ pre_debit_period: period, updated_at: new Date() })
      .where(and(eq(subscriptions.id, sub.id), sql`${subscriptions.pre_debit_period} is distinct from ${period}`))
      .returning({ id: subscriptions.id });
    if (!marked) return false;
    const donor = await sipDonorOf(tx, sub, origin);
    if (!donor) return true;
    const notice = await preDebitNotice(donor, sub);
    // every SIP email carries its signed one-tap links (lower, pause, skip, cancel…): no sign-in, no phone call
    if (donor.email) await enqueueMessage(tx, { channel: 'email', recipient: donor.email, subject: notice.subject, body: withLinks(notice.email, await sipEmailLinks(tx, sub.id, origin)) });
    if (donor.phone) await enqueueMessage(tx, { channel: 'sms', recipient: donor.phone, body: notice.sms });
    return true;
  });
}

/** The notice in the SIP's language (messages/*.json, SipManage.email): its subject, email and SMS. */
async function preDebitNotice(d: SipDonor, sub: SubscriptionRow) {
  const { locale, t, words, digits } = await sipTranslator(sub.locale);
  const amount = digits(formatMoney(sub.amount_minor, sub.currency, locale, { exact: true }));
  const date = words(debitDay(sub.next_payment_date!, locale));
  const link = digits(d.manageLink);
  return {
    subject: t('preDebitSubject', { amount, date }),
    email: [t('greeting', { name: words(d.name) }), '', t('preDebitNotice', { amount, date }), t('preDebitChange', { link }), '', t('signoff')].join('\n'),
    sms: t('preDebitSms', { amount, date, link }),
  };
}

export interface UpcomingSipPayment {
  /** when the mandate will be debited */
  date: Date;
  /** the month it pays (YYYY-MM) */
  period: string;
  amount_minor: number;
  currency: string;
}

/** spec 9: the portfolio's "upcoming payment" notice, for a running SIP whose next debit is within 5 days (and not skipped or paused). */
export function upcomingPaymentOf(
  sub: Pick<SubscriptionRow, 'status_flag' | 'next_payment_date' | 'amount_minor' | 'currency' | 'paused_until' | 'skip_period'>,
  now: Date = new Date(),
): UpcomingSipPayment | null {
  if (sub.status_flag !== SIP_STATUS.active || !sub.next_payment_date || !isPaymentDueSoon(sub.next_payment_date, now)) return null;
  const date = new Date(sub.next_payment_date);
  const period = sipPeriod(date);
  if (sub.skip_period === period || (sub.paused_until && new Date(sub.paused_until) > date)) return null;
  return { date, period, amount_minor: sub.amount_minor, currency: sub.currency };
}
