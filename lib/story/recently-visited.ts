// spec 9: the campaigns a browser visited most recently (at most 5), kept in its localStorage by the story page and
// shown on the home page. Plain functions over the stored list: what is read back is checked, never trusted.
import { FREQUENT_VISITED_CAMPAIGNS_LIMIT } from '../constants/story';
import { DEFAULT_FUNDRAISER_IMAGE } from '../fundraisers/rules';

export const RECENTLY_VISITED_STORAGE_KEY = 'frequent_visited_campaigns';

export interface VisitedCampaign {
  id: number;
  custom_tag: string;
  title: string;
  image: string;
}

// what a stored entry may hold: our own paths or an https picture, a sane tag and title
const TITLE_MAX = 200;
const TAG_MAX = 200;
const isImage = (src: string) => (src.startsWith('/') && !src.startsWith('//')) || /^https:\/\/[^/\s]+\//.test(src);

function visitedCampaign(value: unknown): VisitedCampaign | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'number' || !Number.isSafeInteger(v.id) || v.id <= 0) return null;
  if (typeof v.custom_tag !== 'string' || !v.custom_tag || v.custom_tag.length > TAG_MAX) return null;
  if (typeof v.title !== 'string' || !v.title.trim()) return null;
  const image = typeof v.image === 'string' && isImage(v.image) ? v.image : DEFAULT_FUNDRAISER_IMAGE;
  return { id: v.id, custom_tag: v.custom_tag, title: v.title.trim().slice(0, TITLE_MAX), image };
}

/** The stored list, newest first: malformed entries and repeats dropped, at most the limit. */
export function parseRecentlyVisited(raw: string | null, limit = FREQUENT_VISITED_CAMPAIGNS_LIMIT): VisitedCampaign[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<number>();
  const list: VisitedCampaign[] = [];
  for (const entry of parsed) {
    const campaign = visitedCampaign(entry);
    if (!campaign || seen.has(campaign.id)) continue;
    seen.add(campaign.id);
    list.push(campaign);
    if (list.length === limit) break;
  }
  return list;
}

/** The list after a visit: this campaign first (its latest title and picture), any earlier visit of it removed, at most the limit. */
export function withVisit(list: readonly VisitedCampaign[], visit: VisitedCampaign, limit = FREQUENT_VISITED_CAMPAIGNS_LIMIT): VisitedCampaign[] {
  const campaign = visitedCampaign(visit);
  if (!campaign) return list.slice(0, limit);
  return [campaign, ...list.filter((c) => c.id !== campaign.id)].slice(0, limit);
}
