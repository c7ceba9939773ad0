// The visitor's cookie id (spec 7 "trending fundraisers with cookie id"): a random, meaningless id that keeps one
// browser's trending order stable and counts its campaign visits once a day. It names nobody and proves nothing.
import { randomBytes } from 'node:crypto';
import { VISITOR_COOKIE, VISITOR_COOKIE_DAYS, VISITOR_ID_BYTES } from '../constants/story';
import { DAY_MS } from '../constants/time';
import { VISITOR_ID_PATTERN } from '../validation/ids';
import { cookieValue, isHttps, setCookieHeader } from './cookies';

/** The browser's visitor id, or null when it has none (or one we never issued the shape of). */
export function visitorIdOf(request: Request): string | null {
  const id = cookieValue(request, VISITOR_COOKIE);
  return id && VISITOR_ID_PATTERN.test(id) ? id : null;
}

export const newVisitorId = (): string => randomBytes(VISITOR_ID_BYTES).toString('base64url');

/** The visitor's id, issuing one when the browser has none: `cookie` is the Set-Cookie to send with the answer. */
export function visitorOf(request: Request): { id: string; cookie: string | null } {
  const known = visitorIdOf(request);
  if (known) return { id: known, cookie: null };
  const id = newVisitorId();
  return { id, cookie: setCookieHeader(VISITOR_COOKIE, id, { maxAgeS: (VISITOR_COOKIE_DAYS * DAY_MS) / 1000, secure: isHttps(request) }) };
}
