// Listings of fundraisers: the home page, trending, searches and the carousel (spec 4, 7, 9). The home page's browser
// code reads this file (the carousel): it imports nothing.

// spec 4: the carousel shows this many cards per view
export const CAROUSEL_CARDS_PER_VIEW_DESKTOP = 3;
export const CAROUSEL_CARDS_PER_VIEW_MOBILE = 1.5;
export const CAROUSEL_ARROWS_ABOVE = 3;

// spec 9: listings
export const FUNDRAISER_LIST_DEFAULT_LIMIT = 24;
export const FUNDRAISER_LIST_MAX_LIMIT = 100;
export const DASHBOARD_FETCH_COUNT = 50;
export const HOME_TRENDING_COUNT = 12;
export const HOME_SECTION_COUNT = 6;
/** lists and searches count their matches up to this many, then say "1,000+": an exact count of a common word grows with the catalogue */
export const LIST_COUNT_CAP = 1000;

/** the trending story: the success story with the most supporters over this many days (spec 7 trending story) */
export const TRENDING_STORY_WINDOW_DAYS = 30;
/** ended fundraisers with recent supporters are read this many at a time, at most this many pages, to find a success story */
export const TRENDING_STORY_SCAN_BATCH = 20;
export const TRENDING_STORY_SCAN_PAGES = 5;

/** spec 7 GET tickr: how many of the platform's latest gifts it answers */
export const TICKR_LIMIT_DEFAULT = 10;
export const TICKR_LIMIT_MAX = 30;
