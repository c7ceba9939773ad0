// applyGatewayEvent: the one place a gateway's word changes our books. The browser return, webhooks,
// reconciliation and our own requests (refunds) all come here; each event is logged once and its target
// row locked, so replays and races change nothing, and it is routed to charge, refund or mandate handling.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { announceFundraisersChanged } from '../cache/bus';
import { carts, entityDetails, fundraisers, ledgerEntries, mandates, orders, paymentEvents, refunds, users } from '../db/schema';
import { enqueueMessage } from '../outbox/queue';
import { autologinLink } from '../auth/link-tokens';
import { receiptEmail } from '../notifications/receipt';
import { DEFAULT_LOCALE, localizedPath } from '../i18n/locales';
import { signedReceiptUrl } from '../portfolio/receipt-link';
import type { ChargeEvent, GatewayEvent, MandateEvent, RefundEvent } from './gateway';
import { canMove, type OrderStatus } from './order-state';
import { claimReward } from '../fundraisers/rewards';
import { emailBrand } from '../email/brand';
import { storyPath, SIP_SUBSCRIBE_PATH } from '../routes';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { defaultBrand } from '../whitelabel/brand';
import { claimCouponMatch } from '../coupons/coupons';
import { mandateReaction, orderReactionFor } from './reactions';
import { metrics } from '../observability/metrics';
import { chargeCredits, refundDebitsCovered, type ChargeLine, type LedgerLine } from './ledger';
import { orderTotalMinor, orderTotalSql } from './order-total';
import { issueTaxReceipt, taxReceiptOfOrder, type ReceiptRow } from '../tax/receipts';

export type EventSource = 'return' | 'webhook' | 'reconcile' | 'request';

export type EventOutcome =
  | { result: 'settled'; status: OrderStatus; orderId: string; credited: boolean; fundraisers: number[] }
  | { result: 'duplicate' | 'unchanged' | 'amount_mismatch' | 'payment_reused'; status: OrderStatus; orderId: string; credited: false; fundraisers: [] }
  | { result: 'refund_processed' | 'refund_failed' | 'refund_pending'; refundId: string; orderId: string; credited: false; fundraisers: number[] }
  | { result: 'refund_duplicate' | 'refund_unchanged' | 'refund_mismatch'; refundId: string; orderId: string; credited: false; fundraisers: [] }
  | { result: 'mandate_updated' | 'mandate_duplicate' | 'mandate_unchanged'; mandateId: number; status: string; credited: false; fundraisers: [] }
  | { result: 'unknown_order' | 'unknown_refund' | 'unknown_mandate'; credited: false; fundraisers: [] };

export const AMOUNT_MISMATCH = 'amount_mismatch';

export async function applyGatewayEvent(db: Db, gateway: string, event: GatewayEvent, source: EventSource): Promise<EventOutcome> {
  // gateways retry webhooks and the browser return races them; most of these arrive for an order already settled
  if ((source === 'webhook' || source === 'return') && event.kind !== 'refund' && event.kind !== 'mandate') {
    const settled = await alreadySettledBy(db, gateway, event, source);
    if (settled) return settled;
  }
  const outcome = await db.transaction((tx) => applyGatewayEventIn(tx, gateway, event, source));
  countSettlement(outcome);
  return outcome;
}

/** Counts a settled or failed order on /metrics; called once its transaction has committed (a rollback settled nothing). */
export function countSettlement(outcome: EventOutcome): void {
  if (outcome.result === 'settled' && (outcome.status === 'success' || outcome.status === 'failed')) metrics.donations.inc({ result: outcome.status === 'success' ? 'settled' : 'failed' });
}

/**
 * The answer to a charge event that can change nothing, without a transaction or a row lock; null when it may change
 * something. An event already logged was applied in the transaction that logged it: 'duplicate'. A new event saying what
 * the settled order already says (the same payment, the same amount) is logged for the audit trail and is 'unchanged',
 * as the locked path would answer. Settled orders only move on by refunds, which never come here.
 */
