// Which private fundraisers this browser has opened with the right PIN: a sealed cookie, so story
// pages stay cacheable (the private story is fetched by the browser, never baked into the page).
import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { PIN_ACCESS_COOKIE, PIN_ACCESS_DAYS, PIN_ACCESS_MAX_FUNDRAISERS } from '../constants/story';
import { DAY_MS } from '../constants/time';
import { cookieValue, setCookieHeader } from '../http/cookies';
import { sessionSecret } from '../security/session-secret';

const TTL_S = (PIN_ACCESS_DAYS * DAY_MS) / 1000;

export async function readPinAccess(request: Request): Promise<number[]> {
  const sealed = cookieValue(request, PIN_ACCESS_COOKIE);
  if (!sealed) return [];
  try {
    const data = await unsealData<{ ids?: unknown }>(sealed, { password: sessionSecret(), ttl: TTL_S });
    return Array.isArray(data.ids) ? data.ids.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export async function hasPinAccess(request: Request, fundraiserId: number): Promise<boolean> {
  return (await readPinAccess(request)).includes(fundraiserId);
}

/** The Set-Cookie that adds a fundraiser to the verified list (newest kept when the list is full). */
export async function grantPinAccessCookie(request: Request, fundraiserId: number, secure: boolean): Promise<string> {
  const ids = [fundraiserId, ...(await readPinAccess(request)).filter((id) => id !== fundraiserId)].slice(0, PIN_ACCESS_MAX_FUNDRAISERS);
  const sealed = await sealData({ ids }, { password: sessionSecret(), ttl: TTL_S });
  return setCookieHeader(PIN_ACCESS_COOKIE, sealed, { maxAgeS: TTL_S, secure });
}
