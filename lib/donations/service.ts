// A donation's way in: cart, then order (idempotent), then the gateway's checkout. Settling is lib/payments/settle.ts.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { carts, entityDetails, fundraisers, orders, users } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { toMajor, toMinor, type CurrencyCode } from '../money';
import { DEFAULT_LOCALE } from '../i18n/locales';
import { reportError } from '../observability/report';
import { hasTaxBenefit } from '../fundraisers/rules';
import { acceptsDonations, isFundraiserPublished } from '../fundraisers/status';
import { MAX_DONATION_INR } from '../constants/giving';
import { SIP_SUBSCRIBE_PATH } from '../routes';
import type { OrderSchema } from '../validation/donation';
import type { CartSchema } from '../validation/cart';
import { BankTransferSchema } from '../validation/bank-transfer';
import { bankTransferAmountError } from '../validation/gift-fields';
import { parseWith } from '../http/validation';
import { asCheckoutOrder, type CheckoutOrder } from '../payments/results';
import { gatewayFor, gatewayNameFor, modeUnavailable, type PaymentMode } from '../payments/registry';
import { isOneTimeMode, type OneTimePurpose } from '../payments/options';
import { GATEWAY_REFUSED_REASON } from '../payments/order-state';
import { assertRewardFor, rewardRetired } from '../fundraisers/rewards';
import { quoteCoupon } from '../coupons/coupons';
import { assertCartDonor, isCheckoutDonor, type CheckoutReader } from '../payments/checkout-access';
import { orderTotalMinor } from '../payments/order-total';
import { citizenshipAsked, type Citizenship } from './citizenship';
import { foreignContributionOf } from './fcra';
import { fundraiserEarns80gSql } from '../tax/receipts';
import { TAX_RECEIPT_CURRENCY } from '../constants/tax';

// how long a double click's second request waits for the first to get its gateway order
const TWIN_ORDER_WAIT_MS = 10_000;
const GATEWAY_UNAVAILABLE = 'The payment service is not answering right now. Please try again in a minute.';
const FUNDRAISER_ENDED = 'This fundraiser has ended and no longer takes donations';
const CURRENCY_UNAVAILABLE = 'Donations in this currency are not available right now';
// no gateway is configured for it (the sandbox is off and no real keys take it)
const currencyUnavailable = () => new ApiError('validation_failed', CURRENCY_UNAVAILABLE, { currency: CURRENCY_UNAVAILABLE });

// what taking a gift needs of its fundraiser: read on every cart and order, so never its story or its search vector
const DONATABLE = {
  id: fundraisers.id,
  /** its NGO's 80G registration stands: a rupee gift earns an 80G receipt */
  earns80g: fundraiserEarns80gSql(),
  custom_tag: fundraisers.custom_tag,
  title: fundraisers.title,
  status_flag: fundraisers.status_flag,
  end_date: fundraisers.end_date,
  is_private: fundraisers.is_private,
  currency: fundraisers.currency,
  taxexempted: fundraisers.taxexempted,
  beneficiary_tax_benefit: fundraisers.beneficiary_tax_benefit,
  // the NGO it raises for (null for a personal fundraiser): its FCRA registration decides whether a foreign citizen may give
  ngo_id: entityDetails.id,
  fcra_number: entityDetails.fcra_number,
  fcra_valid_until: entityDetails.fcra_valid_until,
};
// the beneficiary organisation, when it is an NGO
const ngoOf = and(eq(entityDetails.id, fundraisers.entity_details_id), eq(entityDetails.entity_type, 'ngo'));
const fcraStanding = (f: { ngo_id: number | null; fcra_number: string | null; fcra_valid_until: string | null }) => (f.ngo_id === null ? null : { fcra_number: f.fcra_number, fcra_valid_until: f.fcra_valid_until });

/** spec 4/7: a fundraiser takes donations while it runs, and a private one only after its PIN. */
export async function donatableFundraiser(db: Db, id: number, pinVerified: boolean) {
  const [f] = await db.select(DONATABLE).from(fundraisers).leftJoin(entityDetails, ngoOf).where(eq(fundraisers.id, id));
  // a draft or a fundraiser under review does not exist for donors
  if (!f || !isFundraiserPublished(f)) throw notFound('Fundraiser not found');
  if (!acceptsDonations(f)) throw new ApiError('conflict', FUNDRAISER_ENDED);
  if (f.is_private && !pinVerified) throw new ApiError('pin_required', 'This fundraiser is private: enter its PIN to give');
  return f;
}

