// The browser's side of a session (spec 4, 8): what is kept in storage, and how it is cleared.
import { IS_LOGGED_IN_COOKIE } from '@/lib/constants/cookies';

const STORED_KEYS = { user: 'user', profile: 'profile', bannerFlag: 'banner_flag', dock: 'dock_data', loggedIn: 'isLoggedIn' } as const;
/** spec 7 "session check": who the server says is signed in */
const SESSION_CHECK_URL = '/api/auth/session';
/** the answers that mean this browser's session has ended on the server (spec 8) */
const ENDED_SESSION_CODES = new Set(['token_expired', 'unauthenticated']);

// what shows who is signed in (the header) follows sign-ins and sign-outs made in this tab
const signInListeners = new Set<() => void>();
const announceSignInChange = () => signInListeners.forEach((listener) => listener());

export function subscribeToSignIn(listener: () => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

/** What this browser believes: the isLoggedIn mirror the server sets beside u_auth (readable by scripts, unlike u_auth). */
export const isSignedInHere = (): boolean => document.cookie.split(';').some((c) => c.trim() === `${IS_LOGGED_IN_COOKIE}=1`);

export interface ApiFailure {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
  /** how long a rate-limited caller waits before asking again */
  retry_after_s?: number;
}

/** spec 4: after login, clear dock data, mark logged in, keep the user (the server already set u_auth). */
export function rememberSignIn(user: unknown): void {
  try {
    localStorage.removeItem(STORED_KEYS.dock);
    localStorage.setItem(STORED_KEYS.loggedIn, 'true');
    localStorage.setItem(STORED_KEYS.user, JSON.stringify(user));
  } catch {
    // private mode: the cookie still carries the session
  }
  announceSignInChange();
}

/** spec 4 and 8: on token_expired, stored user, profile and banner flag are cleared and the user is logged out, silently. */
export function forgetSignIn(): void {
  try {
    for (const key of [STORED_KEYS.user, STORED_KEYS.profile, STORED_KEYS.bannerFlag, STORED_KEYS.loggedIn]) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
  document.cookie = `${IS_LOGGED_IN_COOKIE}=; Max-Age=0; Path=/`;
  announceSignInChange();
}

/** A user kept in storage without the session cookies (they expired, or were cleared elsewhere) is a stale one. */
export function forgetStaleStoredUser(): void {
  let stored = false;
  try {
    stored = localStorage.getItem(STORED_KEYS.loggedIn) === 'true';
  } catch {
    return;
  }
  if (stored && !isSignedInHere()) forgetSignIn();
}

let sessionCheck: Promise<void> | null = null;

/**
 * spec 4, 8: a page whose browser believes it is signed in asks the server once as it loads (the header is cached for
 * everybody, so it cannot know). A session the server no longer honours (token_expired or unauthenticated, or no user)
 * is cleared silently and the header shows signed out; an unreachable server changes nothing.
 */
export function confirmSignIn(): Promise<void> {
  sessionCheck ??= (async () => {
    try {
      const response = await fetch(SESSION_CHECK_URL, { credentials: 'same-origin', cache: 'no-store' });
      const body = (await response.json().catch(() => null)) as { data?: { user?: unknown }; error?: ApiFailure } | null;
      const ended = ENDED_SESSION_CODES.has(body?.error?.code ?? '') || (response.ok && body?.data !== undefined && !body.data.user);
      if (ended) forgetSignIn();
    } catch {
      // offline or the server is away: what the browser knows stands until the next page
    }
  })().finally(() => {
    sessionCheck = null;
  });
  return sessionCheck;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiFailure };

/** Sends JSON (or a form) to our API; a token_expired answer signs the browser out without a message. Status 0: no answer (network). */
export async function sendToApi<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, init: { headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    const headers = body === undefined || isForm ? init.headers : { 'content-type': 'application/json', ...init.headers };
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      ...(headers ? { headers } : {}),
      ...(body === undefined ? {} : { body: isForm ? (body as FormData) : JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, error: {} };
  }
  const json = (await response.json().catch(() => null)) as { data?: T; error?: ApiFailure } | null;
  if (response.ok) return { ok: true, status: response.status, data: json?.data as T };
  const error = json?.error ?? {};
  if (error.code === 'token_expired') forgetSignIn();
  return { ok: false, status: response.status, error };
}

export const postJson = <T>(url: string, body: unknown): Promise<ApiResult<T>> => sendToApi<T>('POST', url, body);

/** A full page load of the destination: role destinations may be other domains, and every page must see the new cookie. */
export function goTo(url: string): void {
  window.location.assign(url);
}

/** The same, replacing this page in the history (a page the back button must not return to, as the payment return). */
export function replaceLocation(url: string): void {
  window.location.replace(url);
}
