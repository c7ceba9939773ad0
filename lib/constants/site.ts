// The site as a whole: the figures its footer shows, its contact number, partner (white-label) sites, its banners.

/**
 * spec 1: platform figures shown in the footer and on the home page (configurable through env): a number and its unit,
 * so each locale writes both its own way ('1100 Crs+' in en, '1100 करोड़+' in hi)
 */
export const PLATFORM_FIGURE_UNITS = ['crore', 'lakh', 'million'] as const;
export const PLATFORM_FIGURE_UNIT_SIZE: Record<(typeof PLATFORM_FIGURE_UNITS)[number], number> = { crore: 10_000_000, lakh: 100_000, million: 1_000_000 };
export const PLATFORM_FIGURES = {
  raised: { value: 1100, unit: 'crore' },
  donors: { value: 72, unit: 'lakh' },
  fundraisers: { value: 3.2, unit: 'lakh' },
  followers: { value: 2.5, unit: 'million' },
} as const;
export const DEFAULT_CONTACT_NUMBER = '+91 90000 12345';

/** white-label host lookups are cached in memory this long */
export const WHITE_LABEL_CACHE_MS = 60_000;
/** hosts remembered at once (partners and strangers alike): random Host headers cannot grow the cache without bound */
export const WHITE_LABEL_CACHE_MAX_HOSTS = 1000;

/** most banners one site shows at once (the first is the home banner) */
export const BANNERS_MAX = 5;
