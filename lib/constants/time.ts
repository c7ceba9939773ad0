// Units of time and India's clock, which every domain counts in. Browser code reads this file: it imports nothing.
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** dates the product shows or takes as a day are India's (IST has no daylight saving, so the offset is fixed) */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const INDIA_UTC_OFFSET = '+05:30';
/** IST is UTC+05:30 all year: India's wall time is this far ahead of UTC */
export const INDIA_UTC_OFFSET_MS = (5 * 60 + 30) * MINUTE_MS;
