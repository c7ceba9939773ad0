// A SIP's payment calendar, counted in India's months (a debit at 00:30 IST on the 1st is that month's), shared by
// lib/sip/manage.ts and the portfolio's SipActions (which shows when a pause ends before the donor confirms it).
import { addIndiaMonths, indiaMonth, indiaMonthsApart } from '../india-time';

/** The same India calendar day `months` later, or the month's last day when it is shorter (31 Jan + 1 = 28/29 Feb). */
export const addSipMonths = (date: Date, months: number): Date => addIndiaMonths(date, months);

/** The earliest payment date on or after `from` in a SIP's calendar: its payment day every `interval` months, counted from `anchor`. */
export function firstPaymentDateFrom(anchor: Date, from: Date, interval: number): Date {
  const step = Math.max(1, interval);
  const monthsApart = indiaMonthsApart(anchor, from);
  // start a step before `from`'s month, then walk forward; counting from the anchor each time keeps a 31st from drifting to the 28th
  let k = Math.floor(monthsApart / step) - 1;
  let date = addSipMonths(anchor, k * step);
  while (date < from) date = addSipMonths(anchor, ++k * step);
  return date;
}

/** The month (YYYY-MM, India time) a payment date falls in: the period a charge and a skip are keyed by. */
export const paymentPeriod = (at: Date | string) => indiaMonth(at);
