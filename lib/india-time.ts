// India's calendar: months, days and financial years as India counts them. IST has no daylight saving, so a fixed shift
// of the clock is exact; browser code (SipActions) reads this file, so it imports only constants.
import { INDIA_UTC_OFFSET_MS } from './constants/time';
import { FINANCIAL_YEAR_FIRST_MONTH } from './constants/tax';

/** The moment read on India's clock as if it were UTC: its UTC fields are India's wall time. */
const onIndiaClock = (at: Date | string) => new Date(new Date(at).getTime() + INDIA_UTC_OFFSET_MS);
/** The inverse: a wall time in India (held in a Date's UTC fields) back to the moment. */
const fromIndiaClock = (wall: Date) => new Date(wall.getTime() - INDIA_UTC_OFFSET_MS);

/** The month (YYYY-MM) a moment falls in, in India: 00:30 IST on the 1st is that month, not the last. */
export const indiaMonth = (at: Date | string) => onIndiaClock(at).toISOString().slice(0, 7);

/** The day (YYYY-MM-DD) a moment falls on, in India. */
export const indiaDay = (at: Date | string) => onIndiaClock(at).toISOString().slice(0, 10);

/** Whole India calendar days from `from`'s day to `to`'s day (negative when `to` is earlier). */
export function indiaDaysBetween(from: Date | string, to: Date | string): number {
  const day = (at: Date | string) => Date.parse(`${indiaDay(at)}T00:00:00Z`);
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/** The same India calendar day `months` later, at the same India time (the month's last day when it is shorter: 31 Jan + 1 = 28/29 Feb). */
export function addIndiaMonths(at: Date, months: number): Date {
  const wall = onIndiaClock(at);
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return fromIndiaClock(new Date(Date.UTC(y, m, Math.min(wall.getUTCDate(), lastDay), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds())));
}

/** Months between two moments' India months (b's month minus a's). */
export function indiaMonthsApart(a: Date, b: Date): number {
  const wa = onIndiaClock(a);
  const wb = onIndiaClock(b);
  return (wb.getUTCFullYear() - wa.getUTCFullYear()) * 12 + wb.getUTCMonth() - wa.getUTCMonth();
}

/** The Indian financial year (April to March, India time) a moment falls in, as '2026-27'. */
export function financialYearOf(at: Date | string): string {
  const wall = onIndiaClock(at);
  const start = wall.getUTCMonth() + 1 >= FINANCIAL_YEAR_FIRST_MONTH ? wall.getUTCFullYear() : wall.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** '2026-27' -> 2026, or null when it is not a financial year's name. */
export function financialYearStart(fy: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(fy);
  if (!m) return null;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : null;
}

/** The first moment of a financial year and the first moment of the next, in India time. */
export function financialYearBounds(fy: string): { from: Date; to: Date } | null {
  const start = financialYearStart(fy);
  if (start === null) return null;
  const month = FINANCIAL_YEAR_FIRST_MONTH - 1;
  return { from: fromIndiaClock(new Date(Date.UTC(start, month, 1))), to: fromIndiaClock(new Date(Date.UTC(start + 1, month, 1))) };
}
