// npm run check:ledger: every fundraiser's raised total equals its ledger (with its supporting fundraisers'), no gateway
// payment settled twice, and withdrawals never take out more than was raised (and the ledger holds exactly the approved
// and paid ones).
import { sql } from 'drizzle-orm';
import { rowsOf as rows, type DbOrTx } from '../db/client';

export async function checkLedger(db: DbOrTx) {
  // what each fundraiser's account received (donations and sponsors' coupon matches, less refunds); a parent's total also holds its supporting fundraisers'
  const raisedSql = sql`
    with own as (
      select split_part(account, ':', 2)::int as id, sum(amount_minor) as total
      from ledger_entries where kind in ('donation', 'coupon', 'refund', 'cover') and account like 'fundraiser:%' group by 1)
    select f.id, coalesce(o.total, 0) + coalesce((select sum(k.total) from own k join fundraisers c on c.id = k.id where c.support_campaign_id = f.id), 0) as total
    from fundraisers f left join own o on o.id = f.id`;
  const mismatched = await db.execute<{ id: number; raised: string; ledger: string }>(sql`
    select f.id, f.raised_minor as raised, r.total as ledger
    from fundraisers f join (${raisedSql}) r on r.id = f.id
    where f.raised_minor <> r.total
    order by f.id`);
  const twice = await db.execute<{ gateway: string; payment: string; n: number }>(sql`
    select payment_gateway as gateway, gateway_payment_id as payment, count(*)::int as n
    from orders where status = 'success' and gateway_payment_id is not null
    group by payment_gateway, gateway_payment_id having count(*) > 1`);
  // what left a fundraiser's account (withdrawal lines) never exceeds what came in (donations less refunds)
  const overRaised = await db.execute<{ id: number; raised: string; withdrawn: string }>(sql`
    select r.id, r.total as raised, w.withdrawn
    from (${raisedSql}) r
    join (select split_part(account, ':', 2)::int as id, -sum(amount_minor) as withdrawn from ledger_entries where kind = 'withdrawal' group by 1) w on w.id = r.id
    where w.withdrawn > r.total
    order by 1`);
  // and the ledger's withdrawal lines are exactly the approved and paid withdrawals
  const offLedger = await db.execute<{ id: number; withdrawals: string; ledger: string }>(sql`
    select coalesce(w.id, l.id) as id, coalesce(w.total, 0) as withdrawals, coalesce(l.total, 0) as ledger
    from (select fundraiser_id as id, sum(amount_minor) as total from withdrawals where status in ('approved', 'paid') group by fundraiser_id) w
    full join (select split_part(account, ':', 2)::int as id, -sum(amount_minor) as total from ledger_entries where kind = 'withdrawal' group by 1) l
      on l.id = w.id
    where coalesce(w.total, 0) <> coalesce(l.total, 0)
    order by 1`);
  // FCRA: what was paid out of a fundraiser's foreign contributions (with its supporting fundraisers') never exceeds them
  const foreignOverdrawn = await db.execute<{ id: number; balance: string }>(sql`
    select coalesce(f.support_campaign_id, f.id) as id, sum(l.amount_minor) as balance
    from ledger_entries l join fundraisers f on f.id = split_part(l.account, ':', 2)::int
    where l.account like 'fundraiser:%:fcra'
    group by 1 having sum(l.amount_minor) < 0
    order by 1`);
  return {
    foreignContributionsOverdrawn: rows<{ id: number; balance: string }>(foreignOverdrawn).map((r) => ({ id: Number(r.id), balance: Number(r.balance) })),
    mismatchedFundraisers: rows<{ id: number; raised: string; ledger: string }>(mismatched).map((r) => ({ id: Number(r.id), raised: Number(r.raised), ledger: Number(r.ledger) })),
    paymentsSettledTwice: rows<{ gateway: string; payment: string; n: number }>(twice),
    withdrawalsOverRaised: rows<{ id: number; raised: string; withdrawn: string }>(overRaised).map((r) => ({ id: Number(r.id), raised: Number(r.raised), withdrawn: Number(r.withdrawn) })),
    withdrawalsOffLedger: rows<{ id: number; withdrawals: string; ledger: string }>(offLedger).map((r) => ({ id: Number(r.id), withdrawals: Number(r.withdrawals), ledger: Number(r.ledger) })),
  };
}
