// A SIP's payment calendar: pure date arithmetic in UTC, shared by lib/sip/manage.ts and the portfolio's
// SipActions (which shows when a pause ends before the donor confirms it).

/** The same day of the month `months` later (UTC), or the month's last day when it is shorter (31 Jan + 1 = 28/29 Feb). */
export function addMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
}

/** The earliest payment date on or after `from` in a SIP's calendar: its payment day every `interval` months, counted from `anchor`. */
export function firstPaymentDateFrom(anchor: Date, from: Date, interval: number): Date {
  const step = Math.max(1, interval);
  const monthsApart = (from.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + from.getUTCMonth() - anchor.getUTCMonth();
  // start a step before `from`'s month, then walk forward; counting from the anchor each time keeps a 31st from drifting to the 28th
  let k = Math.floor(monthsApart / step) - 1;
  let date = addMonthsUtc(anchor, k * step);
  while (date < from) date = addMonthsUtc(anchor, ++k * step);
  return date;
}

/** The month (YYYY-MM, UTC) a payment date falls in: the period a charge and a skip are keyed by (as lib/sip/charge.ts sipPeriod). */
export const paymentPeriod = (at: Date | string) => new Date(at).toISOString().slice(0, 7);
