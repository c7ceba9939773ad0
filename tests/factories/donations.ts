// Gifts as a donor makes them: a cart (createCart), its order (placeOrder, which asks the sandbox gateway for its
// order) and the gateway's word that it was paid, settled by applyGatewayEvent as a webhook would be.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { createCart, placeOrder } from '@/lib/donations/service';
import { applyGatewayEvent } from '@/lib/payments/events';
import { OrderSchema } from '@/lib/validation/donation';
import { CartSchema } from '@/lib/validation/cart';
import type { z } from 'zod';
import { unique } from './database';

type OrderRow = typeof orders.$inferSelect;
export type CartValues = Partial<z.input<typeof CartSchema>>;

const ORIGIN = 'http://localhost:3000';

/** A guest's (or, with userId, a signed-in donor's) one-time cart of ₹500 to a running fundraiser. */
export async function makeCart(db: Db, fundraiserId: number, values: CartValues = {}, ctx: { userId?: number | null; pinVerified?: boolean } = {}) {
  const input = CartSchema.parse({
    donated_amount: 500,
    currency: 'INR',
    donor_name: 'Test Donor',
    donor_email: `${unique('donor')}@example.com`,
    donor_phone: '9876543210',
    donor_extension: '+91',
    ...values,
  });
  return createCart(db, fundraiserId, input, { pinVerified: ctx.pinVerified ?? true, userId: ctx.userId ?? null, ip: '127.0.0.1' });
}

/** The gateway's word on an order, as its webhook brings it. */
export async function settleOrder(db: Db, order: OrderRow, status: 'success' | 'failed' = 'success'): Promise<OrderRow> {
  await applyGatewayEvent(db, order.payment_gateway, {
    eventId: `test:${order.order_id}:${status}`,
    type: `payment.${status}`,
    gatewayOrderId: order.gateway_order_id!,
    gatewayPaymentId: status === 'success' ? `test_pay_${order.order_id}` : null,
    status,
    amountMinor: order.donated_amount_minor + order.tip_amount_minor,
    currency: order.iso_currency,
    payload: {},
  }, 'webhook');
  return (await db.select().from(orders).where(eq(orders.id, order.id)))[0];
}

/**
 * A gift placed through the cart and the order (UPI unless told) and, unless status says 'created', settled by the
 * gateway's webhook: receipts, totals and the ledger follow as they do in production.
 */
export async function makeGift(
  db: Db,
  fundraiserId: number,
  o: { cart?: CartValues; userId?: number | null; mode?: z.input<typeof OrderSchema>['mode']; status?: 'success' | 'failed' | 'created' } = {},
): Promise<{ cart: Awaited<ReturnType<typeof makeCart>>; order: OrderRow }> {
  const cart = await makeCart(db, fundraiserId, o.cart, { userId: o.userId });
  const input = OrderSchema.parse({ cart_id: cart.id, mode: o.mode ?? 'UPI' });
  const placed = await placeOrder(db, fundraiserId, input, { origin: ORIGIN, idempotencyKey: null, reader: { userId: cart.user_id, carts: [cart.id] } });
  const status = o.status ?? 'success';
  const order = (await db.select().from(orders).where(eq(orders.id, placed.id)))[0];
  return { cart, order: status === 'created' ? order : await settleOrder(db, order, status) };
}

/**
 * An order written as placed from a row a test gives (times, kinds, currencies the cart cannot make), then settled by
 * the same applyGatewayEvent a gateway's webhook goes through (ledger, totals, receipt). Times given in the row are kept.
 */
export async function makeOrder(db: Db, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const { status = 'created', created_at, updated_at, settled_at, gateway_payment_id, charged: _charged, ...placed } = row;
  const gatewayOrderId = placed.gateway_order_id ?? `test_order_${placed.order_id}`;
  const [order] = await db.insert(orders).values({ ...placed, gateway_order_id: gatewayOrderId, status: 'created' }).returning();
  if (status === 'refunded') throw new Error('makeOrder settles payments; refund one with requestRefund');
  if (status !== 'created') {
    await applyGatewayEvent(db, order.payment_gateway, {
      eventId: `test:${order.order_id}`,
      type: `payment.${status}`,
      gatewayOrderId,
      gatewayPaymentId: status === 'success' ? (gateway_payment_id ?? `test_pay_${order.order_id}`) : null,
      status,
      amountMinor: order.donated_amount_minor + order.tip_amount_minor,
      currency: order.iso_currency,
      payload: {},
    }, 'webhook');
  }
  const times = { ...(created_at ? { created_at } : {}), ...(updated_at ? { updated_at } : {}), ...(settled_at !== undefined ? { settled_at } : {}) };
  if (Object.keys(times).length) await db.update(orders).set(times).where(eq(orders.id, order.id));
  return (await db.select().from(orders).where(eq(orders.id, order.id)))[0];
}
