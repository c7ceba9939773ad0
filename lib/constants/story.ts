// The story page's numbers (spec 4, 7, 9) in a file of their own because the story's browser code reads them:
// a page loads only the constants its own modules name. lib/constants.ts names them for the rest of lib/.
export const TRACKING_TITLE_LENGTH = 20;
export const FREQUENT_VISITED_CAMPAIGNS_LIMIT = 5;
export const TICKER_MOBILE_SHOW_AT_S = [1, 15, 27, 40] as const;
export const TICKER_MOBILE_HIDE_AFTER_S = 4;
export const TICKER_DESKTOP_SHOW_AT_S = [4.5, 14, 26, 40] as const;
export const TICKER_DESKTOP_HIDE_AFTER_S = 4.5;
export const TICKER_REDUCE_DONORS_BY = 3;
/** the system events that count as a story's visits and share clicks (spec 7 actions/collect) */
export const VISIT_EVENT = 'campaign_visit';
export const SHARE_EVENT = 'share_click';
/** the optional note a donor sends with "ask for update" */
export const UPDATE_REQUEST_MESSAGE_MAX = 500;
