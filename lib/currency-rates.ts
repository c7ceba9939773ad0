// Conversion between the twelve currencies in integer arithmetic (rates in millionths of a rupee).
import type { DbOrTx } from './db/client';
import { currencyRates } from './db/schema';
import type { CurrencyCode } from './money';

// Demo rates (INR per one unit), seeded into currency_rates; production refreshes that table.
export const DEFAULT_INR_PER_UNIT_MICROS: Record<CurrencyCode, number> = {
  INR: 1_000_000,
  USD: 84_500_000,
  GBP: 107_000_000,
  EUR: 91_000_000,
  AED: 23_000_000,
  SAR: 22_500_000,
  SGD: 63_000_000,
  CAD: 61_000_000,
  HKD: 10_800_000,
  QAR: 23_200_000,
  AUD: 55_500_000,
  MYR: 18_900_000,
};

/** Converts minor units, rounding half up, without floating point. */
export function convertMinor(amountMinor: number, fromMicros: number, toMicros: number): number {
  if (fromMicros === toMicros) return amountMinor;
  const num = BigInt(amountMinor) * BigInt(fromMicros);
  const den = BigInt(toMicros);
  return Number((num * 2n + den) / (den * 2n));
}

/** Today's rates: the currency_rates table over the defaults (micro-rupees per unit, by ISO code). */
export async function currentRatesMicros(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db.select().from(currencyRates);
  return { ...DEFAULT_INR_PER_UNIT_MICROS, ...Object.fromEntries(rows.map((r) => [r.currency.trim(), r.inr_per_unit_micros])) };
}
