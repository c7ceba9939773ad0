// The campaigner's dashboard: the donations chart, donors and their thank-yous, updates, conversations (spec 3, 7).

/** fundraisers listed on /manage/list, newest first */
export const MANAGE_LIST_LIMIT = 100;
/** days the dashboard's donations chart covers, today included */
export const DASHBOARD_CHART_DAYS = 30;

/** recent successful donations the dashboard lists (the CSV has every one) */
export const DASHBOARD_DONORS_LIMIT = 25;
/** successful donations one CSV export reads from the database at a time */
export const DONORS_CSV_BATCH = 1_000;
/** spec 7 acknowledge: a campaigner's thank-you to one donor */
export const ACKNOWLEDGEMENT_MIN = 2;
export const ACKNOWLEDGEMENT_MAX = 1_000;

/** an update's title and text (the text's HTML, before sanitising) */
export const UPDATE_TITLE_MAX = 120;
export const UPDATE_TEXT_MIN = 10;
export const UPDATE_HTML_MAX = 20_000;
/** updates not public (held for review or declined) the dashboard lists, newest first */
export const DASHBOARD_HELD_UPDATES_LIMIT = 10;
/** an update-email unsubscribe token: the address (base64url, at most 254 characters of email) and its signature */
export const UPDATE_OPT_OUT_TOKEN_MAX = 512;

/** recent comments the dashboard lists for replies, newest first */
export const DASHBOARD_COMMENTS_LIMIT = 20;
/** open "ask for update" requests the dashboard lists, newest first */
export const DASHBOARD_UPDATE_REQUESTS_LIMIT = 50;