async function alreadySettledBy(db: Db, gateway: string, event: ChargeEvent, source: EventSource): Promise<EventOutcome | null> {
  const [order] = await db
    .select({
      orderId: orders.order_id,
      status: orders.status,
      paymentId: orders.gateway_payment_id,
      amountMinor: orderTotalSql(),
      currency: orders.iso_currency,
      logged: sql<boolean>`exists (select 1 from ${paymentEvents} where ${paymentEvents.gateway} = ${gateway} and ${paymentEvents.event_id} = ${event.eventId})`,
    })
    .from(orders)
    .where(and(eq(orders.payment_gateway, gateway), eq(orders.gateway_order_id, event.gatewayOrderId)));
  if (!order) return null;
  const base = { status: order.status as OrderStatus, orderId: order.orderId, credited: false as const, fundraisers: [] as [] };
  if (order.logged) return { result: 'duplicate', ...base };
  const sameSuccess = order.status === 'success' && event.status === 'success' && event.gatewayPaymentId === order.paymentId && event.amountMinor === order.amountMinor && event.currency === order.currency;
  if (!sameSuccess) return null;
  return { result: (await logEvent(db, gateway, event, source, { orderId: order.orderId })) ? 'unchanged' : 'duplicate', ...base };
}

/** The same inside the caller's transaction: a payment made from Sahyog credit settles with the debit that pays it (lib/payments/wallet.ts). */
export async function applyGatewayEventIn(tx: Tx, gateway: string, event: GatewayEvent, source: EventSource): Promise<EventOutcome> {
  const outcome =
    event.kind === 'refund' ? await applyRefund(tx, gateway, event, source) : event.kind === 'mandate' ? await applyMandate(tx, gateway, event, source) : await applyCharge(tx, gateway, event, source);
  // every server instance expires these fundraisers' pages, once this commits (the caller expires its own at once)
  await announceFundraisersChanged(tx, outcome.fundraisers);
  return outcome;
}

/** Keeps the event even when it changes nothing (it is the audit trail of what the gateway said); false for a replay. */
async function logEvent(tx: DbOrTx, gateway: string, event: GatewayEvent, source: EventSource, subject: { orderId?: string | null; mandateId?: number | null }) {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ gateway, event_id: event.eventId, order_id: subject.orderId ?? null, mandate_id: subject.mandateId ?? null, type: event.type, source, payload: event.payload })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Writes the lines and moves the totals that follow them; answers every fundraiser whose page shows a new total. */
async function writeLedger(tx: Tx, groupId: string, lines: LedgerLine[]): Promise<number[]> {
  if (!lines.length) return [];
  await tx.insert(ledgerEntries).values(lines.map((l) => ({ group_id: groupId, account: l.account, kind: l.kind, amount_minor: l.amountMinor, currency: l.currency })));
  const changed = new Set<number>();
  // a fundraiser's public total and supporter count follow its ledger, in the same transaction
  for (const l of lines) {
    if (l.fundraiserId === null) continue;
    const move = { raised_minor: sql`${fundraisers.raised_minor} + ${l.amountMinor}`, donor_count: sql`${fundraisers.donor_count} + ${l.supporters}`, updated_at: new Date() };
    const [f] = await tx.update(fundraisers).set(move).where(eq(fundraisers.id, l.fundraiserId)).returning({ parent: fundraisers.support_campaign_id });
    changed.add(l.fundraiserId);
    // a supporting fundraiser's money is its parent's too (same currency, one level), in the same transaction
    if (f?.parent) {
      await tx.update(fundraisers).set(move).where(eq(fundraisers.id, f.parent));
      changed.add(f.parent);
    }
  }
  return [...changed];
}

