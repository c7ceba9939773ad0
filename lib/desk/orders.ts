// Finding a gift and everything that happened to it, for the desk: search by order id, gateway payment id, email or
// phone; the order page's facts (cart, gateway events, ledger, refunds, emails sent); resending the receipt and
// correcting the donor's details, each audited in its own transaction.
import { desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { carts, fundraisers, ledgerEntries, orders, outbox, paymentEvents, refunds, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { enqueueMessage } from '../outbox/queue';
import { paidOrderReceipt } from '../payments/events';
import { orderTotalMinor } from '../payments/order-total';
import { signedReceiptUrl } from '../portfolio/receipt-link';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { DEFAULT_LOCALE } from '../i18n/locales';
import { DESK_SEARCH_MAX, INDIA_CALLING_CODE, INDIAN_MOBILE_DIGITS } from '../constants/desk';
import type { DonorCorrection } from '../validation/desk';
import { recordStaffAction, type DeskActor } from './audit';

export const DESK_ORDER_MESSAGES = {
  notPaid: 'Only a paid gift has a receipt to send again',
} as const;

/** The phone as E.164 when the query looks like one: +<digits>, or India's 10 digits. */
export function phoneQuery(q: string): string | null {
  const compact = q.replace(/[\s().-]/g, '');
  if (/^\+\d{6,15}$/.test(compact)) return compact;
  if (new RegExp(`^\\d{${INDIAN_MOBILE_DIGITS}}$`).test(compact)) return `${INDIA_CALLING_CODE}${compact}`;
  return null;
}

// a cart's phone as E.164: its extension (India when none) and its number, as users.phone_e164 is kept
const cartPhoneE164 = sql`'+' || coalesce(nullif(ltrim(btrim(${carts.donor_extension}), '+'), ''), '91') || ${carts.donor_phone}`;

export interface OrderHit {
  orderId: string;
  kind: string;
  status: string;
  createdAt: Date;
  amountMinor: number;
  currency: string;
  donorName: string | null;
  donorEmail: string | null;
  fundraiserTitle: string | null;
}

/** Orders matching the query, newest first: an order id, a gateway payment id, an email, or a phone. */
export async function findOrders(db: DbOrTx, query: string): Promise<OrderHit[]> {
  const q = query.trim();
  if (!q) return [];
  const matches: SQL[] = [eq(orders.order_id, q), eq(orders.gateway_payment_id, q)];
  if (q.includes('@')) {
    const email = q.toLowerCase();
    matches.push(sql`lower(${carts.donor_email}) = ${email}`, sql`${orders.user_id} in (select ${users.id} from ${users} where lower(${users.email}) = ${email})`);
  }
  const phone = phoneQuery(q);
  if (phone) matches.push(sql`${carts.donor_phone} is not null and ${cartPhoneE164} = ${phone}`, sql`${orders.user_id} in (select ${users.id} from ${users} where ${users.phone_e164} = ${phone})`);
  const rows = await db
    .select({ order: orders, donorName: sql<string | null>`coalesce(${carts.donor_name}, ${users.full_name})`, donorEmail: sql<string | null>`coalesce(${carts.donor_email}, ${users.email})`, title: fundraisers.title })
    .from(orders)
    .leftJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(users, eq(users.id, orders.user_id))
    .leftJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .where(or(...matches))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(DESK_SEARCH_MAX);
  return rows.map((r) => ({
    orderId: r.order.order_id,
    kind: r.order.kind,
    status: r.order.status,
    createdAt: r.order.created_at,
    amountMinor: orderTotalMinor(r.order),
    currency: r.order.iso_currency,
    donorName: r.donorName,
    donorEmail: r.donorEmail,
    fundraiserTitle: r.title,
  }));
}

type OrderRow = typeof orders.$inferSelect;

async function orderRow(db: DbOrTx, orderId: string, lock = false): Promise<OrderRow> {
  const q = db.select().from(orders).where(eq(orders.order_id, orderId));
  const [order] = lock ? await q.for('update') : await q;
  if (!order) throw notFound('Order not found');
  return order;
}

const orderOrigin = (order: OrderRow) => (typeof order.params?.site_origin === 'string' ? order.params.site_origin : mainSiteOrigin(siteConfig()));

/** Everything the order page shows about one order. */
export async function deskOrder(db: DbOrTx, orderId: string) {
  const order = await orderRow(db, orderId);
  const [cart] = order.cart_id ? await db.select().from(carts).where(eq(carts.id, order.cart_id)) : [];
  const [account] = order.user_id ? await db.select({ id: users.id, name: users.full_name, email: users.email, phone: users.phone_e164 }).from(users).where(eq(users.id, order.user_id)) : [];
  const [fundraiser] = order.fundraiser_id
    ? await db.select({ id: fundraisers.id, title: fundraisers.title, customTag: fundraisers.custom_tag, raisedMinor: fundraisers.raised_minor, currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, order.fundraiser_id))
    : [];
  const orderRefunds = await db.select({ refund: refunds, requestedBy: users.full_name }).from(refunds).leftJoin(users, eq(users.id, refunds.requested_by)).where(eq(refunds.order_id, order.id)).orderBy(refunds.created_at, refunds.id);
  const groups = [order.order_id, ...orderRefunds.map((r) => `refund:${r.refund.refund_id}`)];
  const ledger = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.group_id, groups)).orderBy(ledgerEntries.created_at, ledgerEntries.id);
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.order_id, order.order_id)).orderBy(paymentEvents.received_at, paymentEvents.id);
  return {
    order,
    totalMinor: orderTotalMinor(order),
    cart: cart ?? null,
    account: account ?? null,
    fundraiser: fundraiser ?? null,
    refunds: orderRefunds.map((r) => ({ ...r.refund, requestedByName: r.requestedBy })),
    ledger,
    events,
    emails: await emailsFor(db, order),
    receiptLink: order.status === 'success' || order.status === 'refunded' ? signedReceiptUrl(orderOrigin(order), cart?.locale ?? DEFAULT_LOCALE, order.order_id) : null,
  };
}

