// spec 7 "PUT anonymous flag": a donor shows or hides their name on their own donation. The story's
// supporters, its ticker, the dashboard and the donors CSV read the flag from the cart, so they follow it once the
// fundraiser's cached pages expire. Someone else's donation answers "not found", as if it did not exist.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, orders, users } from '../db/schema';
import { notFound } from '../http/errors';
import { fundraiserChanged } from '../cache/invalidate';
import { DONOR_MESSAGES, type AnonymousFlagInput } from '../validation/donors';

export interface AnonymousFlag {
  order_id: string;
  is_anonymous: '1' | '0';
}

export async function setDonationAnonymous(db: Db, user: { id: number }, orderId: string, input: AnonymousFlagInput): Promise<AnonymousFlag> {
  const [u] = await db.select({ email: users.email, verified: users.email_verified_at }).from(users).where(eq(users.id, user.id));
  const [row] = await db
    .select({ cart_id: orders.cart_id, fundraiser_id: orders.fundraiser_id, order_user: orders.user_id, donor_email: carts.donor_email })
    .from(orders)
    .leftJoin(carts, eq(carts.id, orders.cart_id))
    .where(eq(orders.order_id, orderId));
  // theirs: given while signed in, or given as a guest with the address this account has proven
  const own = row && (row.order_user === user.id || Boolean(u?.verified && row.donor_email && row.donor_email.trim().toLowerCase() === u.email.trim().toLowerCase()));
  if (!row || !own) throw notFound(DONOR_MESSAGES.orderNotFound);
  if (!row.cart_id) throw notFound(DONOR_MESSAGES.noCart);
  const anonymous = input.is_anonymous === '1';
  const [changed] = await db
    .update(carts)
    .set({ is_anonymous: anonymous })
    .where(and(eq(carts.id, row.cart_id), sql`${carts.is_anonymous} is distinct from ${anonymous}`))
    .returning({ id: carts.id });
  if (changed && row.fundraiser_id) await fundraiserChanged(db, row.fundraiser_id);
  return { order_id: orderId, is_anonymous: input.is_anonymous };
}
