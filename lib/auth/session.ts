// Sessions: every sign-in issues one API token (stored hashed, with an expiry). Browsers carry it
// sealed in the u_auth cookie (iron-session), API clients as `Authorization: Bearer`; logout
// revokes the token row, so a copied cookie dies with the session on the server too.
import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import type { DbOrTx } from '../db/client';
import { authTokens, users } from '../db/schema';
import { ApiError, unauthenticated } from '../http/errors';
import { API_TOKEN_DAYS, AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME, UNSEALED_SESSION_CACHE_MAX, UNSEALED_SESSION_CACHE_MS } from '../constants/auth';
import { IS_LOGGED_IN_COOKIE } from '../constants/cookies';
import { DAY_MS } from '../constants/time';
import { cookieValue, isHttps, setCookieHeader } from '../http/cookies';
import { sessionSecret } from '../security/session-secret';
import { hashToken, randomToken } from './tokens';

export interface SessionData {
  userId: number;
  /** users.session_version when sealed: bumping it ends every session of that user */
  version: number;
  /** the API token this browser session stands for (revoked at logout) */
  token: string;
}

const TTL_S = (AUTH_COOKIE_DAYS * DAY_MS) / 1000;

export const TOKEN_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export async function sealSession(data: SessionData): Promise<string> {
  return sealData(data, { password: sessionSecret(), ttl: TTL_S });
}

// Unsealing costs ~2 ms of crypto per request; the same cookie always unseals to the same data, so keep a
// few recent results (the token behind it is still checked against the database every time).
const unsealed = new Map<string, { data: SessionData | null; until: number }>();

async function unsealSession(sealed: string): Promise<SessionData | null> {
  const hit = unsealed.get(sealed);
  if (hit && hit.until > Date.now()) return hit.data;
  let data: SessionData | null = null;
  try {
    const raw = await unsealData<Partial<SessionData>>(sealed, { password: sessionSecret(), ttl: TTL_S });
    data = typeof raw.userId === 'number' && typeof raw.token === 'string' ? { userId: raw.userId, version: raw.version ?? 1, token: raw.token } : null;
  } catch {
    data = null;
  }
  if (unsealed.size >= UNSEALED_SESSION_CACHE_MAX) unsealed.delete(unsealed.keys().next().value!);
  unsealed.set(sealed, { data, until: Date.now() + UNSEALED_SESSION_CACHE_MS });
  return data;
}

export async function readSession(request: Request): Promise<SessionData | null> {
  const sealed = cookieValue(request, AUTH_COOKIE_NAME);
  return sealed ? unsealSession(sealed) : null;
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim()) : null;
  return match ? match[1] : null;
}

// every signed-in request asks this: prepared once per database handle (about 40% less time per call on PGlite)
const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepareSessionByTokenHash>>();
function prepareSessionByTokenHash(db: DbOrTx) {
  return db
    .select({ id: users.id, full_name: users.full_name, email: users.email, session_version: users.session_version, tokenId: authTokens.id, expires_at: authTokens.expires_at, revoked_at: authTokens.revoked_at })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.user_id))
    .where(and(eq(authTokens.token_hash, sql.placeholder('hash')), eq(authTokens.kind, 'api')))
    .limit(1)
    .prepare('session_by_token_hash');
}
function sessionByTokenHash(db: DbOrTx) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareSessionByTokenHash(db)));
  return query;
}

export interface SignedInUser {
  id: number;
  full_name: string;
  email: string;
  session_version: number;
  tokenId: number;
}

/**
 * Where the request's session stands: `live` with its user; `ended` when it carries a token of ours (a bearer token,
 * or a cookie whose seal our secret verifies) that no longer signs anyone in (revoked at logout, expired, or a
 * session_version bumped by "log out everywhere"); `none` when it carries none. A cookie that does not unseal
 * (tampered, foreign, past its seal's ttl) is `none`: it proves nothing about who issued it.
 */