/**
 * The emails sent about this order. The outbox keeps no order column: the receipt (and any later email about the
 * gift) names the order id in its subject and text, so an order's emails are those naming it (whatever address they went to).
 */
async function emailsFor(db: DbOrTx, order: OrderRow) {
  const pattern = `%${order.order_id.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const naming = or(sql`${outbox.subject} like ${pattern}`, sql`${outbox.body} like ${pattern}`);
  return db
    .select({ id: outbox.id, channel: outbox.channel, recipient: outbox.recipient, subject: outbox.subject, status: outbox.status, createdAt: outbox.created_at, sentAt: outbox.sent_at })
    .from(outbox)
    .where(naming)
    .orderBy(desc(outbox.created_at), desc(outbox.id));
}

/** Sends a paid gift's receipt again (with its 80G PDF when it has one), to the donor's email as it stands now, audited in the same transaction. */
export async function resendReceipt(db: Db, actor: DeskActor, orderId: string): Promise<{ messageId: number }> {
  return db.transaction(async (tx) => {
    const order = await orderRow(tx, orderId, true);
    if (order.status !== 'success') throw conflict(DESK_ORDER_MESSAGES.notPaid);
    const message = await paidOrderReceipt(tx, order);
    const messageId = await enqueueMessage(tx, message);
    await recordStaffAction(tx, actor, { action: 'receipt.resend', recordKind: 'order', recordId: order.order_id, after: { to: message.recipient, outbox_id: messageId } });
    return { messageId };
  });
}

const correctable = (cart: typeof carts.$inferSelect) => ({ donor_name: cart.donor_name, donor_email: cart.donor_email, donor_pan: cart.donor_pan, donor_address: cart.donor_address });

/** Corrects the gift's donor details on its cart (name, email, PAN, address), marked as corrected, audited with before and after. */
export async function correctDonorDetails(db: Db, actor: DeskActor, orderId: string, input: DonorCorrection) {
  return db.transaction(async (tx: Tx) => {
    const order = await orderRow(tx, orderId, true);
    if (!order.cart_id) throw notFound('This order has no donor details to correct');
    const [cart] = await tx.select().from(carts).where(eq(carts.id, order.cart_id)).for('update');
    const after = { donor_name: input.donor_name, donor_email: input.donor_email, donor_pan: input.donor_pan || null, donor_address: input.donor_address || null };
    const [updated] = await tx
      .update(carts)
      .set({ ...after, details_corrected_at: new Date(), details_corrected_by: actor.id })
      .where(eq(carts.id, cart.id))
      .returning();
    await recordStaffAction(tx, actor, { action: 'donor.correct', recordKind: 'order', recordId: order.order_id, before: correctable(cart), after: correctable(updated) });
    return correctable(updated);
  });
}
