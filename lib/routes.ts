// spec 2: legacy paths and the destinations the product links to.
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/fundraisers/all_fundraisers.php': '/all-fundraisers',
  '/pages/about-us': '/about-us',
  '/pages/contact-us': '/contact-us',
  '/pages/blog': '/blog',
};

// Only the embeddable listing may be shown inside another site's frame.
export const FRAMEABLE_PATHS = ['/fundraiser-listing'] as const;

/** The first value of a search param as Next hands them to pages (string, repeated, or absent). */
export const firstParam = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** A path segment as text, or null when it is badly encoded ('%') or holds control characters: such a page does not exist. */
export function decodedSegment(raw: string): string | null {
  try {
    const text = decodeURIComponent(raw);
    return /[\u0000-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

/** True when a request URL carries control characters (raw or %-encoded): refused with 400 before any page or route sees it. */
export function hasControlCharactersInUrl(url: string): boolean {
  return /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i.test(url);
}

/** A path that does not decode (a stray '%', broken UTF-8) or decodes to a '%': no page of ours has one, and Next's router fails on some. */
export function isUnreadablePath(pathname: string): boolean {
  // nothing to decode: every request of a well-behaved client, checked without a try or a copy
  if (!pathname.includes('%')) return false;
  try {
    return decodeURIComponent(pathname).includes('%');
  } catch {
    return true;
  }
}

/** The door check of our server and the middleware: control characters anywhere, or an unreadable path. */
export const isBadRequestUrl = (url: string): boolean => {
  const q = url.indexOf('?');
  return hasControlCharactersInUrl(url) || isUnreadablePath(q >= 0 ? url.slice(0, q) : url);
};

// Pages the product links to by name (en paths; localizedPath adds the locale's prefix)
/** the signed-in donor's SIPs (spec 2 and 6: the SIP retention site's stand-in), where a SIP email sends them to manage it */
export const SIP_PAGE_PATH = '/sip';
/** where a SIP email's signed one-purpose link lands, signed in or not (lib/auth/guards.ts lets it through) */
export const SIP_MANAGE_LINK_PATH = '/sip/manage';
/** where monthly giving starts */
export const SIP_SUBSCRIBE_PATH = '/new/sip';
/** the insurance plans page and a policy's own page (the payment comes back to /insurance/{id}?oi=) */
export const INSURANCE_PATH = '/insurance';
export const FAILED_PAYMENT_PATH = '/payment-failed';
/** where the Paytm wallet sends the person back with ?code=&state= (the sign-in page, which calls callback/paytm) */
export const PAYTM_LOGIN_RETURN_PATH = '/new/signin';
/** scheduled tasks run through this route of our own, called by the server's timer (lib/constants/server.ts names its header) */
export const INTERNAL_TASK_PATH = '/api/internal/tasks';

export const storyPath = (customTag: string) => `/stories/${encodeURIComponent(customTag)}`;
/** A public fundraiser's share preview (og:image): a JPEG, because WhatsApp and Facebook show no SVG. */
export const shareImagePath = (fundraiserId: number) => `/media/og/${fundraiserId}.jpg`;
/** why a page sends a visitor to sign in (the sign-in page says so and starts with a one-time code) */
export const SIGN_IN_REASONS = ['sip', 'photos'] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];
export const signInReason = (raw: string | undefined): SignInReason | null => (SIGN_IN_REASONS as readonly string[]).includes(raw ?? '') ? (raw as SignInReason) : null;

export const signInPath = (redirectUri: string, reason?: SignInReason) => `/new/signin?${new URLSearchParams({ redirect_uri: redirectUri, ...(reason ? { reason } : {}) })}`;

export function paymentPath(f: { custom_tag: string; id: number }, rewardId?: number): string {
  const q = new URLSearchParams({ ct: f.custom_tag, id: String(f.id), payment: 'form', ...(rewardId ? { reward: String(rewardId) } : {}) });
  return `/new/payment?${q}`;
}

/**
 * spec 2 /new/campaign/campaign_update: one update of a fundraiser, as its update email links to it, with
 * Contribute (origin up). ct names the fundraiser (spec 3's query for a fundraiser) and update the update: the page
 * shows an update only under its own fundraiser, and without update (or a stale one) the latest.
 */
export function campaignUpdatePath(customTag: string, updateId?: number | null): string {
  return `/new/campaign/campaign_update?${new URLSearchParams({ ct: customTag, ...(updateId ? { update: String(updateId) } : {}) })}`;
}

/** A gift from an update's page (origin up): a failed payment comes back to that update. */
export function updatePaymentPath(f: { custom_tag: string; id: number }, updateId: number | null): string {
  const q = new URLSearchParams({ ct: f.custom_tag, id: String(f.id), payment: 'form', or: 'up', ...(updateId ? { update: String(updateId) } : {}) });
  return `/new/payment?${q}`;
}

/** Anniversary giving (origin tann): the fundraiser's payment page with the dedication the cart will carry. */
export function anniversaryPaymentPath(f: { custom_tag: string; id: number }, d: { occasion: string; honoree: string; message?: string }): string {
  const q = new URLSearchParams({ ct: f.custom_tag, id: String(f.id), payment: 'form', or: 'tann', occasion: d.occasion, honoree: d.honoree, ...(d.message ? { msg: d.message } : {}) });
  return `/new/payment?${q}`;
}

/** Splits '/hi/pages/blog' into the locale prefix ('/hi' or '') and the rest. */
export function splitLocalePrefix(pathname: string, locales: readonly string[]): { prefix: string; rest: string } {
  const first = pathname.split('/')[1] ?? '';
  if (locales.includes(first) && first !== 'en') {
    const rest = pathname.slice(first.length + 1) || '/';
    return { prefix: `/${first}`, rest };
  }
  return { prefix: '', rest: pathname };
}

/** The permanent redirect target for a legacy path, keeping its locale prefix, or null. */
export function legacyRedirectTarget(pathname: string, locales: readonly string[]): string | null {
  const { prefix, rest } = splitLocalePrefix(pathname, locales);
  const clean = rest.replace(/\/+$/, '') || '/';
  const target = LEGACY_REDIRECTS[clean];
  if (target) return `${prefix}${target}`;
  // spec 2: /fundraiser/{custom_tag} is the old address of a story
  const story = /^\/fundraiser\/([^/]+)$/.exec(clean);
  return story ? `${prefix}/stories/${story[1]}` : null;
}

export function isFrameable(pathname: string, locales: readonly string[]): boolean {
  const { rest } = splitLocalePrefix(pathname, locales);
  return (FRAMEABLE_PATHS as readonly string[]).some((p) => rest === p || rest.startsWith(`${p}/`));
}

/**
 * A page's framing headers: any site may frame a frameable page, none may frame the others (clickjacking). Middleware
 * sets them on pages; route handlers that answer pages themselves (the AMP story) set them too. `policy` adds to the CSP.
 */
export function framingHeaders(frameable: boolean, policy = ''): Record<string, string> {
  return frameable ? { 'Content-Security-Policy': `frame-ancestors *${policy}` } : { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': `frame-ancestors 'none'${policy}` };
}

/** The operations desk's pages (staff only; 404 to everyone else). */
export const DESK_PATHS = {
  orders: '/desk',
  refunds: '/desk/refunds',
  export: '/desk/export',
  partners: '/desk/partners',
  coupons: '/desk/coupons',
  staff: '/desk/staff',
  audit: '/desk/audit',
} as const;
/** One order on the desk. */
export const deskOrderPath = (orderId: string) => `/desk/orders/${encodeURIComponent(orderId)}`;
