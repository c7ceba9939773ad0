// npm run check:ledger: every fundraiser's raised total equals its ledger, and no gateway payment settled twice.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function checkLedger(db: Db) {
  const mismatched = await db.execute<{ id: number; raised: string; ledger: string }>(sql`
    select f.id, f.raised_minor as raised, coalesce(l.total, 0) as ledger
    from fundraisers f
    left join (select account, sum(amount_minor) as total from ledger_entries where kind in ('donation', 'refund') group by account) l
      on l.account = 'fundraiser:' || f.id
    where f.raised_minor <> coalesce(l.total, 0)
    order by f.id`);
  const twice = await db.execute<{ gateway: string; payment: string; n: number }>(sql`
    select payment_gateway as gateway, gateway_payment_id as payment, count(*)::int as n
    from orders where status = 'success' and gateway_payment_id is not null
    group by payment_gateway, gateway_payment_id having count(*) > 1`);
  const rows = <T,>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows: T[] }).rows ?? []));
  return {
    mismatchedFundraisers: rows<{ id: number; raised: string; ledger: string }>(mismatched).map((r) => ({ id: Number(r.id), raised: Number(r.raised), ledger: Number(r.ledger) })),
    paymentsSettledTwice: rows<{ gateway: string; payment: string; n: number }>(twice),
  };
}