async function applyCharge(tx: Tx, gateway: string, event: ChargeEvent, source: EventSource): Promise<EventOutcome> {
  let [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.payment_gateway, gateway), eq(orders.gateway_order_id, event.gatewayOrderId)))
    .for('update');
  if (!order && event.orderId) {
    // a debit whose answer we lost: the order it names, only while it has no provider id of its own (else this is another payment)
    [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.order_id, event.orderId), eq(orders.payment_gateway, gateway), isNull(orders.gateway_order_id)))
      .for('update');
    if (order) [order] = await tx.update(orders).set({ gateway_order_id: event.gatewayOrderId, updated_at: new Date() }).where(eq(orders.id, order.id)).returning();
  }
  const fresh = await logEvent(tx, gateway, event, source, { orderId: order?.order_id });
  if (!order) return { result: 'unknown_order', credited: false, fundraisers: [] };
  const base = { status: order.status as OrderStatus, orderId: order.order_id, credited: false as const, fundraisers: [] as [] };
  if (!fresh) return { result: 'duplicate', ...base };

  const expected = orderTotalMinor(order);
  if (event.status === 'success' && (event.amountMinor !== expected || event.currency !== order.iso_currency)) {
    // money moved but not the amount we asked for: never credit it, leave it for a person to resolve
    await tx.update(orders).set({ failure_reason: AMOUNT_MISMATCH, updated_at: new Date() }).where(eq(orders.id, order.id));
    return { result: 'amount_mismatch', ...base };
  }
  const target: OrderStatus = event.status;
  if (!canMove(order.status as OrderStatus, target)) return { result: 'unchanged', ...base };

  if (target !== 'success') {
    const reaction = orderReactionFor(order.kind);
    const moved = { status: target, failure_reason: event.failureReason ?? null, updated_at: new Date() };
    await tx.update(orders).set(moved).where(eq(orders.id, order.id));
    // what the failure means for what the order pays (a SIP month's retry or pause), in this transaction
    await reaction.settled?.(tx, { ...order, ...moved });
    return { result: 'settled', status: target, orderId: order.order_id, credited: false, fundraisers: [] };
  }

  // one gateway payment settles one order: checked in the update itself (the unique index backs this up under races)
  const reused = event.gatewayPaymentId
    ? sql`exists (select 1 from ${orders} as other where other.payment_gateway = ${gateway} and other.gateway_payment_id = ${event.gatewayPaymentId} and other.id <> ${order.id})`
    : sql`false`;
  const paidNow = { status: 'success' as const, charged: true, gateway_payment_id: event.gatewayPaymentId, failure_reason: null, settled_at: new Date(), updated_at: new Date() };
  const [paid] = await tx
    .update(orders)
    .set(paidNow)
    .where(and(eq(orders.id, order.id), sql`not ${reused}`))
    .returning({ id: orders.id });
  if (!paid) return { result: 'payment_reused', ...base };
  const reaction = orderReactionFor(order.kind);
  const { cart, f, accountId } = await settlementReads(tx, order);
  await claimChosenReward(tx, order, cart);
  // what the payment is for moves on (a SIP's next month, a policy's cover), in this transaction (first: the receipt names the next debit)
  await reaction.settled?.(tx, { ...order, ...paidNow });
  // a gift to an 80G NGO takes the next number of the NGO's series now, so the receipt email carries it
  const taxReceipt = await issueTaxReceipt(tx, { ...order, ...paidNow }, paidNow.settled_at, { ngo: f?.ngoId ? { id: f.ngoId, entity_type: f.ngoType ?? '', has_80g: Boolean(f.has80g), registration_80g_valid_until: f.validUntil } : null });
  // the receipt goes out through the outbox in the same transaction: never lost, never sent for an unpaid order
  await enqueueMessage(tx, await receiptFor(tx, { ...order, gateway_payment_id: order.gateway_payment_id ?? event.gatewayPaymentId ?? null }, cart ?? undefined, f ?? undefined, accountId, taxReceipt));
  // last: the fundraisers' rows stay locked for the shortest time (every SIP month of a cause credits the same five)
  // a sponsor's coupon adds its match to the gift's fundraiser, once, without a second supporter (never
  // from the fundraiser's own people, within its caps and budget)
  const changed = await writeLedger(tx, order.order_id, [...(await chargeCredits(tx, order, f?.currency)), ...(await claimCouponMatch(tx, order, cart, accountId))]);
  return { result: 'settled', status: 'success', orderId: order.order_id, credited: true, fundraisers: changed };
}

type OrderRow = typeof orders.$inferSelect;

/**
 * What a paid order's reward, receipt, coupon and ledger need, in one read: the gift's cart, its
 * fundraiser with the NGO's 80G details (and currency, for the ledger), and the account the cart's email belongs to.
 */
