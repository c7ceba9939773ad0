// A standalone tip (spec 2 /new/standalonetip, origin tip): a gift to the platform itself, through the same cart,
// order, gateway and settle path as a gift to a fundraiser. The cart has no fundraiser; the whole amount is the tip
// (platform:tips in the ledger), so no fundraiser's total or supporters move.
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { carts } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { toMinor, type CurrencyCode } from '../money';
import { DEFAULT_LOCALE } from '../i18n/locales';
import type { OrderSchema } from '../validation/donation';
import type { TipCartSchema } from '../validation/tip-cart';
import { gatewayNameFor, modeUnavailable } from '../payments/registry';
import { oneTimeGateway, openOrder, orderOfKey } from './service';
import { assertCartDonor, type CheckoutReader } from '../payments/checkout-access';

const CURRENCY_UNAVAILABLE = 'Payments in this currency are not available right now';

export async function createTipCart(db: Db, input: z.output<typeof TipCartSchema>, ctx: { userId: number | null; ip: string }) {
  const currency = input.currency as CurrencyCode;
  if (!gatewayNameFor(currency)) throw new ApiError('validation_failed', CURRENCY_UNAVAILABLE, { currency: CURRENCY_UNAVAILABLE });
  const r = await currentRatesMicros(db);
  const tip = toMinor(input.tip_amount);
  const [cart] = await db
    .insert(carts)
    .values({
      purpose: 'tip',
      fundraiser_id: null,
      user_id: ctx.userId,
      currency,
      donated_amount_minor: 0,
      donated_amount_inr_minor: 0,
      tip_amount_minor: tip,
      donor_name: input.donor_name,
      donor_email: input.donor_email,
      donor_phone: input.donor_phone,
      donor_extension: input.donor_extension,
      is_indian: currency === 'INR',
      device: input.device ?? null,
      utm: input.utm ?? null,
      locale: input.locale ?? DEFAULT_LOCALE,
      client_ip: ctx.ip,
    })
    .returning();
  return { ...cart, tip_amount_inr_minor: convertMinor(tip, r[currency], r.INR) };
}

/** The tip cart's one live order (a double click or a retried request answers the same one), kind tip; only its donor's (ctx.reader). */
export async function placeTipOrder(db: Db, input: z.output<typeof OrderSchema>, ctx: { origin: string; idempotencyKey: string | null; reader: CheckoutReader }) {
  const key = ctx.idempotencyKey ?? input.idempotency_key ?? null;
  const [cart] = await db.select().from(carts).where(and(eq(carts.id, input.cart_id), eq(carts.purpose, 'tip')));
  if (!cart) throw notFound('Cart not found');
  // another donor's tip cart does not exist for this browser
  assertCartDonor(ctx.reader, cart);
  const existing = await orderOfKey(db, key, cart.id, 'This idempotency key belongs to another payment');
  if (existing) return existing;
  const { name: gatewayName, gateway } = oneTimeGateway(cart.currency, input.mode, ctx.origin, modeUnavailable, 'tip');
  return openOrder(
    db,
    {
      kind: 'tip',
      cart_id: cart.id,
      fundraiser_id: null,
      user_id: cart.user_id,
      payment_mode: input.mode,
      payment_mode_value: input.mode_value ?? null,
      payment_gateway: gatewayName,
      iso_currency: cart.currency,
      donated_amount_minor: 0,
      tip_amount_minor: cart.tip_amount_minor,
      credited_amount_minor: 0,
      idempotency_key: key,
      vpa: input.vpa ?? null,
      // whatever the client sends, a standalone tip goes back to its own page
      origin: 'tip',
      utm: cart.utm,
      params: { locale: cart.locale },
    },
    { gateway, payer: { name: cart.donor_name, email: cart.donor_email, phone: cart.donor_phone } },
  );
}
