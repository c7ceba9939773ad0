// Cache tags: pages and cached queries carry them; writers invalidate them (lib/cache/invalidate.ts).
export const CACHE_TAGS = {
  fundraiser: (id: number) => `fundraiser:${id}`,
  fundraiserLists: 'fundraisers:lists',
  brands: 'white-label-brands',
} as const;
