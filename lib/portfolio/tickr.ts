// spec 7 GET tickr (country_code): the platform's latest gifts, as a ticker shows them to a visitor in their own
// currency. Public fundraisers only; a donor appears by first name, an anonymous one by none.
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { carts, fundraisers, orders } from '../db/schema';
import { publishedSql } from '../fundraisers/status-sql';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { currencyForCountry } from '../money';

export interface TickerGift {
  id: number;
  /** the first name only: a ticker is public */
  first_name: string;
  amount_minor: number;
  currency: string;
  fundraiser: { title: string; custom_tag: string };
  created_at: string;
}

export async function platformTicker(db: DbOrTx, countryCode: string, limit: number): Promise<{ currency: string; gifts: TickerGift[] }> {
  const currency = currencyForCountry(countryCode);
  const rows = await db
    .select({ id: orders.id, amount: orders.donated_amount_minor, from: orders.iso_currency, at: orders.created_at, name: carts.donor_name, anonymous: carts.is_anonymous, title: fundraisers.title, tag: fundraisers.custom_tag })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiser_id))
    .where(and(eq(orders.status, 'success'), eq(orders.kind, 'one_time'), eq(fundraisers.is_private, false), publishedSql()))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
  const rates = await currentRatesMicros(db);
  return {
    currency,
    gifts: rows.map((r) => ({
      id: r.id,
      first_name: r.anonymous ? '' : (r.name.trim().split(/\s+/)[0] ?? ''),
      amount_minor: convertMinor(r.amount, rates[r.from as keyof typeof rates], rates[currency]),
      currency,
      fundraiser: { title: r.title, custom_tag: r.tag },
      created_at: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
    })),
  };
}
