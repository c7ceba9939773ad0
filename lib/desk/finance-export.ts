// Finance's export: for each India-time day and fundraiser (and currency), the gifts (count and amount), refunds,
// payouts (paid withdrawals) and platform tips, read from the ledger and the withdrawals, in major units with 2 decimals.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { fundraisers, ledgerEntries, orders, refunds, withdrawals } from '../db/schema';
import { INDIA_TIME_ZONE, INDIA_UTC_OFFSET } from '../constants/time';
import { MINOR_UNITS_PER_MAJOR } from '../money';
import { toCsv } from '../content/csv';
import { TIPS_ACCOUNT } from '../payments/ledger';
import { recordStaffAction, type DeskActor } from './audit';

export const FINANCE_EXPORT_COLUMNS = ['date', 'fundraiser id', 'fundraiser title', 'currency', 'gifts count', 'gifts amount', 'refunds amount', 'payouts amount', 'tips amount'] as const;

export interface FinanceRow {
  date: string;
  fundraiserId: number | null;
  fundraiserTitle: string;
  currency: string;
  giftsCount: number;
  giftsMinor: number;
  refundsMinor: number;
  payoutsMinor: number;
  tipsMinor: number;
}

type Movement = { day: string; fundraiser_id: number | null; currency: string; kind: 'gift' | 'refund' | 'payout' | 'tip'; amount: number; gifts: number };

/** Movements of the India-time days from..to (inclusive, YYYY-MM-DD), one row per day, fundraiser and currency. */
export async function financeRows(db: DbOrTx, from: string, to: string): Promise<FinanceRow[]> {
  const start = sql`${`${from}T00:00:00${INDIA_UTC_OFFSET}`}::timestamptz`;
  const end = sql`(${`${to}T00:00:00${INDIA_UTC_OFFSET}`}::timestamptz + interval '1 day')`;
  const dayOf = (column: unknown) => sql`to_char((${column} at time zone ${INDIA_TIME_ZONE})::date, 'YYYY-MM-DD')`;
  const inRange = (column: unknown) => sql`${column} >= ${start} and ${column} < ${end}`;
  const accountFundraiser = sql`nullif(substring(l.account from '^fundraiser:([0-9]+)$'), '')::int`;
  // a tip belongs to its order's fundraiser (none for a standalone tip); a refund's order is named by its group
  const result = await db.execute(sql`
    select ${dayOf(sql`l.created_at`)} as day, ${accountFundraiser} as fundraiser_id, l.currency, 'gift' as kind, sum(l.amount_minor) as amount, count(distinct l.group_id) as gifts
      from ${ledgerEntries} l where l.kind = 'donation' and l.account like 'fundraiser:%' and ${inRange(sql`l.created_at`)} group by 1, 2, 3
    union all
    select ${dayOf(sql`l.created_at`)}, coalesce(${accountFundraiser}, o.fundraiser_id), l.currency, 'refund', -sum(l.amount_minor), 0
      from ${ledgerEntries} l
      left join ${refunds} r on l.group_id = 'refund:' || r.refund_id
      left join ${orders} o on o.id = r.order_id
      where l.kind = 'refund' and (l.account like 'fundraiser:%' or l.account = ${TIPS_ACCOUNT}) and ${inRange(sql`l.created_at`)} group by 1, 2, 3
    union all
    select ${dayOf(sql`l.created_at`)}, o.fundraiser_id, l.currency, 'tip', sum(l.amount_minor), 0
      from ${ledgerEntries} l left join ${orders} o on o.order_id = l.group_id
      where l.kind = 'tip' and l.account = ${TIPS_ACCOUNT} and ${inRange(sql`l.created_at`)} group by 1, 2, 3
    union all
    select ${dayOf(sql`w.paid_at`)}, w.fundraiser_id, w.currency, 'payout', sum(w.amount_minor), 0
      from ${withdrawals} w where w.status = 'paid' and ${inRange(sql`w.paid_at`)} group by 1, 2, 3
  `);
  const movements = rowsOf<Record<string, unknown>>(result).map(
    (r): Movement => ({ day: String(r.day), fundraiser_id: r.fundraiser_id === null ? null : Number(r.fundraiser_id), currency: String(r.currency), kind: r.kind as Movement['kind'], amount: Number(r.amount), gifts: Number(r.gifts) }),
  );
  const ids = [...new Set(movements.flatMap((m) => (m.fundraiser_id === null ? [] : [m.fundraiser_id])))];
  const titles = new Map<number, string>();
  if (ids.length) {
    const rows = await db.select({ id: fundraisers.id, title: fundraisers.title }).from(fundraisers).where(sql`${fundraisers.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    for (const r of rows) titles.set(r.id, r.title);
  }
  const rows = new Map<string, FinanceRow>();
  for (const m of movements) {
    const key = `${m.day}|${m.fundraiser_id ?? ''}|${m.currency}`;
    const row = rows.get(key) ?? { date: m.day, fundraiserId: m.fundraiser_id, fundraiserTitle: m.fundraiser_id === null ? '' : (titles.get(m.fundraiser_id) ?? ''), currency: m.currency, giftsCount: 0, giftsMinor: 0, refundsMinor: 0, payoutsMinor: 0, tipsMinor: 0 };
    if (m.kind === 'gift') {
      row.giftsCount += m.gifts;
      row.giftsMinor += m.amount;
    } else if (m.kind === 'refund') row.refundsMinor += m.amount;
    else if (m.kind === 'payout') row.payoutsMinor += m.amount;
    else row.tipsMinor += m.amount;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date) || (a.fundraiserId ?? 0) - (b.fundraiserId ?? 0) || a.currency.localeCompare(b.currency));
}

/** Minor units as major units with two decimals, exactly (integer arithmetic, never a float's rounding). */
export function majorWithTwoDecimals(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / MINOR_UNITS_PER_MAJOR)}.${String(abs % MINOR_UNITS_PER_MAJOR).padStart(2, '0')}`;
}

/** The export as a CSV file; taking it is a staff action, audited like the others. */
export async function financeCsv(db: Db, actor: DeskActor, from: string, to: string): Promise<{ filename: string; csv: string }> {
  return db.transaction(async (tx) => {
    const rows = await financeRows(tx, from, to);
    await recordStaffAction(tx, actor, { action: 'finance.export', recordKind: 'finance', recordId: `${from}..${to}`, after: { rows: rows.length } });
    const csv = toCsv([
      FINANCE_EXPORT_COLUMNS,
      ...rows.map((r) => [r.date, r.fundraiserId ?? '', r.fundraiserTitle, r.currency, r.giftsCount, majorWithTwoDecimals(r.giftsMinor), majorWithTwoDecimals(r.refundsMinor), majorWithTwoDecimals(r.payoutsMinor), majorWithTwoDecimals(r.tipsMinor)]),
    ]);
    return { filename: `sahyog-finance-${from}-to-${to}.csv`, csv };
  });
}
