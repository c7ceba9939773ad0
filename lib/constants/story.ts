// A fundraiser's public page, the story (spec 4, 7, 9): its lists, ticker, comments, private PINs, visits and shares.
// The story's browser code reads this file: it imports nothing.

// spec 9: what the story page lists, and how much at a time
export const STORY_UPDATES_PAGE_SIZE = 5;
export const STORY_COMMENTS_PAGE_SIZE = 10;
export const STORY_SUPPORTERS_PAGE_SIZE = 10;
export const STORY_SUPPORTING_COUNT = 6;
export const STORY_SIMILAR_COUNT = 6;
/** similar fundraisers are read in pages of this many times the count shown, at most this many pages, until enough distinct titles are found */
export const STORY_SIMILAR_SCAN_FACTOR = 2;
export const STORY_SIMILAR_SCAN_PAGES = 5;
/** largest gifts the donor card names */
export const DONOR_CARD_TOP_DONORS = 3;
export const COMMENT_MAX_LENGTH = 1000;
/** the optional note a donor sends with "ask for update" */
export const UPDATE_REQUEST_MESSAGE_MAX = 500;

// spec 4: the donation ticker shows recent gifts at these seconds of a visit, each for a few seconds
export const TICKER_DONORS_LIMIT = 10;
export const TICKER_MOBILE_SHOW_AT_S = [1, 15, 27, 40] as const;
export const TICKER_MOBILE_HIDE_AFTER_S = 4;
export const TICKER_DESKTOP_SHOW_AT_S = [4.5, 14, 26, 40] as const;
export const TICKER_DESKTOP_HIDE_AFTER_S = 4.5;
export const TICKER_REDUCE_DONORS_BY = 3;

// spec 4: recently visited campaigns, kept in the browser
export const TRACKING_TITLE_LENGTH = 20;
export const FREQUENT_VISITED_CAMPAIGNS_LIMIT = 5;

// A private fundraiser opens with its PIN; the PINs a browser entered are kept in one sealed cookie (wrong PINs: lib/constants/security/limits.ts)
export const PIN_ACCESS_COOKIE = 'pin_access';
export const PIN_ACCESS_DAYS = 30;
export const PIN_ACCESS_MAX_FUNDRAISERS = 20;

/** the system events that count as a story's visits and share clicks (spec 7 actions/collect) */
export const VISIT_EVENT = 'campaign_visit';
export const SHARE_EVENT = 'share_click';
/** spec 7 contribute-now: the click is kept as this system event (beside campaign_visit and share_click) */
export const CONTRIBUTE_EVENT = 'contribute_now';
/** GET system-events: counts per entity are kept this long in memory (and by browsers and CDNs) */
export const SYSTEM_EVENT_COUNTS_CACHE_MS = 30_000;
export const SYSTEM_EVENT_COUNTS_CACHE_MAX = 1000;
/** GET system-events: at most this many event names asked for at once */
export const SYSTEM_EVENT_NAMES_MAX = 20;
/** the visitor's cookie id (spec 7 trending with cookie id; campaign visits count once per visitor and day); set by POST visit */
export const VISITOR_COOKIE = 'cookie_id';
export const VISITOR_COOKIE_DAYS = 365;
/** a visitor id is this many random bytes, base64url (the shape a cookie must have: lib/validation/ids.ts) */
export const VISITOR_ID_BYTES = 16;

// spec 1 and 9: sharing a story
export const WHATSAPP_SHARE_TEXT_LENGTH = 441;
/** the story summary in the share text, as the story page cuts it */
export const STORY_SHARE_SUMMARY_LENGTH = 300;
/** the channels the story's share menu records (share_click info_2) */
export const SHARE_CHANNELS = ['whatsapp', 'facebook', 'copy'] as const;
