// 80G receipt numbers: each NGO keeps one gapless series per financial year (India time). A number is taken in the
// transaction that settles the gift, once per order, so a replayed callback never takes a second one and two gifts
// settling together never share one (the series row is locked by the upsert that moves it).
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { entityDetails, fundraisers, orders, receipts, receiptSeries } from '../db/schema';
import { RECEIPT_NUMBER_PREFIX, RECEIPT_SERIAL_DIGITS, TAX_RECEIPT_CURRENCY } from '../constants/tax';
import { financialYearOf, indiaDay } from '../india-time';
import { INDIA_TIME_ZONE } from '../constants/time';

type OrderRow = typeof orders.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;

/** As printed: 80G/2026-27/000042. */
export const receiptNumber = (financialYear: string, serial: number) => `${RECEIPT_NUMBER_PREFIX}/${financialYear}/${String(serial).padStart(RECEIPT_SERIAL_DIGITS, '0')}`;

/** Whether an NGO's 80G registration stands on a day (YYYY-MM-DD in India): it must hold one, and not one that has run out. */
export const registrationStandsOn = (ngo: { has_80g: boolean; registration_80g_valid_until: string | null }, day: string) =>
  ngo.has_80g && (ngo.registration_80g_valid_until === null || ngo.registration_80g_valid_until >= day);

/** What numbering needs of the NGO a gift's fundraiser raises for (null: it raises for none). */
export type ReceiptNgo = { id: number; entity_type: string; has_80g: boolean; registration_80g_valid_until: string | null } | null;

async function ngoOfFundraiser(tx: DbOrTx, fundraiserId: number): Promise<ReceiptNgo> {
  const [ngo] = await tx
    .select({ id: entityDetails.id, entity_type: entityDetails.entity_type, has_80g: entityDetails.has_80g, registration_80g_valid_until: entityDetails.registration_80g_valid_until })
    .from(fundraisers)
    .innerJoin(entityDetails, eq(entityDetails.id, fundraisers.entity_details_id))
    .where(eq(fundraisers.id, fundraiserId));
  return ngo ?? null;
}

/**
 * A gift is numbered in its NGO's 80G series when it is in rupees, to one fundraiser raising for an NGO whose 80G
 * registration stands on the day it settled, and not a foreign contribution (which is no 80G gift).
 */
const earnsReceipt = (order: OrderRow, ngo: ReceiptNgo, at: Date): ngo is NonNullable<ReceiptNgo> =>
  Boolean(order.fundraiser_id && order.iso_currency === TAX_RECEIPT_CURRENCY && !order.foreign_contribution && order.kind !== 'tip' && order.kind !== 'insurance' && ngo && ngo.entity_type === 'ngo' && registrationStandsOn(ngo, indiaDay(at)));

/**
 * Gives a settled gift its 80G receipt number, in the settling transaction: the next number of its NGO's series for the
 * financial year `at` falls in; null when the gift earns no 80G receipt. The order's receipt when it already has one;
 * settling passes `justPaid` (the order moved to paid under its row lock just now, so it has none) and the NGO it read.
 */
export async function issueTaxReceipt(tx: Tx, order: OrderRow, at: Date, justPaid?: { ngo: ReceiptNgo }): Promise<ReceiptRow | null> {
  if (!justPaid) {
    const [existing] = await tx.select().from(receipts).where(eq(receipts.order_id, order.id));
    if (existing) return existing;
  }
  const ngo = justPaid ? justPaid.ngo : order.fundraiser_id ? await ngoOfFundraiser(tx, order.fundraiser_id) : null;
  if (!earnsReceipt(order, ngo, at)) return null;
  const financialYear = financialYearOf(at);
  // the upsert locks the series row until this transaction ends: a concurrent gift waits and takes the next serial
  const [series] = await tx
    .insert(receiptSeries)
    .values({ entity_details_id: ngo.id, financial_year: financialYear, last_serial: 1 })
    .onConflictDoUpdate({ target: [receiptSeries.entity_details_id, receiptSeries.financial_year], set: { last_serial: sql`${receiptSeries.last_serial} + 1` } })
    .returning({ serial: receiptSeries.last_serial });
  const [receipt] = await tx
    .insert(receipts)
    .values({ order_id: order.id, entity_details_id: ngo.id, financial_year: financialYear, serial: series.serial, number: receiptNumber(financialYear, series.serial), issued_at: at })
    .returning();
  return receipt;
}

/** Whether a gift to this fundraiser today would earn an 80G receipt: it raises for an NGO whose 80G registration stands. */
export async function fundraiserEarns80g(db: DbOrTx, fundraiserId: number, at = new Date()): Promise<boolean> {
  const ngo = await ngoOfFundraiser(db, fundraiserId);
  return Boolean(ngo && ngo.entity_type === 'ngo' && registrationStandsOn(ngo, indiaDay(at)));
}

/** The same as a column of a query on fundraisers, counted on India's day by the database (one read with the fundraiser). */
export const fundraiserEarns80gSql = () =>
  sql<boolean>`exists (select 1 from ${entityDetails} where ${entityDetails.id} = ${fundraisers.entity_details_id} and ${entityDetails.entity_type} = 'ngo' and ${entityDetails.has_80g}
    and (${entityDetails.registration_80g_valid_until} is null or ${entityDetails.registration_80g_valid_until} >= (now() at time zone ${sql.raw(`'${INDIA_TIME_ZONE}'`)})::date))`;

/** An order's 80G receipt, if it was given one. */
export async function taxReceiptOfOrder(db: DbOrTx, orderId: number): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.order_id, orderId));
  return row ?? null;
}

/** The receipts of an NGO's series in a financial year, in number order. */
export async function receiptsInSeries(db: DbOrTx, entityId: number, financialYear: string): Promise<ReceiptRow[]> {
  return db.select().from(receipts).where(and(eq(receipts.entity_details_id, entityId), eq(receipts.financial_year, financialYear))).orderBy(receipts.serial);
}
