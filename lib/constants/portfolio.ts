// The donor's own pages (spec 7 users/me): their orders and receipts.
import { DAY_MS } from './time';

export const USER_ORDERS_PAGE_SIZE = 10;
/** the most orders one page of users/me/orders may ask for */
export const USER_ORDERS_MAX_LIMIT = 50;
/** a receipt email's signed link opens that receipt without signing in until it expires (a tax season) */
export const RECEIPT_LINK_TTL_MS = 180 * DAY_MS;
/** the query parameter that carries a receipt link's signature */
export const RECEIPT_LINK_PARAM = 'receipt_token';