export type SessionState = { state: 'live'; user: SignedInUser } | { state: 'ended'; carrier: 'bearer' | 'cookie' } | { state: 'none' };

export async function sessionState(db: DbOrTx, request: Request, now = new Date()): Promise<SessionState> {
  const bearer = bearerToken(request);
  const session = bearer ? null : await readSession(request);
  const token = bearer ?? session?.token;
  if (!token) return { state: 'none' };
  const [row] = await sessionByTokenHash(db).execute({ hash: hashToken(token) });
  const current = row && !row.revoked_at && row.expires_at > now && (!session || (session.userId === row.id && session.version === row.session_version));
  if (!current) return { state: 'ended', carrier: bearer ? 'bearer' : 'cookie' };
  return { state: 'live', user: { id: row.id, full_name: row.full_name, email: row.email, session_version: row.session_version, tokenId: row.tokenId } };
}

/**
 * The user behind the request's bearer token or session cookie, or null. An expired or revoked
 * token given as a bearer answers token_expired (spec 8); an ended cookie here is simply signed out,
 * so pages and calls open to visitors keep working for a browser whose session ended elsewhere.
 */
export async function signedInUser(db: DbOrTx, request: Request, now = new Date()): Promise<SignedInUser | null> {
  const s = await sessionState(db, request, now);
  if (s.state === 'live') return s.user;
  if (s.state === 'ended' && s.carrier === 'bearer') throw new ApiError('token_expired', TOKEN_EXPIRED_MESSAGE);
  return null;
}

/**
 * The signed-in user, or 401: token_expired when the request carries a session of ours that has ended (bearer or
 * cookie: spec 8, the client then clears its session silently), unauthenticated when it carries none.
 */
export async function requireUser(db: DbOrTx, request: Request, message = 'Please sign in to continue'): Promise<SignedInUser> {
  const s = await sessionState(db, request);
  if (s.state === 'live') return s.user;
  if (s.state === 'ended') throw new ApiError('token_expired', TOKEN_EXPIRED_MESSAGE);
  throw unauthenticated(message);
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  /** Set-Cookie values: the sealed u_auth cookie and the isLoggedIn mirror the client reads */
  cookies: string[];
}

/** Issues a new API token for the user and the cookies that carry it (spec 4: u_auth for 365 days). */
export async function startSession(db: DbOrTx, userId: number, request: Request, now = new Date()): Promise<IssuedSession> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + API_TOKEN_DAYS * DAY_MS);
  await db.insert(authTokens).values({ user_id: userId, kind: 'api', token_hash: hashToken(token), expires_at: expiresAt });
  const [{ version }] = await db.select({ version: users.session_version }).from(users).where(eq(users.id, userId));
  const sealed = await sealSession({ userId, version, token });
  const secure = isHttps(request);
  return {
    token,
    expiresAt,
    cookies: [setCookieHeader(AUTH_COOKIE_NAME, sealed, { maxAgeS: TTL_S, secure }), setCookieHeader(IS_LOGGED_IN_COOKIE, '1', { maxAgeS: TTL_S, secure, httpOnly: false })],
  };
}

/** Cookies that sign the browser out. */
export function clearedSessionCookies(request: Request): string[] {
  const secure = isHttps(request);
  return [setCookieHeader(AUTH_COOKIE_NAME, '', { maxAgeS: 0, secure }), setCookieHeader(IS_LOGGED_IN_COOKIE, '', { maxAgeS: 0, secure, httpOnly: false })];
}

/** Revokes the request's token (cookie or bearer, or one given explicitly, as spec 7's `users/logout?token=`). */
export async function endSession(db: DbOrTx, request: Request, explicitToken?: string | null): Promise<boolean> {
  const token = explicitToken ?? bearerToken(request) ?? (await readSession(request))?.token;
  if (!token) return false;
  const revoked = await db
    .update(authTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(authTokens.token_hash, hashToken(token)), eq(authTokens.kind, 'api'), isNull(authTokens.revoked_at)))
    .returning({ id: authTokens.id });
  return revoked.length > 0;
}
