// What may be cached, where and how long: answers' Cache-Control, the expiry announced to every server, and the
// custom server's micro-cache of pages.

// Cache-Control of public answers
/** public listings (trending, urgent, success stories, trending story): a shared cache keeps them a minute */
export const LISTING_CACHE = 'public, max-age=0, s-maxage=60';
/** trending in one visitor's order: only their browser keeps it */
export const VISITOR_LISTING_CACHE = 'private, max-age=60';
/** a public fundraiser's cards (header, donor card, share card, shares, campaign count): as GET fundraiser does */
export const STORY_CARD_CACHE = 'public, max-age=0, s-maxage=30';
/** similar fundraisers: the story page refreshes them every 10 minutes */
export const SIMILAR_CACHE = 'public, max-age=0, s-maxage=600';
export const BANNER_CACHE = 'public, max-age=300, s-maxage=300';
export const EVENT_CACHE = 'public, max-age=300, s-maxage=3600';
/** spec 7 GET tickr: a shared cache may keep the latest gifts this long */
export const TICKR_CACHE = 'public, max-age=15, s-maxage=30';
/** reference lists change rarely: browsers keep them an hour, shared caches a day */
export const REFERENCE_LIST_CACHE = 'public, max-age=3600, s-maxage=86400';

// Expiry across servers
/** committed changes to fundraisers are announced on this NOTIFY channel; every server expires its cached pages */
export const CACHE_CHANNEL = 'sahyog_cache';
/** the most fundraisers one announcement names (one payment touches one, a SIP month a few) */
export const NOTIFIED_FUNDRAISERS_MAX = 100;
/** a dropped listening connection is opened again after this long, doubling on each failed try up to LISTEN_RECONNECT_MAX_MS */
export const LISTEN_RECONNECT_MS = 2_000;
export const LISTEN_RECONNECT_MAX_MS = 30_000;
/** TCP keepalive on the listening connection starts probing after this much silence (the heartbeat notices sooner) */
export const LISTEN_KEEPALIVE_MS = 10_000;
/** the listener sends itself a NOTIFY this often, so a connection that went silent without closing is noticed */
export const BUS_HEARTBEAT_MS = 10_000;
/** a heartbeat not back within this long: the connection is taken for dead, dropped and opened again */
export const BUS_HEARTBEAT_TIMEOUT_MS = 5_000;

// The custom server's micro-cache of pages
export const MICRO_CACHE_TTL_MS = 5_000;
export const MICRO_CACHE_MAX_ENTRIES = 500;
/** fills (the server fetching a page again to keep it) in flight at once; past it a miss is just answered */
export const MICRO_CACHE_MAX_FILLS = 4;
/** past its TTL an entry is still answered this long while one fill refreshes it (nginx's "use stale updating"):
 *  every visitor of a popular search no longer renders it at once when its copy expires. A change still clears it at once */
export const MICRO_CACHE_STALE_MS = 5_000;
/** a visitor of a search whose fill is rendering waits this long for it before asking Next itself (nginx's proxy_cache_lock_timeout) */
export const MICRO_CACHE_LOCK_MS = 3_000;

// How long Next's data cache keeps a read no writer expires (seconds)
/** the lists: 'active' depends on the clock, so a fundraiser whose end date passes drops out within ten minutes */
export const FUNDRAISER_LIST_REVALIDATE_S = 600;
/** a partner domain's brand (name, colours, logo), changed by an operator */
export const BRAND_REVALIDATE_S = 300;
/** the story's extras: similar fundraisers change with others' donations, refreshed this often rather than on each */
export const STORY_EXTRAS_REVALIDATE_S = 600;
