// Who may read an order (its status, amount, mode, fundraiser, payment link) and who may place or
// send the order of a cart: its donor's session, or the browser that made its cart (a sealed, httpOnly cookie naming
// the carts this browser made, as a guest donor has no session). A read may also come with the gateway's signed return
// for the order (lib/payments/results.ts). Holding a cart id or an order id alone is never enough.
import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { CHECKOUT_ACCESS_COOKIE, CHECKOUT_ACCESS_MAX_CARTS, CHECKOUT_ACCESS_MS } from '../constants/payments';
import { cookieFromHeader, setCookieHeader } from '../http/cookies';
import { notFound } from '../http/errors';
import { sessionSecret } from '../security/session-secret';

const TTL_S = CHECKOUT_ACCESS_MS / 1000;

/** The carts the browser behind this Cookie header made (newest first); none when the cookie is missing, altered or expired. */
export async function checkoutCartsOfCookies(cookieHeader: string | null | undefined): Promise<number[]> {
  const sealed = cookieFromHeader(cookieHeader, CHECKOUT_ACCESS_COOKIE);
  if (!sealed) return [];
  try {
    const data = await unsealData<{ carts?: unknown }>(sealed, { password: sessionSecret(), ttl: TTL_S });
    return Array.isArray(data.carts) ? data.carts.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

/** The carts this browser made (newest first). */
export const checkoutCartsOf = (request: Request): Promise<number[]> => checkoutCartsOfCookies(request.headers.get('cookie'));

/** The Set-Cookie that adds a cart this browser just made to its list (the oldest dropped when the list is full). */
export async function grantCheckoutAccessCookie(request: Request, cartId: number, secure: boolean): Promise<string> {
  const carts = [cartId, ...(await checkoutCartsOf(request)).filter((id) => id !== cartId)].slice(0, CHECKOUT_ACCESS_MAX_CARTS);
  const sealed = await sealData({ carts }, { password: sessionSecret(), ttl: TTL_S });
  return setCookieHeader(CHECKOUT_ACCESS_COOKIE, sealed, { maxAgeS: TTL_S, secure });
}

/** Who asks about a checkout: the signed-in account (null for a guest) and the carts their browser made. */
export interface CheckoutReader {
  userId: number | null;
  carts: readonly number[];
}

export async function checkoutReaderOf(request: Request, viewer: { id: number } | null): Promise<CheckoutReader> {
  return { userId: viewer?.id ?? null, carts: await checkoutCartsOf(request) };
}

/**
 * The donor of a cart or of its order: signed in as its account (set when the cart was made signed in, or when a guest
 * later proved its email, lib/donations/claim.ts), or the browser that made the cart (a guest, or before a claim).
 */
export function isCheckoutDonor(reader: CheckoutReader, owned: { user_id: number | null; cart_id: number | null }): boolean {
  if (reader.userId !== null && owned.user_id !== null && owned.user_id === reader.userId) return true;
  return owned.cart_id !== null && reader.carts.includes(owned.cart_id);
}

/** The order's donor (their session, or the browser that made its cart). */
export async function isOrderDonor(request: Request, order: { user_id: number | null; cart_id: number | null }, viewer: { id: number } | null): Promise<boolean> {
  return isCheckoutDonor(await checkoutReaderOf(request, viewer), order);
}

/** Anyone else is told the order does not exist, as for an id that was never issued. */
export async function assertOrderDonor(request: Request, order: { user_id: number | null; cart_id: number | null }, viewer: { id: number } | null): Promise<void> {
  if (!(await isOrderDonor(request, order, viewer))) throw notFound('Order not found');
}

/** Anyone but its donor is told the cart does not exist (cart ids are sequential). */
export function assertCartDonor(reader: CheckoutReader, cart: { id: number; user_id: number | null }): void {
  if (!isCheckoutDonor(reader, { user_id: cart.user_id, cart_id: cart.id })) throw notFound('Cart not found');
}
