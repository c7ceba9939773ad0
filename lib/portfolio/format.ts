// Dates on portfolio pages: the locale's own words, always in India time so the server's HTML and the
// browser's re-render agree.
import { INDIA_TIME_ZONE as TIME_ZONE } from '../constants/time';

const DATE_LOCALE: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN', te: 'te-IN', ar: 'ar', ur: 'ur-PK' };

export function formatDate(value: Date | string, locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale] ?? 'en-IN', { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(value));
}

/** A month (YYYY-MM) as the locale names it: 'Nov 2026'. */
export function formatMonth(month: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale] ?? 'en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));
}

export function formatDateTime(value: Date | string, locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale] ?? 'en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(value));
}

/** 'meera.iyer@example.com' -> 'me***@example.com': enough for donors to recognise, not enough for whoever holds the link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** 'ABCDE1234F' -> 'AB******4F' */
export const maskPan = (pan: string) => pan.replace(/^(.{2}).*(.{2})$/, '$1******$2');

export const receiptPath = (orderId: string) => `/portfolio/receipts/${encodeURIComponent(orderId)}`;