async function settlementReads(tx: Tx, order: OrderRow) {
  if (!order.cart_id && !order.fundraiser_id) return { cart: null, f: null, accountId: null };
  const [row] = await tx
    .select({
      // drizzle makes a left-joined object null when its first column is: each starts with its never-null id
      cart: { id: carts.id, reward_id: carts.reward_id, coupon_code: carts.coupon_code, user_id: carts.user_id, email: carts.donor_email, name: carts.donor_name, pan: carts.donor_pan, locale: carts.locale, dedication: carts.dedication },
      f: { id: fundraisers.id, title: fundraisers.title, tag: fundraisers.custom_tag, currency: fundraisers.currency, ngo: entityDetails.name, ngoId: entityDetails.id, ngoType: entityDetails.entity_type, validUntil: entityDetails.registration_80g_valid_until, has80g: entityDetails.has_80g, registration: sql<string | null>`coalesce(${entityDetails.registration_80g}, ${entityDetails.registration_number})`, pan: entityDetails.pan_number },
      // as findUserByEmail matches: on the lowercased address (users_email_lower_idx)
      accountId: sql<number | null>`(select ${users.id} from ${users} where lower(${users.email}) = lower(btrim(${carts.donor_email})) limit 1)`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(orders)
    .leftJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .leftJoin(entityDetails, eq(entityDetails.id, fundraisers.entity_details_id))
    .where(eq(orders.id, order.id));
  // left joins type every column as nullable: a gift's fundraiser always has its title and currency
  const f = order.fundraiser_id && row.f?.title && row.f.currency ? { ...row.f, title: row.f.title, currency: row.f.currency } : null;
  return { cart: order.cart_id ? row.cart : null, f, accountId: row.accountId };
}

/** spec 3: the donor's reward is taken as the payment settles; if the last one went to a payment that settled first, the gift stands without it. */
async function claimChosenReward(tx: Tx, order: OrderRow, cart: { reward_id: number | null } | null): Promise<void> {
  if (!order.cart_id) return;
  if (cart?.reward_id && !(await claimReward(tx, cart.reward_id))) await tx.update(carts).set({ reward_id: null }).where(eq(carts.id, order.cart_id));
}

/** A paid order's receipt written again as its settlement wrote it (its 80G number and PDF too), to the cart's email as it stands now. */
export async function paidOrderReceipt(tx: Tx, order: OrderRow) {
  const { cart, f, accountId } = await settlementReads(tx, order);
  return receiptFor(tx, order, cart ?? undefined, f ?? undefined, accountId, await taxReceiptOfOrder(tx, order.id));
}

/** The receipt in the donor's language: a one-time gift's donor is on its cart, a SIP month's is the subscriber. */
type ReceiptCart = { email: string; name: string; pan: string | null; locale: string; dedication: { occasion: string; honoree: string; message?: string } | null };

type ReceiptFundraiser = { title: string; tag: string | null; ngo: string | null; has80g: boolean | null; registration: string | null; pan: string | null };

async function receiptFor(tx: Tx, order: OrderRow, cart: ReceiptCart | undefined, f: ReceiptFundraiser | undefined, cartAccountId: number | null, taxReceipt: ReceiptRow | null) {
  const [user] = !cart && order.user_id ? await tx.select({ email: users.email, name: users.full_name, pan: users.pan_number }).from(users).where(eq(users.id, order.user_id)) : [];
  const donor = cart ?? { ...user, locale: typeof order.params?.locale === 'string' ? order.params.locale : DEFAULT_LOCALE };
  // every link on the site the donor gave on: the partner's domain on a partner's gift (the resolver's origin, kept on the order)
  const origin = typeof order.params?.site_origin === 'string' ? order.params.site_origin : mainSiteOrigin(siteConfig());
  const accountId = cart ? cartAccountId : (order.user_id ?? null);
  const receiptPath = localizedPath(donor.locale, `/portfolio/receipts/${encodeURIComponent(order.order_id)}`);
  // what the order pays adds its own lines (a SIP month: the next debit and the SIP's signed one-tap links)
  const extra = (await orderReactionFor(order.kind).receipt?.(tx, order, origin)) ?? { nextDebit: null, links: null };
  return receiptEmail({
    locale: donor.locale,
    email: donor.email,
    donorName: donor.name,
    orderId: order.order_id,
    amountMinor: orderTotalMinor(order),
    currency: order.iso_currency,
    // a standalone tip is to the platform; a premium names its plan
    fundraiserTitle: f?.title ?? (order.kind === 'tip' ? defaultBrand('').name : order.kind === 'insurance' ? String(order.params?.plan_title ?? order.params?.plan ?? '') || null : null),
    // a SIP month's cause is on each fundraiser line it was shared into: named once
    causes: [...new Set(((order.params?.lines ?? []) as ChargeLine[]).flatMap((l) => (l.sip_cause ? [l.sip_cause] : [])))],
    pan: donor.pan,
    dedication: cart?.dedication ?? null,
    // one sign-in link, to the receipt page (a first use proves the email and revokes the account's other links)
    signInLink: null,
    taxBenefit: f?.has80g && f.ngo ? { name: f.ngo, registration: f.registration, pan: f.pan } : null,
    // an 80G gift's numbered receipt travels as a PDF, rendered when the email is sent
    taxReceipt: taxReceipt ? { number: taxReceipt.number } : null,
    premium: order.kind === 'insurance',
    paidAt: order.settled_at ?? new Date(),
    method: order.payment_mode,
    transactionId: order.gateway_payment_id,
    // an account opens its receipt with a one-time sign-in link; a guest without one gets a signed link that opens only this receipt
    receiptLink: (await receiptSignInLink(tx, order, accountId, receiptPath)) ?? signedReceiptUrl(origin, donor.locale, order.order_id),
    nextDebit: extra.nextDebit,
    shareLink: f?.tag ? `${origin}${localizedPath(donor.locale, storyPath(f.tag))}` : order.subscription_id ? `${origin}${localizedPath(donor.locale, SIP_SUBSCRIBE_PATH)}` : null,
    brand: await emailBrand(tx, origin),
    links: extra.links,
  });
}

/**
 * Sends a paid order's receipt email again, as it went out when the gift settled (with its 80G receipt PDF when it has
 * one): the operations desk's "resend a receipt". False when there is no such paid order.
 */
export async function sendReceipt(db: Db, orderId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.order_id, orderId));
    if (!order || order.status !== 'success') return false;
    await enqueueMessage(tx, await paidOrderReceipt(tx, order));
    return true;
  });
}