export const RECURRING_CART_MESSAGE = `A monthly SIP is started on the SIP page (${SIP_SUBSCRIBE_PATH}), under the SIP rules: this cart takes one-time gifts only`;

/**
 * spec 3 cart recurring: a monthly gift is a SIP (its minimums, causes, rounding and mandate: lib/sip/subscribe.ts, POST
 * sip/subscribe), never this cart. A cart asking for it is refused, pointing to the SIP page, so no one-time gift is
 * made that the donor did not ask for.
 */
export function assertOneTimeCart(input: { recurring?: string }): void {
  if (input.recurring === '1') throw new ApiError('validation_failed', RECURRING_CART_MESSAGE, { recurring: RECURRING_CART_MESSAGE }, undefined, SIP_SUBSCRIBE_PATH);
}

export async function createCart(db: Db, fundraiserId: number, input: z.output<typeof CartSchema>, ctx: { pinVerified: boolean; userId: number | null; ip: string }) {
  assertOneTimeCart(input);
  const f = await donatableFundraiser(db, fundraiserId, ctx.pinVerified);
  const r = await currentRatesMicros(db);
  const currency = input.currency as CurrencyCode;
  if (!gatewayNameFor(currency)) throw currencyUnavailable();
  const donated = toMinor(input.donated_amount);
  const donatedInr = convertMinor(donated, r[currency], r.INR);
  if (donatedInr > toMinor(MAX_DONATION_INR)) {
    throw new ApiError('validation_failed', 'This amount is above what we accept online in one donation', { donated_amount: 'Please enter a smaller amount or contact us for large gifts' });
  }
  if (input.reward_id !== undefined) await assertRewardFor(db, f.id, input.reward_id, donatedInr, r);
  // a coupon that cannot match this gift is refused now, with its reason, rather than silently at settling
  // (and one the fundraiser's own people, signed in or typing their own email, may not have)
  const coupon = input.coupon_code ? await quoteCoupon(db, input.coupon_code, { currency, donatedMinor: donated }, { fundraiserId: f.id, userIds: [ctx.userId], email: input.donor_email }) : null;
  // a PAN and address are kept only where they earn a tax receipt: an 80G fundraiser or NGO, and a gift in rupees (the form asks there alone)
  const taxReceipt = currency === TAX_RECEIPT_CURRENCY && (hasTaxBenefit(f) || f.earns80g);
  const givenPan = input.pan || input.panNumber;
  const pan = taxReceipt && givenPan ? givenPan : null;
  // FCRA, before any payment: a foreign citizen's gift to an NGO without a valid registration is refused here
  const asked = citizenshipAsked({ currency, toNgo: f.ngo_id !== null, extension: input.donor_extension, cardAbroad: input.card_abroad === '1' });
  foreignContributionOf({ asked, citizenship: asked ? input.citizenship : null, ngo: fcraStanding(f) });
  const [cart] = await db
    .insert(carts)
    .values({
      fundraiser_id: f.id,
      user_id: ctx.userId,
      currency,
      donated_amount_minor: donated,
      donated_amount_inr_minor: donatedInr,
      tip_amount_minor: toMinor(input.tip_amount),
      donor_name: input.donor_name,
      donor_email: input.donor_email,
      donor_phone: input.donor_phone,
      donor_extension: input.donor_extension,
      donor_pincode: input.donor_pincode || null,
      donor_country: input.donor_country ?? null,
      donor_city: input.donor_city ?? null,
      donor_pan: pan,
      donor_address: taxReceipt && input.donor_address ? input.donor_address : null,
      // the declaration is kept with each gift it was asked for (personal fundraisers too)
      citizenship: asked ? input.citizenship! : null,
      is_anonymous: input.is_anonymous === '1',
      // assertOneTimeCart: a cart is a one-time gift
      recurring: false,
      is_indian: currency === 'INR',
      device: input.device ?? null,
      utm: input.utm ?? null,
      locale: input.locale ?? DEFAULT_LOCALE,
      client_ip: ctx.ip,
      reward_id: input.reward_id ?? null,
      coupon_code: coupon?.code ?? null,
      dedication: input.dedication ? { occasion: input.dedication.occasion, honoree: input.dedication.honoree, ...(input.dedication.message ? { message: input.dedication.message } : {}) } : null,
    })
    .returning()
    .catch((e: unknown) => {
      // the reward was deleted between its check and this insert (its campaigner removed it): the donor is told, no 500
      if (input.reward_id !== undefined && isForeignKeyViolation(e)) throw rewardRetired();
      throw e;
    });
  return cart;
}

