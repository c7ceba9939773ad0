// spec 4 and 9: what a SIP's status_flag means to its donor, and when its next payment is near.
import { ACTIVE_SIP_STATUS_FLAGS, INACTIVE_USER_SIP_STATUS_FLAGS, NEXT_PAYMENT_DATE_WINDOW_DAYS } from '../constants/sip';
import { indiaDaysBetween } from '../india-time';

export type SipStatus = 'active' | 'paused' | 'stopped';

/** The stored status_flag of a subscription, by name. spec 4 fixes which count as active (1, 2, 4, 5) and which
 *  send the donor to the inactive-user page (2, 4, 5); the names say why each is not charging. */
export const SIP_STATUS = {
  active: 1,
  pausedByDonor: 2,
  cancelled: 3,
  paymentFailing: 4,
  awaitingMandate: 5,
  /** ended by itself: its tenure's months are paid, or the one fundraiser it gave to has ended (not active in spec 4) */
  completed: 6,
  /** never started: no mandate for it was authorised within SIP_MANDATE_LAPSE_DAYS (not active in spec 4); never charged */
  lapsed: 7,
} as const;
export type SipStatusFlag = (typeof SIP_STATUS)[keyof typeof SIP_STATUS];

const includes = (list: readonly number[], flag: number) => list.includes(flag);

/** The SIPs the charge run debits: running, or running with a failed month being tried again (status 4). */
export const RUNNING_SIP_STATUS_FLAGS: readonly SipStatusFlag[] = [SIP_STATUS.active, SIP_STATUS.paymentFailing];
export const isRunningSip = (statusFlag: number) => includes(RUNNING_SIP_STATUS_FLAGS, statusFlag);

/** The SIPs a mandate pays or may pay again: running, failing, paused, or waiting for a method (what its cap must cover). */
export const LIVE_SIP_STATUS_FLAGS: readonly SipStatusFlag[] = [SIP_STATUS.active, SIP_STATUS.paymentFailing, SIP_STATUS.awaitingMandate, SIP_STATUS.pausedByDonor];
export const isLiveSip = (statusFlag: number) => includes(LIVE_SIP_STATUS_FLAGS, statusFlag);

/** spec 4: 1 runs; 2, 4 and 5 still count as a SIP but are paused (the inactive-user page); anything else has stopped. */
export function sipStatusOf(statusFlag: number): SipStatus {
  if (includes(INACTIVE_USER_SIP_STATUS_FLAGS, statusFlag)) return 'paused';
  return includes(ACTIVE_SIP_STATUS_FLAGS, statusFlag) ? 'active' : 'stopped';
}

/** spec 4: users/me activeSubscription is true for status 1, 2, 4 or 5. */
export const hasActiveSubscription = (statusFlags: readonly number[]) => statusFlags.some((f) => includes(ACTIVE_SIP_STATUS_FLAGS, f));

/** spec 9: a next payment date within 5 days counts as due soon: India's calendar days, so 23:00 IST on the 6th is soon on the 1st. */
export function isPaymentDueSoon(nextPaymentDate: Date | string | null, now = new Date()): boolean {
  if (!nextPaymentDate || new Date(nextPaymentDate).getTime() < now.getTime()) return false;
  return indiaDaysBetween(now, nextPaymentDate) <= NEXT_PAYMENT_DATE_WINDOW_DAYS;
}
