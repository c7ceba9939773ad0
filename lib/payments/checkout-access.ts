// Issue 30.8: who may read an order (its status, amount, mode, fundraiser, payment link). Its donor's session, the
// gateway's signed return for it, or the browser that made its cart: a sealed, httpOnly cookie naming the carts this
// browser made, as a guest donor has no session. Holding the order id alone is never enough.
import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { CHECKOUT_ACCESS_COOKIE, CHECKOUT_ACCESS_MAX_CARTS, CHECKOUT_ACCESS_MS } from '../constants';
import { cookieValue, setCookieHeader } from '../http/cookies';
import { notFound } from '../http/errors';
import { sessionSecret } from '../security/session-secret';

const TTL_S = CHECKOUT_ACCESS_MS / 1000;

/** The carts this browser made (newest first); none when the cookie is missing, altered or expired. */
export async function checkoutCartsOf(request: Request): Promise<number[]> {
  const sealed = cookieValue(request, CHECKOUT_ACCESS_COOKIE);
  if (!sealed) return [];
  try {
    const data = await unsealData<{ carts?: unknown }>(sealed, { password: sessionSecret(), ttl: TTL_S });
    return Array.isArray(data.carts) ? data.carts.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie that adds a cart this browser just made to its list (the oldest dropped when the list is full). */
export async function grantCheckoutAccessCookie(request: Request, cartId: number, secure: boolean): Promise<string> {
  const carts = [cartId, ...(await checkoutCartsOf(request)).filter((id) => id !== cartId)].slice(0, CHECKOUT_ACCESS_MAX_CARTS);
  const sealed = await sealData({ carts }, { password: sessionSecret(), ttl: TTL_S });
  return setCookieHeader(CHECKOUT_ACCESS_COOKIE, sealed, { maxAgeS: TTL_S, secure });
}

type ReadableOrder = { user_id: number | null; cart_id: number | null };

/** The order's donor: signed in as its account, or the browser that made its cart (a guest, or before a claim). */
export async function isOrderDonor(request: Request, order: ReadableOrder, viewer: { id: number } | null): Promise<boolean> {
  if (viewer !== null && order.user_id !== null && order.user_id === viewer.id) return true;
  return order.cart_id !== null && (await checkoutCartsOf(request)).includes(order.cart_id);
}

/** Anyone else is told the order does not exist, as for an id that was never issued. */
export async function assertOrderDonor(request: Request, order: ReadableOrder, viewer: { id: number } | null): Promise<void> {
  if (!(await isOrderDonor(request, order, viewer))) throw notFound('Order not found');
}
