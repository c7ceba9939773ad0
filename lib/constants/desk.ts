// The operations desk: staff roles, what each may do, and the desk's limits. Browser code (the desk's forms) reads
// this file: it imports nothing.

/** Platform memberships that make someone staff (memberships.role, scope 'platform'). */
export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff member may do on the desk. */
export const DESK_CAPABILITIES = [
  'orders.search',
  'orders.view',
  'receipt.resend',
  'donor.correct',
  'refund.request',
  'finance.export',
  'refund.release',
  'staff.manage',
  'partners.manage',
  'coupons.manage',
  'audit.read',
] as const;
export type DeskCapability = (typeof DESK_CAPABILITIES)[number];

const SUPPORT: readonly DeskCapability[] = ['orders.search', 'orders.view', 'receipt.resend', 'donor.correct', 'refund.request'];
const FINANCE: readonly DeskCapability[] = [...SUPPORT, 'finance.export', 'refund.release'];

/** Each role's capabilities: finance does all support does and more; admin does everything. */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly DeskCapability[]> = {
  support: SUPPORT,
  finance: FINANCE,
  admin: DESK_CAPABILITIES,
};

/** orders a search lists at most, newest first */
export const DESK_SEARCH_MAX = 50;
/** audit lines on one page of the audit log */
export const AUDIT_PAGE_SIZE = 50;
/** a refund's (or a cancelled hold's) reason, as staff write it */
export const DESK_REASON_MIN = 5;
export const DESK_REASON_MAX = 500;
/** an Indian mobile number without its country code, as staff may type it */
export const INDIAN_MOBILE_DIGITS = 10;
export const INDIA_CALLING_CODE = '+91';
/** a donor's corrected details */
export const DONOR_NAME_MAX = 100;
export const DONOR_ADDRESS_MAX = 500;
/** a partner's and a coupon's fields */
export const PARTNER_NAME_MAX = 100;
export const PARTNER_URL_MAX = 500;
export const ANALYTICS_ID_MAX = 40;
export const COUPON_CODE_MAX = 40;
export const SPONSOR_NAME_MAX = 100;
export const SHARE_PERCENT_MAX = 100;
/** the finance export covers at most this many days at once */
export const FINANCE_EXPORT_MAX_DAYS = 366;
