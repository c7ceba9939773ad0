// The public transparency page: how far back it looks and how fresh it is.
/** months of money shown, the current one included */
export const TRANSPARENCY_MONTHS = 12;
/** the field speed is the 75th percentile of the visits of these last days */
export const TRANSPARENCY_VITALS_DAYS = 28;
/** fewer visits than this on a page type say "not enough visits yet" rather than a percentile of a handful */
export const TRANSPARENCY_VITALS_MIN_SAMPLES = 20;
/** visitors' samples older than this are removed by the daily job */
export const VITAL_SAMPLES_KEEP_DAYS = 35;
/** the page is worked out once a day */
export const TRANSPARENCY_REVALIDATE_S = 24 * 60 * 60;
/** the metrics the page reports, with Google's "good" thresholds (ms; CLS unitless) */
export const TRANSPARENCY_VITALS = { LCP: 2500, INP: 200, CLS: 0.1 } as const;
