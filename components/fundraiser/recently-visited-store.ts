// The browser's side of spec 9's recently visited campaigns: read from and written to localStorage, with a change
// signal so the home page's row follows visits made in other tabs too.
import { parseRecentlyVisited, RECENTLY_VISITED_STORAGE_KEY, withVisit, type VisitedCampaign } from '@/lib/story/recently-visited';

const CHANGED = 'sahyog:recently-visited';
const NONE: VisitedCampaign[] = [];

function readRaw(): string | null {
  try {
    return localStorage.getItem(RECENTLY_VISITED_STORAGE_KEY);
  } catch {
    // storage refused (private mode, blocked): nothing was kept
    return null;
  }
}

// useSyncExternalStore needs the same array while the stored text is unchanged
let cached: { raw: string | null; list: VisitedCampaign[] } = { raw: null, list: NONE };

export function recentlyVisited(): VisitedCampaign[] {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, list: parseRecentlyVisited(raw) };
  return cached.list;
}

/** The server (and the cached page) never knows a browser's visits. */
export const noVisitsOnServer = (): VisitedCampaign[] => NONE;

export function subscribeToRecentlyVisited(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === RECENTLY_VISITED_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** Records a visit of a story: newest first, once per campaign, at most FREQUENT_VISITED_CAMPAIGNS_LIMIT. */
export function rememberVisit(visit: VisitedCampaign): void {
  try {
    localStorage.setItem(RECENTLY_VISITED_STORAGE_KEY, JSON.stringify(withVisit(recentlyVisited(), visit)));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGED));
}
