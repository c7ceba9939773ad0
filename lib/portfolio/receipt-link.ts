// The receipt email's link works for a guest: it opens that order's receipt page signed out. The link
// carries its expiry and an HMAC of (order, expiry) under a key derived from the session secret, so it opens only the
// order it was made for, only until it expires, and nobody can make one for an order id they only guessed.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionSecret } from '../security/session-secret';
import { localizedPath } from '../i18n/locales';
import { RECEIPT_LINK_PARAM, RECEIPT_LINK_TTL_MS } from '../constants/portfolio';

// a key of its own: a leaked receipt signature says nothing about sessions or unsubscribe links
const receiptKey = () => createHmac('sha256', sessionSecret()).update('receipt-link').digest();
const signatureOf = (orderId: string, expires: number) => createHmac('sha256', receiptKey()).update(`${orderId}\n${expires}`).digest();

export const receiptPath = (orderId: string) => `/portfolio/receipts/${encodeURIComponent(orderId)}`;

/** The token of a receipt link: its expiry (seconds since 1970) and its signature for this order. */
export function receiptToken(orderId: string, now = new Date()): string {
  const expires = Math.floor((now.getTime() + RECEIPT_LINK_TTL_MS) / 1000);
  return `${expires}.${signatureOf(orderId, expires).toString('base64url')}`;
}

/** True when the token was made by us for this order and has not expired. */
export function verifyReceiptToken(orderId: string, token: string | undefined | null, now = new Date()): boolean {
  const [stamp, signature, extra] = (token ?? '').split('.');
  if (!stamp || !signature || extra !== undefined || !/^\d{1,12}$/.test(stamp)) return false;
  const expires = Number(stamp);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(orderId, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute receipt link of a receipt email, on the site the gift was made on and in the donor's language. */
export function signedReceiptUrl(origin: string, locale: string, orderId: string, now = new Date()): string {
  return `${origin}${localizedPath(locale, receiptPath(orderId))}?${new URLSearchParams({ [RECEIPT_LINK_PARAM]: receiptToken(orderId, now) })}`;
}
