// spec 7 GET paytm login code: how a browser starts the wallet's login. When the wallet's OAuth client is configured
// (PAYTM_CLIENT_ID and PAYTM_CLIENT_SECRET, as callback/paytm needs) the answer is the wallet's authorisation URL with
// a signed state; the wallet sends the person back to our sign-in page with ?code=&state=, whose code goes to
// callback/paytm. The state is sealed with the session secret (so only we make one), expires, and names a nonce kept
// in an httpOnly cookie of this browser, so a state (or a code) fetched elsewhere cannot sign this browser in.
// Paytm's authorise endpoint is modelled like its token endpoint ({base}/oauth2/...): an assumption, as in paytm.ts.
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import type { DbOrTx } from '../../db/client';
import { env } from '../../env';
import { ApiError } from '../../http/errors';
import { cookieValue, isHttps, setCookieHeader } from '../../http/cookies';
import { sessionSecret } from '../../security/session-secret';
import { requestOrigin } from '../../whitelabel/request-origin';
import { validRedirectUri } from '../sign-in';
import { randomToken } from '../tokens';
import { requireWalletLogin } from './paytm';
import { PAYTM_LOGIN_COOKIE, PAYTM_LOGIN_SCOPE, PAYTM_LOGIN_STATE_TTL_S } from '../../constants/auth';
import { PAYTM_LOGIN_RETURN_PATH } from '../../routes';

export const WALLET_LOGIN_UNAVAILABLE = 'Paytm login is not available right now. Please sign in another way.';
const STATE_PURPOSE = 'paytm_login';

export interface WalletLoginCode {
  /** where the browser goes to sign in with the wallet */
  authorization_url: string;
  /** the same client id and scope, for the wallet app's own bridge inside its web view */
  client_id: string;
  scope: string;
  state: string;
  /** where the wallet sends the person back (registered with the wallet) */
  redirect_uri: string;
  expires_in: number;
}

interface SealedState {
  purpose: typeof STATE_PURPOSE;
  nonce: string;
  /** where to go after sign-in, already validated (null: by role) */
  next: string | null;
}

/** The wallet's client id when its login is configured: the same rule callback/paytm applies (client id and secret set). */
function walletClientId(): string | null {
  try {
    requireWalletLogin();
  } catch {
    return null;
  }
  return env().PAYTM_CLIENT_ID ?? null;
}

/** The answer and the cookie tying its state to this browser; 503 when the wallet's client is not configured. */
export async function walletLoginCode(db: DbOrTx, request: Request, redirectUri: string | undefined): Promise<{ code: WalletLoginCode; cookie: string }> {
  const clientId = walletClientId();
  if (!clientId) throw new ApiError('gateway_error', WALLET_LOGIN_UNAVAILABLE, undefined, 503);
  const nonce = randomToken();
  const next = await validRedirectUri(db, request, redirectUri);
  const state = await sealData({ purpose: STATE_PURPOSE, nonce, next } satisfies SealedState, { password: sessionSecret(), ttl: PAYTM_LOGIN_STATE_TTL_S });
  const returnTo = new URL(PAYTM_LOGIN_RETURN_PATH, await requestOrigin(request)).toString();
  const url = new URL(`${env().PAYTM_OAUTH_BASE.replace(/\/$/, '')}/oauth2/authorize`);
  url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, scope: PAYTM_LOGIN_SCOPE, redirect_uri: returnTo, state }).toString();
  return {
    code: { authorization_url: url.toString(), client_id: clientId, scope: PAYTM_LOGIN_SCOPE, state, redirect_uri: returnTo, expires_in: PAYTM_LOGIN_STATE_TTL_S },
    cookie: setCookieHeader(PAYTM_LOGIN_COOKIE, nonce, { maxAgeS: PAYTM_LOGIN_STATE_TTL_S, secure: isHttps(request) }),
  };
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * For the wallet's return: the state is one we made, not expired, and was made for this browser (its cookie holds the
 * nonce). Answers where to go after sign-in (null: by role), or null when the state must be refused.
 */
export async function verifyWalletLoginState(request: Request, state: string | null | undefined): Promise<{ next: string | null } | null> {
  const nonce = cookieValue(request, PAYTM_LOGIN_COOKIE);
  if (!state || !nonce) return null;
  try {
    const data = await unsealData<Partial<SealedState>>(state, { password: sessionSecret(), ttl: PAYTM_LOGIN_STATE_TTL_S });
    if (data.purpose !== STATE_PURPOSE || typeof data.nonce !== 'string' || !sameText(data.nonce, nonce)) return null;
    return { next: typeof data.next === 'string' ? data.next : null };
  } catch {
    return null;
  }
}

/** The wallet's return is single-use: the cookie is cleared whatever the outcome. */
export const clearedWalletLoginCookie = (request: Request) => setCookieHeader(PAYTM_LOGIN_COOKIE, '', { maxAgeS: 0, secure: isHttps(request) });
