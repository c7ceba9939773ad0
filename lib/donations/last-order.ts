// spec 7 GET last order: the signed-in donor's newest order; one-tap SIP reads its saved payment mode.
import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orders } from '../db/schema';

/** The user's newest order of any status (the caller decides what a failed one means), or null. */
export async function lastOrderOfUser(db: DbOrTx, userId: number) {
  const [order] = await db
    .select({
      order_id: orders.order_id,
      campaign_id: orders.fundraiser_id,
      payment_mode: orders.payment_mode,
      payment_mode_value: orders.payment_mode_value,
      payment_gateway: orders.payment_gateway,
      iso_currency: orders.iso_currency,
      donated_amount_minor: orders.donated_amount_minor,
      tip_amount_minor: orders.tip_amount_minor,
      status: orders.status,
      created_at: orders.created_at,
    })
    .from(orders)
    .where(eq(orders.user_id, userId))
    // id breaks ties between orders made within the same clock tick
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(1);
  if (!order) return null;
  // amounts in minor units and a trimmed currency code, as GET orders/{oi} answers them
  return { ...order, created_at: order.created_at.toISOString() };
}
