// Donations made without an account join it once the donor proves the email is theirs.
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { carts, orders } from '../db/schema';

/**
 * Links donations made without an account (no user_id) under this email to the user. Call it only
 * where the user has just proven the email is theirs (code sent to it, reset link, autologin link,
 * provider-verified email): password sign-up does not verify emails, so matching by email on every
 * read would show a guest's donations to whoever registers their address first.
 */
export async function claimGuestOrders(db: DbOrTx, userId: number, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const guestCarts = db.select({ id: carts.id }).from(carts).where(and(sql`${carts.user_id} is null`, sql`lower(${carts.donor_email}) = ${address}`));
  const claimed = await db
    .update(orders)
    .set({ user_id: userId })
    .where(and(sql`${orders.user_id} is null`, inArray(orders.cart_id, guestCarts)))
    .returning({ id: orders.id });
  await db
    .update(carts)
    .set({ user_id: userId })
    .where(and(sql`${carts.user_id} is null`, sql`lower(${carts.donor_email}) = ${address}`));
  return claimed.length;
}
