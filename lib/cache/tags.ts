// Cache tags: pages and cached queries carry them; writers invalidate them (lib/cache/invalidate.ts).
export const CACHE_TAGS = {
  fundraiser: (id: number) => `fundraiser:${id}`,
  fundraiserLists: 'fundraisers:lists',
  brands: 'white-label-brands',
} as const;

// a safety net: every cached entry is rebuilt at least this often even if no writer expires it
export const CACHE_SAFETY_REVALIDATE_S = 3600;
