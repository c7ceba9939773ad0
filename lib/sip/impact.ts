// The donor's impact report. Month by month, which fundraisers their SIP reached and how much, read from what
// the ledger credited for their SIP months (less anything sent back), never from what was planned.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fundraisers, ledgerEntries, orders, refunds } from '../db/schema';
import type { ChargeLine } from '../payments/ledger';

export interface SipImpactFundraiser {
  fundraiser_id: number;
  title: string;
  custom_tag: string;
  /** the SIP cause this share came from (null: the donor's SIP named this fundraiser itself) */
  sip_cause: string | null;
  /** what it received, in its own currency */
  amount_minor: number;
  currency: string;
}

export interface SipImpactCause {
  /** money kept for a cause that had no running fundraiser that month */
  sip_cause: string;
  amount_minor: number;
  currency: string;
}

export interface SipImpactMonth {
  /** the SIP month, YYYY-MM */
  period: string;
  /** most received first */
  fundraisers: SipImpactFundraiser[];
  causes: SipImpactCause[];
}

const FUNDRAISER_PREFIX = 'fundraiser:';
const CAUSE_PREFIX = 'cause:';

/** The report, newest month first; months whose every gift was sent back are left out. */
export async function sipImpactOf(db: DbOrTx, userId: number): Promise<SipImpactMonth[]> {
  const mine = and(eq(orders.user_id, userId), eq(orders.kind, 'sip'))!;
  const credited = await db
    .select({ orderId: orders.order_id, period: orders.period, params: orders.params, account: ledgerEntries.account, amount: ledgerEntries.amount_minor, currency: ledgerEntries.currency })
    .from(orders)
    .innerJoin(ledgerEntries, eq(ledgerEntries.group_id, orders.order_id))
    .where(and(mine, eq(ledgerEntries.kind, 'donation')));
  const takenBack = await db
    .select({ orderId: orders.order_id, period: orders.period, params: orders.params, account: ledgerEntries.account, amount: ledgerEntries.amount_minor, currency: ledgerEntries.currency })
    .from(orders)
    .innerJoin(refunds, eq(refunds.order_id, orders.id))
    .innerJoin(ledgerEntries, eq(ledgerEntries.group_id, sql`'refund:' || ${refunds.refund_id}`))
    .where(and(mine, eq(refunds.status, 'processed')));

  // period -> account -> running total
  const months = new Map<string, Map<string, { amount: number; currency: string; cause: string | null }>>();
  for (const e of [...credited, ...takenBack]) {
    // a tip is the platform's: only fundraisers' and causes' accounts are the donor's impact
    if (!e.period || !(e.account.startsWith(FUNDRAISER_PREFIX) || e.account.startsWith(CAUSE_PREFIX))) continue;
    const month = months.get(e.period) ?? new Map();
    months.set(e.period, month);
    const seen = month.get(e.account);
    const cause = seen?.cause ?? causeOfLine(e.params, e.account);
    month.set(e.account, { amount: (seen?.amount ?? 0) + e.amount, currency: e.currency, cause });
  }

  const fundraiserIds = [...new Set([...months.values()].flatMap((m) => [...m.keys()]).filter((a) => a.startsWith(FUNDRAISER_PREFIX)).map((a) => Number(a.slice(FUNDRAISER_PREFIX.length))))];
  const named = fundraiserIds.length
    ? new Map((await db.select({ id: fundraisers.id, title: fundraisers.title, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(inArray(fundraisers.id, fundraiserIds))).map((f) => [f.id, f]))
    : new Map<number, { id: number; title: string; custom_tag: string }>();

  const report: SipImpactMonth[] = [];
  for (const [period, accounts] of months) {
    const month: SipImpactMonth = { period, fundraisers: [], causes: [] };
    for (const [account, t] of accounts) {
      if (t.amount <= 0) continue;
      if (account.startsWith(CAUSE_PREFIX)) {
        month.causes.push({ sip_cause: account.slice(CAUSE_PREFIX.length), amount_minor: t.amount, currency: t.currency });
        continue;
      }
      const id = Number(account.slice(FUNDRAISER_PREFIX.length));
      const f = named.get(id);
      if (f) month.fundraisers.push({ fundraiser_id: id, title: f.title, custom_tag: f.custom_tag, sip_cause: t.cause, amount_minor: t.amount, currency: t.currency });
    }
    if (!month.fundraisers.length && !month.causes.length) continue;
    month.fundraisers.sort((a, b) => b.amount_minor - a.amount_minor || a.fundraiser_id - b.fundraiser_id);
    report.push(month);
  }
  return report.sort((a, b) => b.period.localeCompare(a.period));
}

/** The cause a fundraiser's share came from, as the order placed it. */
function causeOfLine(params: Record<string, unknown> | null, account: string): string | null {
  if (!account.startsWith(FUNDRAISER_PREFIX)) return account.slice(CAUSE_PREFIX.length);
  const id = Number(account.slice(FUNDRAISER_PREFIX.length));
  const line = ((params?.lines ?? []) as ChargeLine[]).find((l) => l.fundraiser_id === id);
  return line?.sip_cause ?? null;
}
