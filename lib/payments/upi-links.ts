// spec 7 GET UPI links (two variants) for an order waiting for a UPI payment: the upi://pay intent a phone's UPI app
// opens (NPCI's linking spec), and the QR payload a desktop shows (the gateway's payment link, as orders/{oi}/qr draws it).
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundraisers, orders } from '../db/schema';
import { ApiError } from '../http/errors';
import { MINOR_UNITS_PER_MAJOR } from '../money';
import { reconcileSettings } from './reconcile-settings';
import { UPI_CURRENCY, UPI_LINK_MODES, UPI_NOTE_MAX_LENGTH, UPI_PAYEES } from '../constants/payments';
import { orderTotalMinor } from './order-total';

type OrderRow = typeof orders.$inferSelect;

/** spec 4: an order waits for a UPI app while it is placed, unpaid, in a UPI mode, in rupees, with its gateway's link. */
export const isAwaitingUpi = (order: Pick<OrderRow, 'status' | 'payment_mode' | 'iso_currency' | 'url'>): boolean =>
  (order.status === 'created' || order.status === 'pending') && (UPI_LINK_MODES as readonly string[]).includes(order.payment_mode) && order.iso_currency === UPI_CURRENCY && Boolean(order.url);

/** 12345 minor units as '123.45': UPI amounts are rupees with two decimals, written without floating point. */
const DECIMALS = String(MINOR_UNITS_PER_MAJOR).length - 1;
export function upiAmount(minor: number): string {
  return `${Math.floor(minor / MINOR_UNITS_PER_MAJOR)}.${String(minor % MINOR_UNITS_PER_MAJOR).padStart(DECIMALS, '0')}`;
}

// NPCI's examples keep the payee address's '@' as it is; everything else is percent-encoded (spaces as %20, never '+')
const upiValue = (v: string) => encodeURIComponent(v).replace(/%40/g, '@');

/** The upi://pay intent: payee, our order id as the transaction reference, the note, the amount in rupees. */
export function upiIntentUrl(p: { payee: { vpa: string; name: string }; orderId: string; note: string; amountMinor: number }): string {
  const fields: [string, string][] = [
    ['pa', p.payee.vpa],
    ['pn', p.payee.name],
    ['tr', p.orderId],
    ['tn', p.note.slice(0, UPI_NOTE_MAX_LENGTH)],
    ['am', upiAmount(p.amountMinor)],
    ['cu', UPI_CURRENCY],
  ];
  return `upi://pay?${fields.map(([k, v]) => `${k}=${upiValue(v)}`).join('&')}`;
}

export interface UpiLinks {
  order_id: string;
  amount_minor: number;
  currency: string;
  /** null when the order's gateway does not let us address its UPI payee ourselves (its hosted page opens the app) */
  intent_url: string | null;
  qr: { payload: string; image_url: string };
  /** the order is failed as expired after this moment (reconciliation's payment window) */
  expires_at: string;
}

/** Both UPI variants of an order waiting for UPI; anything else is a conflict (paid, failed, a card order). */
export async function upiLinksOf(db: Db, order: OrderRow, ctx: { origin: string; productName: string }): Promise<UpiLinks> {
  if (!isAwaitingUpi(order)) throw new ApiError('conflict', 'This order is not waiting for a UPI payment');
  const [f] = order.fundraiser_id ? await db.select({ title: fundraisers.title }).from(fundraisers).where(eq(fundraisers.id, order.fundraiser_id)) : [];
  const payee = UPI_PAYEES[order.payment_gateway];
  const amountMinor = orderTotalMinor(order);
  return {
    order_id: order.order_id,
    amount_minor: amountMinor,
    currency: order.iso_currency,
    intent_url: payee ? upiIntentUrl({ payee, orderId: order.order_id, note: f?.title ?? ctx.productName, amountMinor }) : null,
    qr: { payload: order.url!, image_url: new URL(`/api/orders/${encodeURIComponent(order.order_id)}/qr`, ctx.origin).toString() },
    expires_at: new Date(new Date(order.created_at).getTime() + reconcileSettings().expireAfterMs).toISOString(),
  };
}
