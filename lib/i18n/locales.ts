// spec 1: supported locales; en is the built-in default and has no URL prefix.
export const LOCALES = ['en', 'hi', 'ta', 'te', 'ar', 'ur'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const RTL_LOCALES: readonly Locale[] = ['ar', 'ur'];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return (RTL_LOCALES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
}

/** The path of a page in a locale: en has no prefix, the others do. */
/** '' for the default locale, '/hi' and so on for the others: prefixes our own unprefixed paths. */
export function localePrefix(locale: string): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

export function localizedPath(locale: string, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * Where sign-in sends someone, kept in the language they signed in with. Our own unprefixed path gets the
 * locale's prefix; a path already in a locale, another site's address or a protocol-relative one is left as it is.
 */
export function keepLocale(locale: string, target: string): string {
  if (!target.startsWith('/') || target.startsWith('//')) return target;
  const first = target.split(/[/?#]/)[1] ?? '';
  return isLocale(first) ? target : localizedPath(locale, target);
}
