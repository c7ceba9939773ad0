// Marketing source fields (spec 1, 9): kept from a landing URL in cookies and sent with leads, carts and orders.
export const UTM_COOKIE_DAYS = 7;
/** the marketing fields a landing URL may carry; each is kept in a cookie of its own name */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** a utm value kept from a URL, a cookie or a body: one line of at most this many characters */
export const UTM_VALUE_MAX = 100;
