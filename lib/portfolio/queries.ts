// The donor's own data (spec 7 Portfolio): every query here is scoped to one user id, never to an
// id taken from the request. An order is the user's when orders.user_id is theirs: donations made
// while signed in carry it, and guest donations join once the email is proven (claimGuestOrders).
import { managedBySql } from '../permissions/can';
import 'server-only';
import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { carts, causes, entityDetails, fundraisers, mandates, orders, receipts, refunds, subscriptionLines, subscriptions, users } from '../db/schema';
import { notFound } from '../http/errors';
import { accountFacts } from '../auth/destination';
import { lastOrderOfUser } from '../donations/last-order';
import { progressPercent, hasTaxBenefit } from '../fundraisers/rules';
import { fundraiserStage, isFundraiserEnded } from '../fundraisers/status';
import { toMajor } from '../money';
import { MANAGE_LIST_LIMIT } from '../constants/dashboard';
import { hasActiveSubscription, sipStatusOf } from '../sip/status';
import { orderTotalMinor } from '../payments/order-total';

export const receiptPath = (orderId: string) => `/portfolio/receipts/${encodeURIComponent(orderId)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------- subscriptions (SIP) ----------

export interface SubscriptionItem {
  id: number;
  sip_cause: string;
  campaign_id: number | null;
  campaign: { title: string; custom_tag: string } | null;
  currency: string;
  amount_minor: number;
  status_flag: number;
  status: ReturnType<typeof sipStatusOf>;
  frequency: string;
  next_payment_date: string | null;
  created_at: string;
  /** paused by the donor until then (resumes by itself) */
  paused_until: string | null;
  /** the month (YYYY-MM) the donor chose to skip */
  skip_period: string | null;
  /** what each month gives to, per cause (or fundraiser): spec 3 listsubscriptions is per cause */
  lines: { sip_cause: string | null; fundraiser_id: number | null; amount_minor: number }[];
  /** the mandate that pays it; a raise above max_amount_minor needs a new one. Its id names it on
   *  the method-change page (the donor's SIPs on one mandate share its cap) */
  mandate: { id: number; method: string; status: string; max_amount_minor: number } | null;
}

async function subscriptionItems(db: DbOrTx, where: SQL): Promise<SubscriptionItem[]> {
  const rows = await db
    .select({ s: subscriptions, title: fundraisers.title, custom_tag: fundraisers.custom_tag, m: { id: mandates.id, method: mandates.method, status: mandates.status, max_amount_minor: mandates.max_amount_minor } })
    .from(subscriptions)
    .leftJoin(fundraisers, eq(fundraisers.id, subscriptions.fundraiser_id))
    .leftJoin(mandates, eq(mandates.id, subscriptions.mandate_id))
    .where(where)
    .orderBy(asc(subscriptions.status_flag), desc(subscriptions.created_at), desc(subscriptions.id));
  const lines = rows.length
    ? await db
        .select({ subscription_id: subscriptionLines.subscription_id, sip_cause: subscriptionLines.sip_cause, fundraiser_id: subscriptionLines.fundraiser_id, amount_minor: subscriptionLines.amount_minor })
        .from(subscriptionLines)
        .where(inArray(subscriptionLines.subscription_id, rows.map((r) => r.s.id)))
        .orderBy(asc(subscriptionLines.id))
    : [];
  return rows.map(({ s, title, custom_tag, m }) => ({
    id: s.id,
    sip_cause: s.sip_cause,
    campaign_id: s.fundraiser_id,
    campaign: title && custom_tag ? { title, custom_tag } : null,
    currency: s.currency,
    amount_minor: s.amount_minor,
    status_flag: s.status_flag,
    status: sipStatusOf(s.status_flag),
    frequency: s.frequency,
    next_payment_date: iso(s.next_payment_date),
    created_at: s.created_at.toISOString(),
    paused_until: iso(s.paused_until),
    skip_period: s.skip_period,
    lines: lines.filter((l) => l.subscription_id === s.id).map(({ sip_cause, fundraiser_id, amount_minor }) => ({ sip_cause, fundraiser_id, amount_minor })),
    mandate: m?.id ? { id: m.id, method: m.method!, status: m.status!, max_amount_minor: m.max_amount_minor! } : null,
  }));
}

export function subscriptionsOf(db: DbOrTx, userId: number): Promise<SubscriptionItem[]> {
  return subscriptionItems(db, eq(subscriptions.user_id, userId));
}

/** One SIP of this user, or null (another user's SIP is not theirs to see). */
export async function subscriptionOf(db: DbOrTx, userId: number, id: number): Promise<SubscriptionItem | null> {
  return (await subscriptionItems(db, and(eq(subscriptions.user_id, userId), eq(subscriptions.id, id))!))[0] ?? null;
}

// ---------- GET users/me ----------

const successfulOrdersOf = (userId: number) => and(eq(orders.user_id, userId), eq(orders.status, 'success'));

// what a paid gift still gives after its partial refunds (a refund takes the donation back before the tip); a gift
// refunded whole is no longer 'success' and is left out already
const refundedOf = sql`(select coalesce(sum(${refunds.amount_minor}), 0) from ${refunds} where ${refunds.order_id} = ${orders.id} and ${refunds.status} = 'processed')`;
const keptDonationMinor = sql<number>`sum(${orders.donated_amount_minor} - least(${refundedOf}, ${orders.donated_amount_minor}))`.mapWith(Number);
const keptDonationInrMinor = sql<number>`sum(round(${carts.donated_amount_inr_minor}::numeric * (${orders.donated_amount_minor} - least(${refundedOf}, ${orders.donated_amount_minor})) / nullif(${orders.donated_amount_minor}, 0)))`.mapWith(Number);

/** spec 3 and 7: the user with the related data of users/me (spec names kept, aliases for both spellings). */
export async function accountOf(db: DbOrTx, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User not found');
  const [subs, facts, last, [given], [reward]] = await Promise.all([
    subscriptionsOf(db, userId),
    accountFacts(db, userId),
    lastOrderOfUser(db, userId),
    db
      .select({ inr: keptDonationInrMinor })
      .from(orders)
      .innerJoin(carts, eq(carts.id, orders.cart_id))
      .where(successfulOrdersOf(userId)),
    // a reward claimed with a successful donation is the only reward data we keep
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(carts, eq(carts.id, orders.cart_id))
      .where(and(successfulOrdersOf(userId), isNotNull(carts.reward_id))),
  ]);
  const fundsMinor = given?.inr ?? 0;
  const lastorder = last ? { order_id: last.order_id, campaign_id: last.campaign_id } : null;
  return {
    id: u.id,
    full_name: u.full_name,
    email: u.email,
    phone_1: u.phone_1,
    extension: u.extension,
    pincode: u.pincode,
    address_1: u.address_1,
    gender: u.gender,
    entity_type: u.entity_type,
    avatar: u.avatar,
    isHospital: u.is_hospital,
    isDummyEmail: u.is_dummy_email,
    panNumber: u.pan_number,
    pan_number: u.pan_number,
    activeSubscription: hasActiveSubscription(subs.map((s) => s.status_flag)),
    subscriptions: subs,
    listsubscriptions: subs,
    // funds: rupees as the spec's field reads; funds_minor: the exact paise our API uses everywhere else
    aggdonationall: { funds: toMajor(fundsMinor), funds_minor: fundsMinor, currency: 'INR' },
    activateReward: (reward?.n ?? 0) > 0,
    allActiveCampaigns: facts.activeCampaigns,
    all_active_campaigns: facts.activeCampaigns,
    lastorder,
    latestorder: lastorder,
  };
}

export type Account = Awaited<ReturnType<typeof accountOf>>;

// ---------- GET users/me/orders ----------

export interface OrdersPageQuery {
  page: number;
  limit: number;
  sortedBy: 'asc' | 'desc';
}

export interface OrderItem {
  order_id: string;
  status: string;
  currency: string;
  donated_amount_minor: number;
  tip_amount_minor: number;
  payment_mode: string;
  recurring: boolean;
  created_at: string;
  fundraiser: { id: number; title: string; custom_tag: string };
  /** the receipt number (the order id) of a successful order, else null */
  receipt_number: string | null;
  receipt_url: string | null;
  /** the donor chose to hide their name on this donation (spec 7 PUT anonymous flag) */
  is_anonymous: boolean;
  /** what refunds have sent back of it so far (a partial refund leaves the order successful) */
  refunded_minor: number;
}

// an order never sent to a gateway ('created') is an abandoned form, not a transaction
const listedOrdersOf = (userId: number) => and(eq(orders.user_id, userId), ne(orders.status, 'created'));

export async function ordersOf(db: DbOrTx, userId: number, q: OrdersPageQuery) {
  const direction = q.sortedBy === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        o: orders,
        anonymous: carts.is_anonymous,
        f: { id: fundraisers.id, title: fundraisers.title, custom_tag: fundraisers.custom_tag },
        refunded: sql<number>`(select coalesce(sum(${refunds.amount_minor}), 0) from ${refunds} where ${refunds.order_id} = ${orders.id} and ${refunds.status} = 'processed')`.mapWith(Number),
      })
      .from(orders)
      .innerJoin(carts, eq(carts.id, orders.cart_id))
      .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
      .where(listedOrdersOf(userId))
      // spec 7: orderBy creation_date; the id keeps orders of the same instant in a stable order
      .orderBy(direction(orders.created_at), direction(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(orders).where(listedOrdersOf(userId)),
  ]);
  const data: OrderItem[] = rows.map(({ o, anonymous, f, refunded }) => {
    const paid = o.status === 'success';
    return {
      order_id: o.order_id,
      status: o.status,
      currency: o.iso_currency,
      donated_amount_minor: o.donated_amount_minor,
      tip_amount_minor: o.tip_amount_minor,
      payment_mode: o.payment_mode,
      // a SIP month is the charge of a subscription; a cart's old recurring flag never made one
      recurring: o.kind === 'sip',
      created_at: o.created_at.toISOString(),
      fundraiser: f,
      receipt_number: paid ? o.order_id : null,
      receipt_url: paid ? receiptPath(o.order_id) : null,
      is_anonymous: anonymous,
      refunded_minor: refunded,
    };
  });
  return { data, page: q.page, per_page: q.limit, total, has_more: q.page * q.limit < total };
}

// ---------- GET users/me/summary ----------

const parentCauses = alias(causes, 'parent_causes');

export async function summaryOf(db: DbOrTx, userId: number) {
  const [totals, [counts], causeRows] = await Promise.all([
    db
      .select({ currency: orders.iso_currency, amount_minor: keptDonationMinor, donations: count() })
      .from(orders)
      .where(successfulOrdersOf(userId))
      .groupBy(orders.iso_currency)
      .orderBy(orders.iso_currency),
    db
      .select({ inr: keptDonationInrMinor, donations: count(), fundraisers: countDistinct(orders.fundraiser_id) })
      .from(orders)
      .innerJoin(carts, eq(carts.id, orders.cart_id))
      .where(successfulOrdersOf(userId)),
    db
      .selectDistinct({ id: causes.id, info_1: causes.info_1, slug: causes.slug, parent_id: parentCauses.id, parent_info_1: parentCauses.info_1, parent_slug: parentCauses.slug })
      .from(orders)
      .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
      .innerJoin(causes, eq(causes.id, fundraisers.cause_id))
      .leftJoin(parentCauses, eq(parentCauses.id, fundraisers.parent_cause_id))
      .where(successfulOrdersOf(userId))
      .orderBy(causes.info_1, causes.id),
  ]);
  const causeList = causeRows.map((c) => ({ id: c.id, info_1: c.info_1, slug: c.slug, parent: c.parent_id && c.parent_id !== c.id ? { id: c.parent_id, info_1: c.parent_info_1, slug: c.parent_slug } : null }));
  return {
    total_inr_minor: counts?.inr ?? 0,
    totals: totals.map((t) => ({ currency: t.currency, amount_minor: t.amount_minor, donations: t.donations })),
    donations: counts?.donations ?? 0,
    fundraisers_supported: counts?.fundraisers ?? 0,
    causes_supported: causeList.length,
    causes: causeList,
  };
}

export type Summary = Awaited<ReturnType<typeof summaryOf>>;

// ---------- receipts ----------

/** The printable receipt of one of the user's own successful orders, or null (not theirs, not paid, unknown). */
export const receiptOf = (db: DbOrTx, userId: number, orderId: string) => receiptWhere(db, orderId, successfulOrdersOf(userId));

/** The receipt a signed receipt link opens (lib/portfolio/receipt-link.ts): that one paid order, whoever gave it. */
export const receiptOfOrder = (db: DbOrTx, orderId: string) => receiptWhere(db, orderId, eq(orders.status, 'success'));

async function receiptWhere(db: DbOrTx, orderId: string, whose: SQL | undefined) {
  const [row] = await db
    .select({
      o: orders,
      cart: { donor_name: carts.donor_name, donor_email: carts.donor_email, donor_pan: carts.donor_pan, donor_city: carts.donor_city, donor_pincode: carts.donor_pincode, donor_address: carts.donor_address },
      taxReceiptNumber: receipts.number,
      f: { id: fundraisers.id, title: fundraisers.title, custom_tag: fundraisers.custom_tag, taxexempted: fundraisers.taxexempted, beneficiary_tax_benefit: fundraisers.beneficiary_tax_benefit, beneficiary_name: fundraisers.beneficiary_name },
      org: { name: entityDetails.name, pan_number: entityDetails.pan_number, registration_number: entityDetails.registration_number, has_80g: entityDetails.has_80g, address: entityDetails.address, city: entityDetails.city },
    })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .leftJoin(entityDetails, eq(entityDetails.id, fundraisers.entity_details_id))
    .leftJoin(receipts, eq(receipts.order_id, orders.id))
    .where(and(eq(orders.order_id, orderId), whose))
    .limit(1);
  if (!row) return null;
  const { o, cart, f, org, taxReceiptNumber } = row;
  // 80G: only a tax-exempt fundraiser, and only when the donor gave a PAN with the donation
  const taxReceipt = hasTaxBenefit(f) && !!cart.donor_pan;
  return {
    receipt_number: o.order_id,
    date: (o.settled_at ?? o.created_at).toISOString(),
    currency: o.iso_currency,
    donated_amount_minor: o.donated_amount_minor,
    tip_amount_minor: o.tip_amount_minor,
    total_minor: orderTotalMinor(o),
    payment_mode: o.payment_mode,
    pg_txn_id: o.gateway_payment_id,
    recurring: o.kind === 'sip',
    donor: { name: cart.donor_name, email: cart.donor_email, city: cart.donor_city, pincode: cart.donor_pincode },
    fundraiser: { id: f.id, title: f.title, custom_tag: f.custom_tag, beneficiary_name: f.beneficiary_name },
    tax: taxReceipt ? { pan: cart.donor_pan!, organisation: org?.name ? org : null } : null,
    /** the gift's numbered 80G receipt (a PDF to download); without the donor's PAN it states that no 80G claim is possible */
    eighty_g: taxReceiptNumber ? { number: taxReceiptNumber, pan: cart.donor_pan, address: cart.donor_address } : null,
  };
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof receiptOf>>>;

// ---------- /manage/list ----------

/** field sales (spec 6, isFOS): started for someone else under the user's own entity (creator_entity_details_id) */
export type ManagedRole = 'campaigner' | 'manager' | 'created_for_others' | 'organisation';

/** Fundraisers the user runs (campaigner), manages, or raises for through an NGO/hospital entity of theirs, newest first. */
export async function managedFundraisersOf(db: DbOrTx, userId: number, now = new Date()) {
  const rows = await db
    .select({
      id: fundraisers.id,
      title: fundraisers.title,
      custom_tag: fundraisers.custom_tag,
      status_flag: fundraisers.status_flag,
      end_date: fundraisers.end_date,
      currency: fundraisers.currency,
      goal_minor: fundraisers.goal_minor,
      raised_minor: fundraisers.raised_minor,
      donor_count: fundraisers.donor_count,
      is_private: fundraisers.is_private,
      campaigner_id: fundraisers.campaigner_id,
      manager_id: fundraisers.manager_id,
      creator_entity_details_id: fundraisers.creator_entity_details_id,
      entity_details_id: fundraisers.entity_details_id,
    })
    .from(fundraisers)
    .where(managedBySql(userId))
    .orderBy(desc(fundraisers.created_at), desc(fundraisers.id))
    .limit(MANAGE_LIST_LIMIT);
  const own = new Set((await db.select({ id: entityDetails.id }).from(entityDetails).where(eq(entityDetails.user_id, userId))).map((e) => e.id));
  const ownEntity = (id: number | null) => id !== null && own.has(id);
  // started under the user's entity for someone else (not raising for that entity itself, as an NGO's own fundraisers do)
  const roleOf = (f: (typeof rows)[number]): ManagedRole =>
    f.campaigner_id === userId ? 'campaigner' : f.manager_id === userId ? 'manager' : ownEntity(f.creator_entity_details_id) && !ownEntity(f.entity_details_id) ? 'created_for_others' : 'organisation';
  return rows.map((f) => ({
    id: f.id,
    title: f.title,
    custom_tag: f.custom_tag,
    currency: f.currency,
    goal_minor: f.goal_minor,
    raised_minor: f.raised_minor,
    donor_count: f.donor_count,
    is_private: f.is_private,
    is_ended: isFundraiserEnded(f, now),
    /** draft, under review and sent back are not running: the list says so and links to the wizard, not a story */
    stage: fundraiserStage(f, now),
    progress_percent: progressPercent(f.raised_minor, f.goal_minor),
    role: roleOf(f),
  }));
}

