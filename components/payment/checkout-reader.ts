// The reader of a checkout page being rendered: the signed-in user and the carts this browser made, for
// server components that show a donor's gift only to its donor.
import 'server-only';
import { headers } from 'next/headers';
import { checkoutCartsOfCookies, type CheckoutReader } from '@/lib/payments/checkout-access';
import { currentUser } from '@/components/auth/current-user';

export async function currentCheckoutReader(): Promise<CheckoutReader> {
  const [cookie, user] = await Promise.all([headers().then((h) => h.get('cookie')), currentUser()]);
  return { userId: user?.id ?? null, carts: await checkoutCartsOfCookies(cookie) };
}

/** A page's query as the gateway's return params: its string values, but our own order id. */
export function returnedParams(query: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'oi'));
}
