// Cached reads for the lists and the brand every page shows: the page cache follows these tags, so a change expires
// exactly its pages. The story's own cached reads live with the story (lib/story/cached.ts).
import { unstable_cache } from 'next/cache';
import { getDb } from '../db/client';
import { listFundraisers, type ListOptions } from '../fundraisers/queries';
import { brandForHost, type Brand } from '../whitelabel/brand';
import { CACHE_SAFETY_REVALIDATE_S, CACHE_TAGS } from './tags';
import { listedCauses } from '../fundraisers/causes';
import { BRAND_REVALIDATE_S, FUNDRAISER_LIST_REVALIDATE_S } from '../constants/cache';

export async function cachedFundraiserList(opts: Omit<ListOptions, 'now'>) {
  return unstable_cache(async (o: Omit<ListOptions, 'now'>) => listFundraisers(await getDb(), o), ['fundraiser-list'], {
    tags: [CACHE_TAGS.fundraiserLists],
    revalidate: FUNDRAISER_LIST_REVALIDATE_S,
  })(opts);
}

export async function cachedBrand(host: string, productName: string): Promise<Brand> {
  return unstable_cache(async (h: string, name: string) => brandForHost(await getDb(), h, name), ['brand-for-host'], {
    tags: [CACHE_TAGS.brands],
    revalidate: BRAND_REVALIDATE_S,
  })(host, productName);
}

export async function cachedCauses() {
  return unstable_cache(async () => listedCauses(await getDb()), ['listed-causes'], { revalidate: CACHE_SAFETY_REVALIDATE_S })();
}
