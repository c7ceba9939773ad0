// Cached reads for pages: the page cache follows these tags, so a change expires exactly its pages.
import { unstable_cache } from 'next/cache';
import { getDb } from '../db/client';
import { fundraiserById, fundraiserIdByTag, listFundraisers, type ListOptions } from '../fundraisers/queries';
import { brandForHost, type Brand } from '../whitelabel/brand';
import { CACHE_TAGS } from './tags';
import { listedCauses } from '../fundraisers/causes';
import { campaignUpdate, similarFundraisers, storyComments, storySupporters, storyUpdates, supportingFundraisers } from '../story/queries';
import { storyWithdrawals } from '../fundraisers/funds-used';
import { listRewards } from '../fundraisers/rewards';
import { STORY_COMMENTS_PAGE_SIZE, STORY_SIMILAR_COUNT, STORY_SUPPORTERS_PAGE_SIZE, STORY_SUPPORTING_COUNT, STORY_UPDATES_PAGE_SIZE } from '../constants/story';

// a safety net: every cached entry is rebuilt at least this often even if no writer expires it
const SAFETY_REVALIDATE_S = 3600;

export async function cachedFundraiserByTag(tag: string) {
  const id = await unstable_cache(async (t: string) => fundraiserIdByTag(await getDb(), t), ['fundraiser-id-by-tag'], {
    revalidate: SAFETY_REVALIDATE_S,
  })(tag);
  if (!id) return null;
  return cachedFundraiserById(id);
}

export async function cachedFundraiserList(opts: Omit<ListOptions, 'now'>) {
  // 'active' depends on the clock: a fundraiser whose end date passes drops out within the hour
  return unstable_cache(async (o: Omit<ListOptions, 'now'>) => listFundraisers(await getDb(), o), ['fundraiser-list'], {
    tags: [CACHE_TAGS.fundraiserLists],
    revalidate: 600,
  })(opts);
}

export async function cachedBrand(host: string, productName: string): Promise<Brand> {
  return unstable_cache(async (h: string, name: string) => brandForHost(await getDb(), h, name), ['brand-for-host'], {
    tags: [CACHE_TAGS.brands],
    revalidate: 300,
  })(host, productName);
}

export async function cachedFundraiserById(id: number) {
  return unstable_cache(async (i: number) => fundraiserById(await getDb(), i), ['fundraiser-by-id'], {
    tags: [CACHE_TAGS.fundraiser(id)],
    revalidate: SAFETY_REVALIDATE_S,
  })(id);
}

/** Everything a story page shows besides the fundraiser: expires with the fundraiser's tag. */
export async function cachedStoryExtras(id: number, causeId: number, title: string) {
  return unstable_cache(
    async (i: number, cause: number, storyTitle: string) => {
      const db = await getDb();
      const [updates, comments, supporters, similar, supporting, withdrawals, rewards] = await Promise.all([
        storyUpdates(db, i, 1, STORY_UPDATES_PAGE_SIZE),
        storyComments(db, i, 1, STORY_COMMENTS_PAGE_SIZE),
        storySupporters(db, i, { page: 1, perPage: STORY_SUPPORTERS_PAGE_SIZE }),
        similarFundraisers(db, { id: i, cause_id: cause, title: storyTitle }, STORY_SIMILAR_COUNT),
        supportingFundraisers(db, i, STORY_SUPPORTING_COUNT),
        // issue 13: "How funds are used" (approving or paying a withdrawal expires the tag)
        storyWithdrawals(db, i),
        // issue 13: rewards and how many are left (a change or a claim expires the tag)
        listRewards(db, i),
      ]);
      return { updates, comments, supporters, similar, supporting, withdrawals, rewards };
    },
    ['story-extras'],
    // similar fundraisers change with others' donations: refreshed every 10 minutes rather than on each
    { tags: [CACHE_TAGS.fundraiser(id)], revalidate: 600 },
  )(id, causeId, title);
}

/** An update's page (issue 30): its update email sends every donor at once, so it is cached like the story, under its tag. */
export async function cachedCampaignUpdate(fundraiserId: number, updateId: number | null) {
  return unstable_cache(async (i: number, u: number | null) => campaignUpdate(await getDb(), i, u), ['campaign-update'], {
    tags: [CACHE_TAGS.fundraiser(fundraiserId)],
    revalidate: SAFETY_REVALIDATE_S,
  })(fundraiserId, updateId);
}

export async function cachedCauses() {
  return unstable_cache(async () => listedCauses(await getDb()), ['listed-causes'], { revalidate: SAFETY_REVALIDATE_S })();
}