/**
 * A donor with an account gets a sign-in link in the receipt (auto-login only by a token we issued), for the
 * account whose email the receipt goes to: a gift's cart email (not the signed-in account when another email was typed),
 * a SIP month's subscriber. Using the link proves that email, so it must never reach another inbox.
 */
async function receiptSignInLink(tx: Tx, order: OrderRow, recipientAccountId: number | null, path: string): Promise<string | null> {
  const origin = typeof order.params?.site_origin === 'string' ? order.params.site_origin : null;
  return origin && recipientAccountId ? autologinLink(tx, recipientAccountId, origin, path) : null;
}

async function applyRefund(tx: Tx, gateway: string, event: RefundEvent, source: EventSource): Promise<EventOutcome> {
  // ours when we asked for it (by our id or the gateway's), or a refund made on the gateway's dashboard
  let [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.gateway, gateway), or(eq(refunds.gateway_refund_id, event.gatewayRefundId), event.refundId ? eq(refunds.refund_id, event.refundId) : undefined)))
    .for('update');
  const [order] = await tx
    .select()
    .from(orders)
    .where(refund ? eq(orders.id, refund.order_id) : and(eq(orders.payment_gateway, gateway), eq(orders.gateway_payment_id, event.gatewayPaymentId)))
    .for('update');
  const fresh = await logEvent(tx, gateway, event, source, { orderId: order?.order_id });
  if (!order) return { result: 'unknown_refund', credited: false, fundraisers: [] };
  if (!refund) {
    [refund] = await tx
      .insert(refunds)
      .values({ refund_id: `rfd_${event.gatewayRefundId}`, order_id: order.id, gateway, gateway_refund_id: event.gatewayRefundId, amount_minor: event.amountMinor, currency: event.currency, reason: 'gateway' })
      .returning();
  } else if (!refund.gateway_refund_id) {
    await tx.update(refunds).set({ gateway_refund_id: event.gatewayRefundId }).where(eq(refunds.id, refund.id));
  }
  const base = { refundId: refund.refund_id, orderId: order.order_id, credited: false as const, fundraisers: [] as [] };
  if (!fresh) return { result: 'refund_duplicate', ...base };
  // processed and failed are final; a pending refund waits for the event that settles it
  if (refund.status !== 'pending') return { result: 'refund_unchanged', ...base };
  if (event.status === 'pending') return { result: 'refund_pending', ...base };
  if (event.status === 'failed') {
    await tx.update(refunds).set({ status: 'failed', failure_reason: event.failureReason ?? null, updated_at: new Date() }).where(eq(refunds.id, refund.id));
    return { result: 'refund_failed', ...base };
  }
  const [{ before }] = await tx
    .select({ before: sql<number>`coalesce(sum(${refunds.amount_minor}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.order_id, order.id), eq(refunds.status, 'processed')));
  const total = orderTotalMinor(order);
  const mismatch = order.status !== 'success' || event.gatewayPaymentId !== order.gateway_payment_id || event.amountMinor !== refund.amount_minor || before + event.amountMinor > total;
  if (mismatch) {
    // not this payment, not what we asked for, or more than it has left: never applied, a person looks at it
    await tx.update(refunds).set({ failure_reason: AMOUNT_MISMATCH, updated_at: new Date() }).where(eq(refunds.id, refund.id));
    return { result: 'refund_mismatch', ...base };
  }
  const changed = await writeLedger(tx, `refund:${refund.refund_id}`, await refundDebitsCovered(tx, order, { before, amountMinor: event.amountMinor }));
  await tx.update(refunds).set({ status: 'processed', processed_at: new Date(), updated_at: new Date() }).where(eq(refunds.id, refund.id));
  if (before + event.amountMinor === total) await tx.update(orders).set({ status: 'refunded', updated_at: new Date() }).where(eq(orders.id, order.id));
  return { result: 'refund_processed', ...base, fundraisers: changed };
}

// a mandate moves forward only: a cancelled or refused one is never revived by a late event
const MANDATE_MOVES: Record<string, readonly string[]> = {
  created: ['active', 'failed', 'cancelled'],
  active: ['paused', 'cancelled'],
  paused: ['active', 'cancelled'],
  cancelled: [],
  failed: [],
};

async function applyMandate(tx: Tx, gateway: string, event: MandateEvent, source: EventSource): Promise<EventOutcome> {
  const [mandate] = await tx
    .select()
    .from(mandates)
    .where(and(eq(mandates.gateway, gateway), or(eq(mandates.gateway_mandate_id, event.gatewayMandateId), eq(mandates.gateway_token, event.gatewayMandateId))))
    .limit(1)
    .for('update');
  const fresh = await logEvent(tx, gateway, event, source, { mandateId: mandate?.id });
  if (!mandate) return { result: 'unknown_mandate', credited: false, fundraisers: [] };
  const base = { mandateId: mandate.id, status: mandate.status as string, credited: false as const, fundraisers: [] as [] };
  if (!fresh) return { result: 'mandate_duplicate', ...base };
  const now = new Date();
  const { credential } = event;
  // the customer and token later debits name, as the authorisation reported them (before the bank's yes, for e-mandates)
  if (credential && (credential.token !== mandate.gateway_token || credential.customerId !== mandate.gateway_customer_id)) {
    await tx.update(mandates).set({ gateway_customer_id: credential.customerId, gateway_token: credential.token, updated_at: now }).where(eq(mandates.id, mandate.id));
  }
  if (event.status === 'created' || !MANDATE_MOVES[mandate.status].includes(event.status)) return { result: 'mandate_unchanged', ...base };
  await tx
    .update(mandates)
    .set({
      status: event.status,
      failure_reason: event.status === 'failed' ? (event.failureReason ?? null) : null,
      authorised_at: event.status === 'active' && !mandate.authorised_at ? now : mandate.authorised_at,
      cancelled_at: event.status === 'cancelled' ? now : null,
      updated_at: now,
    })
    .where(eq(mandates.id, mandate.id));
  // what pays by this mandate (SIPs) starts, moves to it, or waits for a new one, in the same transaction
  await mandateReaction().moved(tx, mandate, event.status);
  return { result: 'mandate_updated', ...base, status: event.status };
}
