// The story's cached reads: a fundraiser by its tag or id, what its page shows besides it, an update's page. Each
// carries the fundraiser's cache tag, so a change expires exactly its pages (lib/cache/invalidate.ts).
import { unstable_cache } from 'next/cache';
import { getDb } from '../db/client';
import { fundraiserById, fundraiserIdByTag } from '../fundraisers/queries';
import { storyWithdrawals } from '../fundraisers/funds-used';
import { listRewards } from '../fundraisers/rewards';
import { CACHE_SAFETY_REVALIDATE_S, CACHE_TAGS } from '../cache/tags';
import { campaignUpdate, similarFundraisers, storyComments, storySupporters, storyUpdates, supportingFundraisers } from './queries';
import { STORY_COMMENTS_PAGE_SIZE, STORY_SIMILAR_COUNT, STORY_SUPPORTERS_PAGE_SIZE, STORY_SUPPORTING_COUNT, STORY_UPDATES_PAGE_SIZE } from '../constants/story';
import { STORY_EXTRAS_REVALIDATE_S } from '../constants/cache';

export async function cachedFundraiserByTag(tag: string) {
  const id = await unstable_cache(async (t: string) => fundraiserIdByTag(await getDb(), t), ['fundraiser-id-by-tag'], {
    revalidate: CACHE_SAFETY_REVALIDATE_S,
  })(tag);
  if (!id) return null;
  return cachedFundraiserById(id);
}

export async function cachedFundraiserById(id: number) {
  return unstable_cache(async (i: number) => fundraiserById(await getDb(), i), ['fundraiser-by-id'], {
    tags: [CACHE_TAGS.fundraiser(id)],
    revalidate: CACHE_SAFETY_REVALIDATE_S,
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
        // "How funds are used" (approving or paying a withdrawal expires the tag)
        storyWithdrawals(db, i),
        // rewards and how many are left (a change or a claim expires the tag)
        listRewards(db, i),
      ]);
      return { updates, comments, supporters, similar, supporting, withdrawals, rewards };
    },
    ['story-extras'],
    { tags: [CACHE_TAGS.fundraiser(id)], revalidate: STORY_EXTRAS_REVALIDATE_S },
  )(id, causeId, title);
}

/** An update's page: its update email sends every donor at once, so it is cached like the story, under its tag. */
export async function cachedCampaignUpdate(fundraiserId: number, updateId: number | null) {
  return unstable_cache(async (i: number, u: number | null) => campaignUpdate(await getDb(), i, u), ['campaign-update'], {
    tags: [CACHE_TAGS.fundraiser(fundraiserId)],
    revalidate: CACHE_SAFETY_REVALIDATE_S,
  })(fundraiserId, updateId);
}
