// spec 6 guards, as the edge middleware applies them (no database: cookies only). They are a
// convenience: every page and route handler behind them checks the session again itself.
import { safeRedirectPath } from './redirect';
import { AUTH_COOKIE_NAME, SIP_GUARD_EXEMPT_UTM, SIP_HINT_COOKIE } from '../constants/auth';
import { IS_LOGGED_IN_COOKIE } from '../constants/cookies';
import { RECEIPT_LINK_PARAM } from '../constants/portfolio';
import { SIP_MANAGE_LINK_PATH } from '../routes';

/** Pages that need a signed-in user. */
export const USER_REQUIRED_PATHS = ['/portfolio', '/profile', '/manage', '/sip'] as const;
/** Pages under those that a signed email link opens without a session (/sip/manage?token=...). */
export const SIGNED_LINK_PATHS = [SIP_MANAGE_LINK_PATH] as const;
/** A receipt email's signed link (?receipt_token=) reaches the page, which checks the signature itself. */
const SIGNED_RECEIPT_PATH = '/portfolio/receipts';
/** Auth pages a signed-in user is sent away from. */
export const AUTH_PAGES = ['/new/signin'] as const;
/** SIP sign-up pages: a user who already has an active SIP goes to the retention site instead. */
export const SIP_GUARDED_PATHS = ['/new/sip'] as const;
/** spec 6: where a signed-in visitor of an auth page goes (the campaign basic page). */
export const CAMPAIGN_BASIC_PATH = '/new/crowdfunding';
export const DOWNLOAD_PAGE_PATH = '/new/download-page';

export interface GuardRequest {
  /** path without the locale prefix */
  path: string;
  /** '/hi' and the like ('' for en), so sign-in brings the visitor back in their language */
  localePrefix?: string;
  search: URLSearchParams;
  cookie: (name: string) => string | undefined;
  isMobile: boolean;
  sipRetentionUrl: string;
}

const under = (path: string, list: readonly string[]) => list.some((p) => path === p || path.startsWith(`${p}/`));

/** Where the guard sends this request (a path without locale, or an absolute URL), or null to let it through. */
export function guardRedirect(req: GuardRequest): string | null {
  const hasSession = Boolean(req.cookie(AUTH_COOKIE_NAME));
  const here = `${req.localePrefix ?? ''}${req.path}${req.search.size ? `?${req.search}` : ''}`;
  const signedReceipt = under(req.path, [SIGNED_RECEIPT_PATH]) && req.search.has(RECEIPT_LINK_PARAM);
  if (under(req.path, USER_REQUIRED_PATHS) && !under(req.path, SIGNED_LINK_PATHS) && !signedReceipt && !hasSession) return `/new/signin?${new URLSearchParams({ redirect_uri: here })}`;
  // the isLoggedIn mirror is cleared by the browser on token_expired, so a stale session never locks anyone out of sign-in
  if (under(req.path, AUTH_PAGES) && hasSession && req.cookie(IS_LOGGED_IN_COOKIE) === '1' && !req.search.has('autologin_token')) {
    // the same validator as the sign-in API; absolute URLs to our other domains are left to the page
    return safeRedirectPath(req.search.get('redirect_uri')) ?? CAMPAIGN_BASIC_PATH;
  }
  const telecalling = [...req.search.entries()].some(([k, v]) => k.startsWith('utm_') && v === SIP_GUARD_EXEMPT_UTM);
  if (under(req.path, SIP_GUARDED_PATHS) && hasSession && !telecalling) {
    const sip = req.cookie(SIP_HINT_COOKIE);
    if (sip === 'active') return req.sipRetentionUrl;
    if (sip === 'inactive') return `${req.sipRetentionUrl}/inactiveuser`;
  }
  const externalCt = req.search.get('external_ct');
  if (externalCt && req.isMobile && req.path !== DOWNLOAD_PAGE_PATH) return `${DOWNLOAD_PAGE_PATH}?${new URLSearchParams({ ct: externalCt })}`;
  return null;
}

export const isMobileRequest = (headers: Headers) => headers.get('sec-ch-ua-mobile') === '?1' || /Android|iPhone|iPad|iPod|Mobile/i.test(headers.get('user-agent') ?? '');
