// spec 1, 9: the utm fields of a landing URL are kept in cookies for 7 days (set by middleware.ts), and carts, orders,
// leads and drafts take them from there when their body carries none. Edge-safe: middleware imports it.
import { DAY_MS } from '../constants/time';
import { UTM_COOKIE_DAYS, UTM_KEYS, UTM_VALUE_MAX } from '../constants/utm';
import { cookieValue } from './cookies';

export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

export const UTM_COOKIE_MAX_AGE_S = (UTM_COOKIE_DAYS * DAY_MS) / 1000;

// control characters (line breaks among them) become spaces: these values go into email bodies and the reviewers' list
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** One utm value as kept: a single line, trimmed, at most UTM_VALUE_MAX characters; null when nothing is left. */
export function cleanUtmValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(CONTROL, ' ').trim().slice(0, UTM_VALUE_MAX).trim();
  return cleaned || null;
}

/** Only the known keys, each value cleaned; null when none is left. */
export function cleanUtm(input: Partial<Record<string, unknown>> | null | undefined): Utm | null {
  if (!input || typeof input !== 'object') return null;
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = cleanUtmValue(input[key]);
    if (value) utm[key] = value;
  }
  return Object.keys(utm).length ? utm : null;
}

/** The utm fields of a URL's query; null when it has none. */
export function utmOfQuery(search: URLSearchParams): Utm | null {
  return cleanUtm(Object.fromEntries(UTM_KEYS.map((key) => [key, search.get(key)])));
}

/** The utm fields kept in this request's cookies; null when none. */
export function utmOfCookies(request: Request): Utm | null {
  return cleanUtm(Object.fromEntries(UTM_KEYS.map((key) => [key, cookieValue(request, key)])));
}

/** The utm of a cart, order, lead or draft: the body's own when it carries any (it wins whole), else the cookies'. */
export function utmFrom(request: Request, bodyUtm: Partial<Record<string, unknown>> | null | undefined): Utm | null {
  return cleanUtm(bodyUtm) ?? utmOfCookies(request);
}

export interface UtmCookie {
  name: UtmKey;
  value: string;
  maxAge: number;
}

/**
 * The cookies a landing URL with utm fields leaves: its fields for 7 days, and the earlier landing's other fields
 * removed (maxAge 0), so one visit's attribution is never mixed with another's. Empty when the URL has none.
 */
export function utmCookiesFor(search: URLSearchParams, hasCookie: (name: UtmKey) => boolean): UtmCookie[] {
  const utm = utmOfQuery(search);
  if (!utm) return [];
  return UTM_KEYS.flatMap((name): UtmCookie[] => {
    const value = utm[name];
    if (value) return [{ name, value, maxAge: UTM_COOKIE_MAX_AGE_S }];
    return hasCookie(name) ? [{ name, value: '', maxAge: 0 }] : [];
  });
}
