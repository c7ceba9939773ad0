// The one way a sign-in ends, whatever the method: issue the session, pick the destination, answer.
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { env } from '../env';
import { AUTH_COOKIE_DAYS, SIP_HINT_COOKIE } from '../constants/auth';
import { DAY_MS } from '../constants/time';
import { isHttps, setCookieHeader } from '../http/cookies';
import { requestOrigin } from '../whitelabel/request-origin';
import { isOwnSiteHost } from '../whitelabel/resolve';
import { accountFacts, roleDestination, sipState, type SipState } from './destination';
import { safeRedirectUri, type OwnHostCheck } from './redirect';
import { startSession, type IssuedSession } from './session';

/** Our domains: the configured product domains and active white-label domains (never merely the Host a request names). */
export function ownHostCheck(db: DbOrTx): OwnHostCheck {
  return (host) => isOwnSiteHost(db, host);
}

export async function validRedirectUri(db: DbOrTx, _request: Request, raw: string | null | undefined): Promise<string | null> {
  return safeRedirectUri(raw, ownHostCheck(db));
}

export interface CompletedSignIn {
  session: IssuedSession;
  redirect: string;
  sip: SipState;
  user: { id: number; full_name: string; email: string; entity_type: string; isHospital: boolean; is_fos: boolean };
}

export async function completeSignIn(db: DbOrTx, request: Request, userId: number, opts: { redirectUri?: string | null } = {}): Promise<CompletedSignIn> {
  const session = await startSession(db, userId, request);
  const facts = await accountFacts(db, userId);
  const [u] = await db.select({ id: users.id, full_name: users.full_name, email: users.email, entity_type: users.entity_type, is_hospital: users.is_hospital, is_fos: users.is_fos }).from(users).where(eq(users.id, userId));
  const { NGO_DASHBOARD_URL, MANAGE_URL, SIP_RETENTION_URL } = env();
  const redirect = (await validRedirectUri(db, request, opts.redirectUri)) ?? roleDestination(facts, { ngoDashboard: NGO_DASHBOARD_URL, manageUrl: MANAGE_URL, sipRetentionUrl: SIP_RETENTION_URL });
  const sip = sipState(facts.sipStatusFlags);
  // the middleware's SIP guard reads this hint (it has no database); pages check again
  session.cookies.push(setCookieHeader(SIP_HINT_COOKIE, sip, { maxAgeS: (AUTH_COOKIE_DAYS * DAY_MS) / 1000, secure: isHttps(request), httpOnly: false }));
  return { session, redirect, sip, user: { id: u.id, full_name: u.full_name, email: u.email, entity_type: u.entity_type, isHospital: u.is_hospital, is_fos: u.is_fos } };
}

function withCookies(response: Response, cookies: string[]): Response {
  for (const c of cookies) response.headers.append('set-cookie', c);
  response.headers.set('cache-control', 'no-store');
  return response;
}

/** JSON answer of the sign-in APIs: the bearer token for API clients, the destination for the page. */
export function signedInJson(done: CompletedSignIn, status = 200, extra: Record<string, unknown> = {}): Response {
  return withCookies(
    Response.json({ data: { token: done.session.token, expires_at: done.session.expiresAt.toISOString(), redirect: done.redirect, user: done.user, ...extra } }, { status }),
    done.session.cookies,
  );
}

/** Browser answer of the provider callbacks: straight on to the destination. */
export async function signedInRedirect(request: Request, done: CompletedSignIn): Promise<Response> {
  const target = new URL(done.redirect, await requestOrigin(request));
  return withCookies(new Response(null, { status: 303, headers: { location: target.toString() } }), done.session.cookies);
}
