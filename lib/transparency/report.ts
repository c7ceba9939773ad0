// The public transparency report: money raised, paid out against bills, refunded and still held, per month (India
// time); the median days from a withdrawal request to its payout; review send-backs by kind; and the site's real speed as
// visitors felt it (75th percentile of field LCP, INP and CLS by page type). Amounts in rupees at today's rates.
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';
import { convertMinor, currentRatesMicros } from '../currency-rates';
import { INDIA_TIME_ZONE } from '../constants/time';
import { indiaMonth } from '../india-time';
import { REVIEW_SEND_BACK_CATEGORIES } from '../constants/fundraisers';
import { WEB_VITAL_PAGE_KINDS } from '../constants/observability';
import { TRANSPARENCY_MONTHS, TRANSPARENCY_VITALS, TRANSPARENCY_VITALS_DAYS, TRANSPARENCY_VITALS_MIN_SAMPLES } from '../constants/transparency';

export interface TransparencyMonth {
  /** YYYY-MM, India time; the last TRANSPARENCY_MONTHS, from the first with money */
  month: string;
  raisedInrMinor: number;
  paidOutInrMinor: number;
  refundedInrMinor: number;
  /** raised less refunded less paid out, from the first gift to the month's end */
  heldInrMinor: number;
}

export type VitalName = keyof typeof TRANSPARENCY_VITALS;

export interface TransparencyReport {
  generatedAt: string;
  months: TransparencyMonth[];
  payouts: { count: number; medianDays: number | null };
  review: { approved: number; sentBack: number; byCategory: Record<(typeof REVIEW_SEND_BACK_CATEGORIES)[number], number> };
  /** per page type: each metric's 75th percentile (null with too few visits) and the visits counted */
  speed: { page: (typeof WEB_VITAL_PAGE_KINDS)[number]; samples: number; p75: Record<VitalName, number | null> }[];
}

// the month of a timestamp in India; the zone is our constant, written into the SQL so select and group by agree
const indiaMonthSql = (column: string) => sql.raw(`to_char(${column} at time zone '${INDIA_TIME_ZONE}', 'YYYY-MM')`);

