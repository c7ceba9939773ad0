// The donation ticker of spec 4: when it shows, for how long, and how many recent donors it mentions.
import {
  TICKER_DESKTOP_HIDE_AFTER_S,
  TICKER_DESKTOP_SHOW_AT_S,
  TICKER_MOBILE_HIDE_AFTER_S,
  TICKER_MOBILE_SHOW_AT_S,
  TICKER_REDUCE_DONORS_BY,
} from '../constants/story';

export interface TickerSlot {
  showAtMs: number;
  hideAtMs: number;
  /** which fetched donor this slot shows */
  donorIndex: number;
}

/** Show/hide times from page load, one slot per recent donor (no more slots than donors). */
export function tickerSchedule(isMobile: boolean, donorCount: number): TickerSlot[] {
  const showAt = isMobile ? TICKER_MOBILE_SHOW_AT_S : TICKER_DESKTOP_SHOW_AT_S;
  const hideAfter = isMobile ? TICKER_MOBILE_HIDE_AFTER_S : TICKER_DESKTOP_HIDE_AFTER_S;
  return showAt.slice(0, Math.max(0, donorCount)).map((s, i) => ({ showAtMs: s * 1000, hideAtMs: (s + hideAfter) * 1000, donorIndex: i }));
}

/** reduceDonorsBy 3: the "and N others" figure leaves out the donors the ticker names itself. */
export function tickerOthersCount(totalDonors: number): number {
  return Math.max(0, totalDonors - TICKER_REDUCE_DONORS_BY);
}
