// Conversion between the twelve currencies in integer arithmetic (rates in millionths of a rupee).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from './db/client';
import { currencyRates } from './db/schema';
import { CURRENCY_CODES, type CurrencyCode } from './money';
import { RATES_READ_EVERY_MS } from './constants/payments';
import { keptInMemory } from './cache/memory';

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

// pure arithmetic, also used in the browser (the payment page's rupee equivalent)
export { convertMinor } from './money';

// every cart and order converts with today's rates; they change once a day, so one read serves a minute
let recent: { rates: Record<string, number>; at: number } | null = null;

/** Today's rates: the currency_rates table over the defaults (micro-rupees per unit, by ISO code), read at most once a minute. */
export async function currentRatesMicros(db: DbOrTx, now = Date.now()): Promise<Record<string, number>> {
  if (recent && now - recent.at < RATES_READ_EVERY_MS) return recent.rates;
  const rows = await db.select().from(currencyRates);
  const rates = { ...DEFAULT_INR_PER_UNIT_MICROS, ...Object.fromEntries(rows.map((r) => [r.currency, r.inr_per_unit_micros])) };
  recent = { rates, at: now };
  return rates;
}

/** A refresh here is seen at once (another instance's within RATES_READ_EVERY_MS); tests that write rates call it too. */
export function forgetRatesRead(): void {
  recent = null;
}
keptInMemory('rates', forgetRatesRead);

// The common shape of rate services (Frankfurter, Open Exchange Rates, exchangerate.host): 1 base = rates[X] of X.
const RatesFeed = z.object({ base: z.string().length(3), rates: z.record(z.string(), z.number().positive().finite()) });

/**
 * Refreshes currency_rates from CURRENCY_RATES_URL (a scheduled job). Only our currencies are kept; a feed that
 * cannot price the rupee changes nothing. Answers how many rates were written.
 */
export async function refreshCurrencyRates(db: DbOrTx, url: string, fetchFeed: typeof fetch = fetch): Promise<number> {
  const res = await fetchFeed(url, { signal: AbortSignal.timeout(15_000), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`currency rates: ${url} answered ${res.status}`);
  const feed = RatesFeed.parse(await res.json());
  const perBase: Record<string, number> = { ...feed.rates, [feed.base.toUpperCase()]: 1 };
  const inrPerBase = perBase.INR;
  if (!inrPerBase) throw new Error('currency rates: the feed has no rupee rate');
  const rows = CURRENCY_CODES.filter((c) => perBase[c]).map((c) => ({ currency: c, inr_per_unit_micros: Math.round((inrPerBase / perBase[c]) * 1_000_000) }));
  if (!rows.length) return 0;
  await db
    .insert(currencyRates)
    .values(rows)
    .onConflictDoUpdate({ target: currencyRates.currency, set: { inr_per_unit_micros: sql`excluded.inr_per_unit_micros`, updated_at: sql`now()` } });
  forgetRatesRead();
  return rows.length;
}