/** The last `count` months ending with `now`'s, India time, oldest first. */
export function indiaMonths(now: Date, count = TRANSPARENCY_MONTHS): string[] {
  const [y, m] = indiaMonth(now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

// covered: what the platform paid of a refund whose share the fundraiser had already paid out (it is still held by no one)
type MoneyRow = { month: string; currency: string; raised: string; refunded: string; paid: string; covered: string | null };

export async function transparencyReport(db: DbOrTx, now = new Date()): Promise<TransparencyReport> {
  const months = indiaMonths(now);
  const rates = await currentRatesMicros(db);
  const inr = (minor: number, currency: string) => convertMinor(minor, rates[currency] ?? rates.INR, rates.INR);
  // every month since the first gift: what is held at a month's end counts everything before it
  const money = rowsOf<MoneyRow>(
    await db.execute(sql`
      select month, currency, sum(raised)::text as raised, sum(refunded)::text as refunded, sum(paid)::text as paid, sum(covered)::text as covered from (
        select ${indiaMonthSql('created_at')} as month, currency,
          sum(amount_minor) filter (where kind in ('donation', 'coupon')) as raised,
          -sum(amount_minor) filter (where kind = 'refund') as refunded, 0 as paid,
          sum(amount_minor) filter (where kind = 'cover') as covered
        from ledger_entries where account like 'fundraiser:%' and kind in ('donation', 'coupon', 'refund', 'cover') group by 1, 2
        union all
        select ${indiaMonthSql('paid_at')} as month, currency, 0, 0, sum(amount_minor), 0
        from withdrawals where status = 'paid' and paid_at is not null group by 1, 2
      ) m group by 1, 2 order by 1`),
  );
  const byMonth = new Map<string, { raised: number; refunded: number; paid: number; covered: number }>();
  for (const r of money) {
    const m = byMonth.get(r.month) ?? { raised: 0, refunded: 0, paid: 0, covered: 0 };
    m.raised += inr(Number(r.raised ?? 0), r.currency);
    m.refunded += inr(Number(r.refunded ?? 0), r.currency);
    m.paid += inr(Number(r.paid ?? 0), r.currency);
    m.covered += inr(Number(r.covered ?? 0), r.currency);
    byMonth.set(r.month, m);
  }
  const heldChange = (m: { raised: number; refunded: number; paid: number; covered: number }) => m.raised - m.refunded - m.paid + m.covered;
  let held = 0;
  for (const [month, m] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) if (month < months[0]) held += heldChange(m);
  const shown = months.map((month) => {
    const m = byMonth.get(month) ?? { raised: 0, refunded: 0, paid: 0, covered: 0 };
    held += heldChange(m);
    return { month, raisedInrMinor: m.raised, paidOutInrMinor: m.paid, refundedInrMinor: m.refunded, heldInrMinor: held };
  });

  // a young platform's empty months before its first gift say nothing: the table starts at its first month with money
  const first = shown.findIndex((m) => m.raisedInrMinor || m.paidOutInrMinor || m.refundedInrMinor || m.heldInrMinor);
  const since = new Date(`${months[0]}-01T00:00:00+05:30`);
  const [payouts] = rowsOf<{ n: number; median: string | null }>(
    await db.execute(sql`
      select count(*)::int as n, percentile_cont(0.5) within group (order by extract(epoch from paid_at - created_at) / 86400)::text as median
      from withdrawals where status = 'paid' and paid_at >= ${since}`),
  );

  const decided = rowsOf<{ decision: string; category: string | null; n: number }>(
    await db.execute(sql`select decision, category, count(*)::int as n from review_outcomes where decided_at >= ${since} group by 1, 2`),
  );
  const byCategory = Object.fromEntries(REVIEW_SEND_BACK_CATEGORIES.map((c) => [c, 0])) as TransparencyReport['review']['byCategory'];
  for (const d of decided) if (d.decision === 'sent_back') byCategory[(REVIEW_SEND_BACK_CATEGORIES as readonly string[]).includes(d.category ?? '') ? (d.category as keyof typeof byCategory) : 'other'] += d.n;

  const vitalsSince = new Date(now.getTime() - TRANSPARENCY_VITALS_DAYS * 86_400_000);
  const vitals = rowsOf<{ page_type: string; metric: string; n: number; p75: string }>(
    await db.execute(sql`
      select page_type, metric, count(*)::int as n, percentile_cont(0.75) within group (order by value)::text as p75
      from vital_samples where at >= ${vitalsSince} and metric in ('LCP', 'INP', 'CLS') group by 1, 2`),
  );
  const speed = WEB_VITAL_PAGE_KINDS.map((page) => {
    const ofPage = vitals.filter((v) => v.page_type === page);
    const p75 = Object.fromEntries(
      (Object.keys(TRANSPARENCY_VITALS) as VitalName[]).map((name) => {
        const v = ofPage.find((x) => x.metric === name);
        return [name, v && v.n >= TRANSPARENCY_VITALS_MIN_SAMPLES ? Number(v.p75) : null];
      }),
    ) as Record<VitalName, number | null>;
    return { page, samples: Math.max(0, ...ofPage.map((v) => v.n)), p75 };
  });

  return {
    generatedAt: now.toISOString(),
    months: first < 0 ? shown.slice(-1) : shown.slice(first),
    payouts: { count: payouts?.n ?? 0, medianDays: payouts?.median == null ? null : Number(payouts.median) },
    review: { approved: decided.filter((d) => d.decision === 'approved').reduce((s, d) => s + d.n, 0), sentBack: decided.filter((d) => d.decision === 'sent_back').reduce((s, d) => s + d.n, 0), byCategory },
    speed,
  };
}
