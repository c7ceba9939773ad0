import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { OrderIdSchema } from '@/lib/validation/donation';
import { orderByOrderId } from '@/lib/payments/results';
import { carts, fundraisers } from '@/lib/db/schema';

export const dynamic = 'force-dynamic';

// order details for the thank-you and payment-route pages; the order id is a random bearer of its own
export const GET = handle(async (_request, { params }: { params: Promise<{ oi: string }> }) => {
  const { oi } = parseWith(z.object({ oi: OrderIdSchema }), await params);
  const db = await getDb();
  const order = await orderByOrderId(db, oi);
  const [cart] = await db.select({ donor_name: carts.donor_name, is_anonymous: carts.is_anonymous }).from(carts).where(eq(carts.id, order.cart_id));
  const [f] = await db.select({ title: fundraisers.title, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, order.campaign_id));
  return json(
    { data: { order_id: order.order_id, status: order.status, charged: order.charged, iso_currency: order.iso_currency.trim(), donated_amount_minor: order.donated_amount_minor, tip_amount_minor: order.tip_amount_minor, payment_mode: order.payment_mode, payment_gateway: order.payment_gateway, donor: { full_name: cart.donor_name }, fundraiser: f } },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
