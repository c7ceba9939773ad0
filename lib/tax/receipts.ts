// 80G receipt numbers: each NGO keeps one gapless series per financial year (India time). A number is taken in the
// transaction that settles the gift, once per order, so a replayed callback never takes a second one and two gifts
// settling together never share one (the series row is locked by the upsert that moves it).
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { entityDetails, fundraisers, orders, receipts, receiptSeries } from '../db/schema';
import { RECEIPT_NUMBER_PREFIX, RECEIPT_SERIAL_DIGITS, TAX_RECEIPT_CURRENCY } from '../constants/tax';
import { financialYearOf, indiaDay } from '../india-time';

type OrderRow = typeof orders.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;

/** As printed: 80G/2026-27/000042. */
export const receiptNumber = (financialYear: string, serial: number) => `${RECEIPT_NUMBER_PREFIX}/${financialYear}/${String(serial).padStart(RECEIPT_SERIAL_DIGITS, '0')}`;

/** Whether an NGO's 80G registration stands on a day (YYYY-MM-DD in India): it must hold one, and not one that has run out. */
export const registrationStandsOn = (ngo: { has_80g: boolean; registration_80g_valid_until: string | null }, day: string) =>
  ngo.has_80g && (ngo.registration_80g_valid_until === null || ngo.registration_80g_valid_until >= day);

/**
 * The NGO whose 80G series a gift is numbered in: the gift is in rupees, to one fundraiser raising for an NGO whose 80G
 * registration stands on the day it settled, and not a foreign contribution (which is no 80G gift). Null otherwise.
 */
async function eightyGNgoOf(tx: DbOrTx, order: OrderRow, at: Date): Promise<number | null> {
  if (!order.fundraiser_id || order.iso_currency !== TAX_RECEIPT_CURRENCY || order.foreign_contribution || order.kind === 'tip' || order.kind === 'insurance') return null;
  const [ngo] = await tx
    .select({ id: entityDetails.id, has_80g: entityDetails.has_80g, registration_80g_valid_until: entityDetails.registration_80g_valid_until, type: entityDetails.entity_type })
    .from(fundraisers)
    .innerJoin(entityDetails, eq(entityDetails.id, fundraisers.entity_details_id))
    .where(eq(fundraisers.id, order.fundraiser_id));
  return ngo && ngo.type === 'ngo' && registrationStandsOn(ngo, indiaDay(at)) ? ngo.id : null;
}

/**
 * Gives a settled gift its 80G receipt number, in the settling transaction: the order's receipt when it already has one,
 * else the next number of its NGO's series for the financial year `at` falls in; null when the gift earns no 80G receipt.
 */
export async function issueTaxReceipt(tx: Tx, order: OrderRow, at: Date): Promise<ReceiptRow | null> {
  const [existing] = await tx.select().from(receipts).where(eq(receipts.order_id, order.id));
  if (existing) return existing;
  const entityId = await eightyGNgoOf(tx, order, at);
  if (entityId === null) return null;
  const financialYear = financialYearOf(at);
  // the upsert locks the series row until this transaction ends: a concurrent gift waits and takes the next serial
  const [series] = await tx
    .insert(receiptSeries)
    .values({ entity_details_id: entityId, financial_year: financialYear, last_serial: 1 })
    .onConflictDoUpdate({ target: [receiptSeries.entity_details_id, receiptSeries.financial_year], set: { last_serial: sql`${receiptSeries.last_serial} + 1` } })
    .returning({ serial: receiptSeries.last_serial });
  const [receipt] = await tx
    .insert(receipts)
    .values({ order_id: order.id, entity_details_id: entityId, financial_year: financialYear, serial: series.serial, number: receiptNumber(financialYear, series.serial), issued_at: at })
    .returning();
  return receipt;
}

/** An order's 80G receipt, if it was given one. */
export async function taxReceiptOfOrder(db: DbOrTx, orderId: number): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.order_id, orderId));
  return row ?? null;
}

/** The receipts of an NGO's series in a financial year, in number order. */
export async function receiptsInSeries(db: DbOrTx, entityId: number, financialYear: string): Promise<ReceiptRow[]> {
  return db.select().from(receipts).where(and(eq(receipts.entity_details_id, entityId), eq(receipts.financial_year, financialYear))).orderBy(receipts.serial);
}
