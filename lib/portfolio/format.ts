// Dates on portfolio pages: the locale's own words, always in India time so the server's HTML and the
// browser's re-render agree.
const DATE_LOCALE: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN', te: 'te-IN', ar: 'ar', ur: 'ur-PK' };
const TIME_ZONE = 'Asia/Kolkata';

export function formatDate(value: Date | string, locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale] ?? 'en-IN', { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(value));
}

export function formatDateTime(value: Date | string, locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale] ?? 'en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(value));
}
