// Cache tags: pages and cached queries carry them; writers invalidate them (lib/cache/invalidate.ts).
export const CACHE_TAGS = {
  fundraiser: (id: number) => `fundraiser:${id}`,
  fundraiserLists: 'fundraisers:lists',
  brands: 'white-label-brands',
} as const;

// Next tags every page and route it caches, and every cached read made while rendering one, with its root layout's
// implicit tag: expiring it is revalidatePath('/', 'layout'), everything at once
export const EVERY_PAGE_TAG = '_N_T_/layout';

// a safety net: every cached entry is rebuilt at least this often even if no writer expires it
export const CACHE_SAFETY_REVALIDATE_S = 3600;
