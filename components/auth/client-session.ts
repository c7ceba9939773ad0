// The browser's side of a session (spec 4, 8): what is kept in storage, and how it is cleared.
import { IS_LOGGED_IN_COOKIE } from '@/lib/constants';

const STORED_KEYS = { user: 'user', profile: 'profile', bannerFlag: 'banner_flag', dock: 'dock_data', loggedIn: 'isLoggedIn' } as const;

export interface ApiFailure {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
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
}

/** spec 4 and 8: on token_expired, stored user, profile and banner flag are cleared and the user is logged out, silently. */
export function forgetSignIn(): void {
  try {
    for (const key of [STORED_KEYS.user, STORED_KEYS.profile, STORED_KEYS.bannerFlag, STORED_KEYS.loggedIn]) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
  document.cookie = `${IS_LOGGED_IN_COOKIE}=; Max-Age=0; Path=/`;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiFailure };

/** Sends JSON (or a form) to our API; a token_expired answer signs the browser out without a message. */
export async function sendToApi<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      ...(body === undefined ? {} : isForm ? { body } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
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