/** The cart's reward reference failed (PostgreSQL 23503 on carts.reward_id), as node-postgres or drizzle's wrapper reports it. */
const isForeignKeyViolation = (e: unknown) => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const pg = err?.code === '23503' ? err : err?.cause?.code === '23503' ? err.cause : null;
  return Boolean(pg) && (!pg!.constraint || pg!.constraint.includes('reward'));
};

export const newOrderId = () => `SHY${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

// an order in one of these states is the cart's live order: placing it again answers the same order
const LIVE_ORDER_STATUSES = ['created', 'pending', 'success'] as const;

const liveOfCart = (cartId: number) => and(eq(orders.cart_id, cartId), inArray(orders.status, LIVE_ORDER_STATUSES));
const isLive = (o: typeof orders.$inferSelect) => (LIVE_ORDER_STATUSES as readonly string[]).includes(o.status);

const liveOrderOf = async (db: Db, cartId: number) => (await db.select().from(orders).where(liveOfCart(cartId)).orderBy(desc(orders.id)).limit(1))[0];

/** A twin's order as soon as its gateway has it (the winner is still asking the gateway), or as it stands after a while. */
async function settledWithGateway(db: Db, order: typeof orders.$inferSelect) {
  for (let waited = 0; order && !order.gateway_order_id && order.status === 'created' && waited < TWIN_ORDER_WAIT_MS; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    [order] = await db.select().from(orders).where(eq(orders.id, order.id));
  }
  return order;
}

/**
 * Places the order for a cart. One cart has at most one live order: the same cart (or the same
 * idempotency key) answers the same order, whatever the headers (double clicks, retries). Only the cart's donor
 * (ctx.reader) places or reads it: for anyone else the cart does not exist.
 */
export async function placeOrder(db: Db, fundraiserId: number, input: z.output<typeof OrderSchema>, ctx: { origin: string; idempotencyKey: string | null; reader: CheckoutReader }) {
  const key = ctx.idempotencyKey ?? input.idempotency_key ?? null;
  // the key's and the cart's earlier orders come with the cart and its fundraiser, in one read
  const rows = await db
    .select({ cart: carts, f: DONATABLE, order: orders })
    .from(carts)
    .innerJoin(fundraisers, eq(fundraisers.id, carts.fundraiser_id))
    .leftJoin(entityDetails, ngoOf)
    .leftJoin(orders, placedBy(key, input.cart_id))
    .where(and(eq(carts.id, input.cart_id), eq(carts.fundraiser_id, fundraiserId)))
    .orderBy(desc(orders.id));
  if (!rows.length) throw notFound('Cart not found');
  // cart ids are sequential; another donor's cart answers nothing of its order and takes none
  assertCartDonor(ctx.reader, rows[0].cart);
  const { byKey, live } = placedAmong(
    rows.flatMap((r) => (r.order ? [r.order] : [])),
    key,
    input.cart_id,
    'This idempotency key belongs to another donation',
  );
  if (byKey) return byKey;
  const { cart, f } = rows[0];
  if (live) return live;
  // a cart made while it ran does not reopen a fundraiser that has ended or gone back to review since
  if (!acceptsDonations(f)) throw new ApiError('conflict', FUNDRAISER_ENDED);
  // asked again at payment: an NGO's FCRA registration may have lapsed since the cart was made
  const foreignContribution = foreignContributionOf({ asked: false, citizenship: cart.citizenship as Citizenship | null, ngo: fcraStanding(f) });
  const r = await currentRatesMicros(db);
  const { name: gatewayName, gateway } = oneTimeGateway(cart.currency, input.mode, ctx.origin);
  const belowTransferMinimum = input.mode === 'NEFT' ? bankTransferAmountError(toMajor(orderTotalMinor(cart))) : null;
  if (belowTransferMinimum) throw new ApiError('validation_failed', belowTransferMinimum, { donated_amount: belowTransferMinimum });
  return openOrder(
    db,
    {
      cart_id: cart.id,
      fundraiser_id: fundraiserId,
      user_id: cart.user_id,
      payment_mode: input.mode,
      payment_mode_value: input.mode_value ?? null,
      payment_gateway: gatewayName,
      iso_currency: cart.currency,
      donated_amount_minor: cart.donated_amount_minor,
      tip_amount_minor: cart.tip_amount_minor,
      credited_amount_minor: convertMinor(cart.donated_amount_minor, r[cart.currency], r[f.currency]),
      foreign_contribution: foreignContribution,
      idempotency_key: key,
      vpa: input.vpa ?? null,
      origin: input.origin,
      utm: cart.utm,
      // spec 3: a card payment's issuer digits (6 at most, OrderSchema); a failed payment from an update's page goes back
      // to that update (spec 4 origin up)
      params: orderParams(input),
    },
    { gateway, payer: { name: cart.donor_name, email: cart.donor_email, phone: cart.donor_phone } },
  );
}

/** What an order keeps of its placement beyond its columns, or null when nothing. */
function orderParams(input: z.output<typeof OrderSchema>): Record<string, unknown> | null {
  const params = {
    ...(input.bin && input.mode === 'CARD' ? { card_bin: input.bin } : {}),
    ...(input.origin === 'up' && input.update_id ? { update_id: input.update_id } : {}),
    ...(input.page_type ? { page_type: input.page_type } : {}),
  };
  return Object.keys(params).length ? params : null;
}

// the orders a retry or a double click may find: the one this idempotency key placed, and the cart's live one
const placedBy = (key: string | null, cartId: number) => (key ? or(eq(orders.idempotency_key, key), liveOfCart(cartId)) : liveOfCart(cartId));

/** Of those orders, the key's (another cart's key is refused) and the cart's live one. */
function placedAmong(found: (typeof orders.$inferSelect)[], key: string | null, cartId: number, otherCartMessage: string) {
  const byKey = key ? found.find((o) => o.idempotency_key === key) : undefined;
  if (byKey && byKey.cart_id !== cartId) throw new ApiError('conflict', otherCartMessage);
  return { byKey, live: found.find((o) => o.cart_id === cartId && isLive(o)) };
}

async function placedOrders(db: Db, key: string | null, cartId: number, otherCartMessage: string) {
  return placedAmong(await db.select().from(orders).where(placedBy(key, cartId)).orderBy(desc(orders.id)), key, cartId, otherCartMessage);
}

/** The order an idempotency key already placed, for this cart (a retried or double-clicked request); another cart's key is refused. */
export async function orderOfKey(db: Db, key: string | null, cartId: number, otherCartMessage: string) {
  return key ? ((await placedOrders(db, key, cartId, otherCartMessage)).byKey ?? null) : null;
}

/**
 * The gateway a one-time payment (a gift, a tip, a premium) in this currency and mode goes through: the server picks it
 * from configuration; the client never names it. Mandate modes and non-rupee UPI are refused (isOneTimeMode).
 */
export function oneTimeGateway(currency: string, mode: PaymentMode, origin: string, noGatewayForCurrency: () => ApiError = currencyUnavailable, purpose: OneTimePurpose = 'gift') {
  if (!isOneTimeMode(currency, mode, purpose)) throw modeUnavailable();
  const name = gatewayNameFor(currency, mode);
  const gateway = name ? gatewayFor(name, origin) : null;
  if (!name || !gateway) throw gatewayNameFor(currency) ? modeUnavailable() : noGatewayForCurrency();
  return { name, gateway };
}

type NewOrder = Omit<typeof orders.$inferInsert, 'order_id'>;

/**
 * Our order row first, then the gateway's: a concurrent twin loses on the unique indexes (idempotency key, one live
 * order per cart) before any gateway hears of it, and a gateway order always has an order of ours to settle. Gifts,
 * standalone tips and insurance premiums are all placed here.
 */
export async function openOrder(db: Db, values: NewOrder, ctx: { gateway: NonNullable<ReturnType<typeof gatewayFor>>; payer: { name: string; email: string; phone: string | null } }) {
  const orderId = newOrderId();
  const amountMinor = (values.donated_amount_minor ?? 0) + (values.tip_amount_minor ?? 0);
  const inserted = await db
    .insert(orders)
    .values({ ...values, order_id: orderId })
    // the idempotency key and the one-live-order-per-cart index are both unique: a concurrent twin loses here
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) {
    // a concurrent request for the same cart or key won the race: answer its order
    const key = values.idempotency_key;
    const [winner] = key ? await db.select().from(orders).where(eq(orders.idempotency_key, key)) : [];
    const live = winner ?? (values.cart_id ? await liveOrderOf(db, values.cart_id) : undefined);
    if (!live) throw new ApiError('conflict', 'This payment is already being placed');
    return settledWithGateway(db, live);
  }
  const order = inserted[0];
  try {
    const { gatewayOrderId } = await ctx.gateway.createOrder({ orderId, amountMinor, currency: values.iso_currency, donor: ctx.payer });
    const [withGateway] = await db.update(orders).set({ gateway_order_id: gatewayOrderId, updated_at: new Date() }).where(eq(orders.id, order.id)).returning();
    return withGateway;
  } catch (error) {
    // the gateway never took it, so no money can move: fail it, and the cart may place a new order
    await db.update(orders).set({ status: 'failed', failure_reason: GATEWAY_REFUSED_REASON, updated_at: new Date() }).where(and(eq(orders.id, order.id), eq(orders.status, 'created')));
    await reportError(error, { orderId, gateway: values.payment_gateway });
    throw new ApiError('gateway_error', GATEWAY_UNAVAILABLE);
  }
}

/** Who pays: a gift's donor is on its cart; a cart-less order (an insurance premium) is its signed-in user's. */
type Payer = { name: string; email: string; phone: string | null };

export async function payerOf(db: Db, order: { cart_id: number | null; user_id: number | null }): Promise<Payer> {
  if (order.cart_id) {
    const [cart] = await db.select({ name: carts.donor_name, email: carts.donor_email, phone: carts.donor_phone }).from(carts).where(eq(carts.id, order.cart_id));
    return cart;
  }
  const [user] = order.user_id ? await db.select({ name: users.full_name, email: users.email, phone: users.phone_1 }).from(users).where(eq(users.id, order.user_id)) : [];
  if (!user) throw new ApiError('conflict', 'This order has no payer');
  return user;
}

/**
 * What payment/send needs, in one read: the checkout order, its fundraiser's tag for the
 * return address, and the payer on its cart (null for an order without a cart). Only to the order's donor (the
 * checkout URL names the amount): for anyone else it does not exist.
 */
export async function orderToSend(db: Db, orderId: string, reader: CheckoutReader) {
  const [row] = await db
    .select({ order: orders, customTag: fundraisers.custom_tag, payerName: carts.donor_name, payerEmail: carts.donor_email, payerPhone: carts.donor_phone, locale: carts.locale })
    .from(orders)
    .leftJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .leftJoin(carts, eq(carts.id, orders.cart_id))
    .where(eq(orders.order_id, orderId));
  if (!row || !isCheckoutDonor(reader, row.order)) throw notFound('Order not found');
  const payer = row.payerName !== null && row.payerEmail !== null ? { name: row.payerName, email: row.payerEmail, phone: row.payerPhone } : null;
  // the language the donor gave in: the gateway brings them back to it
  return { order: asCheckoutOrder(row.order), customTag: row.customTag, payer, locale: row.locale ?? DEFAULT_LOCALE };
}

/** spec 7 payment/send: the order goes to the gateway; the answer is where the browser checks out. */
export async function sendOrder(db: Db, order: CheckoutOrder, ctx: { origin: string; returnUrl: string; bankTransfer?: unknown; payer?: Payer | null }) {
  const orderId = order.order_id;
  if (order.status === 'success') throw new ApiError('conflict', 'This donation is already paid');
  // a bank transfer names the donor's own account (spec 7 send-order fields); we keep its last digits, never the whole number
  const bank = order.payment_mode === 'NEFT' ? parseWith(BankTransferSchema, ctx.bankTransfer ?? {}) : null;
  const gateway = gatewayFor(order.payment_gateway, ctx.origin);
  if (!gateway || !order.gateway_order_id) throw new ApiError('conflict', 'This order cannot be sent to its gateway');
  const url = await gateway.checkoutUrl(
    { orderId, gatewayOrderId: order.gateway_order_id, amountMinor: orderTotalMinor(order), currency: order.iso_currency, donor: ctx.payer ?? (await payerOf(db, order)) },
    ctx.returnUrl,
  );
  // a UPI id gets a collect request instead of a checkout page: the donor approves in their UPI app
  if (order.payment_mode === 'VPA' && order.vpa && gateway.collect) await gateway.collect(order.gateway_order_id, order.vpa);
  // the site the donor gave on, so the receipt email links back to the same (white-label) domain
  const params = { ...(order.params ?? {}), site_origin: ctx.origin, ...(bank ? { payer_bank: { account_last4: bank.account_no.slice(-4), ifsc_code: bank.ifsc_code, bank_name: bank.bank_name } } : {}) };
  if (order.status === 'created') await db.update(orders).set({ status: 'pending', url, params, updated_at: new Date() }).where(and(eq(orders.id, order.id), eq(orders.status, 'created')));
  return { order_id: orderId, url: order.payment_mode === 'VPA' ? null : url, mode: order.payment_mode };
}
